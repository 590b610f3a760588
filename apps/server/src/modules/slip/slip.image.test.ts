import { generate } from 'promptparse';
import { describe, expect, it } from 'vitest';
import { blankPng, bombPng, pngToJpeg, qrPng } from '../../../test/slips.ts';
import { renderSlip } from '../../sandbox/slip-verifier/slip.render.ts';
import { findQrTexts } from '../uploads/picture.qr.ts';
import { decodeImage, InvalidImageError, readPictureHeader } from '../uploads/picture.ts';
import { readSlipPicture, SLIP_PICTURE_LIMITS } from './slip.image.ts';
import { readSlipQr } from './slip.qr.ts';

/** The picture checks of slips and the sandbox slip renderer (docs/deposits/slips.md). */

const qrText = generate.slipVerify({ sendingBank: '004', transRef: 'SBT0000000000001ABCD' });
const slip = renderSlip({
  bankCode: 'KBANK',
  amountMinor: 125_050n,
  currency: 'BAHT',
  senderAccountNo: '1234567890',
  receiverAccountNo: '9990001234',
  transferredAt: new Date('2026-11-23T05:00:00Z'),
  reference: 'SBT0000000000001ABCD',
  qrText,
});

const readHeader = (bytes: Buffer) => readPictureHeader(bytes, SLIP_PICTURE_LIMITS);

function read(bytes: Buffer) {
  const header = readHeader(bytes);
  return findQrTexts(decodeImage(bytes, header));
}

describe('slip pictures', () => {
  it('renders a sandbox slip whose mini-QR decodes to the slip-verify payload, as PNG and as JPEG', () => {
    expect(readHeader(slip)).toEqual({ contentType: 'image/png', width: 480, height: 860 });
    expect(read(slip)).toEqual([qrText]);
    const asJpeg = pngToJpeg(slip);
    expect(readHeader(asJpeg)).toEqual({ contentType: 'image/jpeg', width: 480, height: 860 });
    expect(read(asJpeg)).toEqual([qrText]);
    expect(readSlipQr(read(slip))).toEqual({
      query: { qr: qrText, kind: 'thai', sendingBank: '004', transRef: 'SBT0000000000001ABCD' },
    });
  });

  it('recognises pictures by their bytes and sizes them from the header, before decoding', () => {
    expect(() => readHeader(Buffer.from('hello, I am a text file named slip.png'))).toThrow(InvalidImageError);
    expect(() => readHeader(Buffer.alloc(0))).toThrow(InvalidImageError);
    // 50000 x 50000 claimed by a 100-byte file: refused from the header, nothing allocated.
    expect(() => readHeader(bombPng())).toThrow(/too many pixels/);
    expect(() => readHeader(blankPng(4, 400))).toThrow(/too small/);
    // 5000 x 5000 (25 MP): each cost seconds of decoding and held every other member's slip back.
    expect(() => readHeader(bombPng(5000, 5000))).toThrow(/too many pixels/);
    expect(() => readSlipPicture(bombPng(5000, 5000))).toThrow(/too many pixels/);
    expect(() => readHeader(bombPng(4000, 4000))).not.toThrow();
  });

  it('keeps the picture only: whatever follows its end is cut, and the rest is what was read', () => {
    const page = Buffer.from('<html><script>alert(document.cookie)</script></html>');
    for (const picture of [slip, pngToJpeg(slip)]) {
      const read = readSlipPicture(Buffer.concat([picture, page]));
      expect(read.length).toBe(picture.length);
      expect(read.texts).toEqual([qrText]);
    }
  });

  it('refuses truncated and corrupt pictures', () => {
    const png = blankPng(300, 300);
    const truncated = png.subarray(0, png.length - 20);
    expect(() => decodeImage(truncated, readHeader(truncated))).toThrow(InvalidImageError);
    const jpeg = pngToJpeg(slip);
    const cut = jpeg.subarray(0, Math.floor(jpeg.length / 2));
    expect(() => decodeImage(cut, readHeader(cut))).toThrow(InvalidImageError);
    const corrupt = Buffer.from(png);
    corrupt.fill(7, 40, 60);
    expect(() => decodeImage(corrupt, readHeader(corrupt))).toThrow(InvalidImageError);
  });

  it('finds every QR code of a picture and tells one slip from several, from none and from other codes', () => {
    const other = generate.slipVerify({ sendingBank: '014', transRef: 'SBT0000000000002WXYZ' });
    expect(readSlipQr(read(qrPng([qrText, other])))).toEqual({ failed: 'UNSTABLE_REFNO_ON_SLIP' });
    expect(readSlipQr(read(qrPng([qrText, qrText])))).toMatchObject({ query: { transRef: 'SBT0000000000001ABCD' } });
    expect(readSlipQr(read(blankPng(400, 400)))).toEqual({ failed: 'CROPPED_IMAGE_UNREADABLE' });
    expect(readSlipQr(read(qrPng(['https://example.com/not-a-slip'])))).toEqual({ failed: 'INVALID_SLIP' });
    // A slip-verify payload whose checksum does not add up.
    const badCrc = `${qrText.slice(0, -4)}0000`;
    expect(readSlipQr(read(qrPng([badCrc])))).toEqual({ failed: 'INVALID_SLIP' });
  });
});
