import { parse, validate } from 'promptparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers.ts';
import { SLIP_PICTURE_LIMITS } from '../../modules/slip/slip.image.ts';
import { readSlipQr } from '../../modules/slip/slip.qr.ts';
import { findQrTexts } from '../../modules/uploads/picture.qr.ts';
import { decodeImage, readPictureHeader } from '../../modules/uploads/picture.ts';
import { renderLaoSlip } from './lao-slip.render.ts';
import { oneProofQr, sandboxFccref } from './oneproof.ts';

/**
 * SANDBOX: Lao slips (docs/parties/slip-verifier.md, BCEL OneProof): a BCEL One-style picture whose QR is a
 * OneProof QR, read back from the pixels with the slip reader's own QR search (jsQR) and QR reading.
 */

/** The QR texts of a picture, as an upload's are found. */
function qrTexts(bytes: Buffer): string[] {
  return findQrTexts(decodeImage(bytes, readPictureHeader(bytes, SLIP_PICTURE_LIMITS)));
}

const REFERENCE = 'SBT1795000000000ABCD1234';

describe('a sandbox BCEL slip', () => {
  it('carries a OneProof QR (BCEL, ONEPROOF, type, ticket, fccref) that promptparse reads, CRC and all', () => {
    const qr = oneProofQr(REFERENCE);
    expect(validate.bcelOneProof(qr)).toEqual({ type: 'SANDBOX', ticket: REFERENCE, fccref: sandboxFccref(REFERENCE) });
    const tags = parse(qr, true, true);
    expect(tags?.getTagValue('00')).toBe('01');
    expect(tags?.getTagValue('01')).toBe('11');
    expect(tags?.getTagValue('33', '00')).toBe('BCEL');
    expect(tags?.getTagValue('33', '01')).toBe('ONEPROOF');
    expect(sandboxFccref(REFERENCE)).toMatch(/^SBX[0-9A-F]{12}$/);
    expect(sandboxFccref(REFERENCE)).not.toBe(sandboxFccref(`${REFERENCE}X`));
  });

  it('is drawn with the OneProof QR, which reads back from the picture as a oneproof query of the transfer', () => {
    const qrText = oneProofQr(REFERENCE);
    const png = renderLaoSlip({
      bankCode: 'BCEL',
      amountMinor: 5_000_000n,
      currency: 'LAK',
      senderAccountNo: '0101200000087570',
      receiverAccountNo: '0101000999',
      transferredAt: new Date('2026-11-23T05:00:00Z'),
      reference: REFERENCE,
      qrText,
    });
    expect(readPictureHeader(png, SLIP_PICTURE_LIMITS)).toEqual({ contentType: 'image/png', width: 480, height: 860 });
    expect(qrTexts(png)).toEqual([qrText]);
    expect(readSlipQr(qrTexts(png))).toEqual({
      query: { qr: qrText, kind: 'oneproof', sendingBank: 'BCEL', transRef: REFERENCE },
    });
  });
});

describe('the sandbox bank slip pictures of Lao transfers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ COUNTRY: 'LA', BANK_FEED_INTERVAL_MS: '0' });
  });
  afterAll(() => t.close());

  async function transfer(fromBankCode: string): Promise<string> {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/sandbox/bank/transfers',
      payload: {
        fromBankCode,
        fromAccountNo: '0101200000087570',
        toAccountNo: '0101000999',
        amount: 50_000,
        currency: 'LAK',
      },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().reference;
  }

  it("draws a BCEL transfer's slip with its OneProof QR", async () => {
    const reference = await transfer('BCEL');
    const picture = await t.app.inject({ method: 'GET', url: `/sandbox/bank/slips/${reference}.png` });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    const texts = qrTexts(picture.rawPayload);
    expect(readSlipQr(texts)).toEqual({
      query: { qr: oneProofQr(reference), kind: 'oneproof', sendingBank: 'BCEL', transRef: reference },
    });
  });

  it("has no picture for another Lao bank's transfer: their slips' QR layouts are not public", async () => {
    const reference = await transfer('LDB');
    expect((await t.app.inject({ method: 'GET', url: `/sandbox/bank/slips/${reference}.png` })).statusCode).toBe(404);
  });
});
