import { SLIP_LIMITS } from '@member-wallet/contract/slip';
import { generate } from 'promptparse';
import { afterAll, describe, expect, it } from 'vitest';
import { blankPng, bombPng, pngToJpeg, qrPng } from '../../../test/slips.ts';
import { PictureReader } from './picture.pool.ts';
import type { QrReading } from './picture.qr.ts';
import { InvalidImageError } from './picture.ts';

/** Pictures are checked in worker threads, so the event loop keeps serving while one is decoded and scanned. */

const text = generate.slipVerify({ sendingBank: '004', transRef: 'SBT0000000000009POOL' });
const reader = new PictureReader(2);
/** As a slip's picture is read (modules/slip/slip.image.ts). */
const reading: QrReading = {
  limits: { types: ['image/png', 'image/jpeg'], maxPixels: SLIP_LIMITS.maxPixels, minSide: 8 },
  readableSideMin: 200,
};
afterAll(() => reader.close());

describe('PictureReader', () => {
  it('reads the header and the QR texts in a worker thread', async () => {
    const picture = await reader.readQr(qrPng([text]), reading);
    const png = qrPng([text]);
    expect(picture).toEqual({
      header: { contentType: 'image/png', width: 480, height: 860 },
      length: png.length,
      texts: [text],
    });
  });

  it('answers InvalidImageError for what is not a whole picture, and keeps working', async () => {
    await expect(reader.readQr(Buffer.from('not a picture at all, only text'), reading)).rejects.toBeInstanceOf(
      InvalidImageError,
    );
    await expect(reader.readQr(bombPng(), reading)).rejects.toBeInstanceOf(InvalidImageError);
    const png = qrPng([text]);
    await expect(reader.readQr(png.subarray(0, png.length - 100), reading)).rejects.toBeInstanceOf(InvalidImageError);
    expect((await reader.readQr(pngToJpeg(qrPng([text])), reading)).texts).toEqual([text]);
  });

  it('checks other pictures against the limits it is given, telling too many pixels from invalid', async () => {
    const limits = { types: ['image/png', 'image/gif'] as const, maxPixels: 10_000, minSide: 1 };
    const png = blankPng(100, 100);
    const withPage = Buffer.concat([png, Buffer.from('<html><script>alert(1)</script></html>')]);
    expect(await reader.check(withPage, { ...limits, types: [...limits.types] })).toEqual({
      header: { contentType: 'image/png', width: 100, height: 100 },
      length: png.length,
    });
    const tooMany = reader.check(blankPng(101, 100), { ...limits, types: [...limits.types] });
    await expect(tooMany).rejects.toMatchObject({ name: 'InvalidImageError', reason: 'pixels' });
    const jpeg = reader.check(pngToJpeg(png), { ...limits, types: [...limits.types] });
    await expect(jpeg).rejects.toMatchObject({ name: 'InvalidImageError', reason: 'invalid' });
  });

  it('queues more pictures than workers and answers each its own', async () => {
    const texts = Array.from({ length: 5 }, (_, index) =>
      generate.slipVerify({ sendingBank: '004', transRef: `SBT000000000000${index}POOL` }),
    );
    const pictures = await Promise.all(texts.map((one) => reader.readQr(qrPng([one]), reading)));
    expect(pictures.map((picture) => picture.texts)).toEqual(texts.map((one) => [one]));
  });

  it('leaves the event loop free while pictures are read', async () => {
    const pictures = Array.from({ length: 4 }, () => pngToJpeg(qrPng([text], 1080, 1935, 12)));
    await reader.readQr(pictures[0] as Buffer, reading); // the workers are started
    let longestGapMs = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longestGapMs = Math.max(longestGapMs, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    await Promise.all(pictures.map((picture) => reader.readQr(picture, reading)));
    const elapsed = performance.now() - started;
    clearInterval(timer);
    // Reading them took far longer than any pause of the event loop: the work was elsewhere.
    expect(elapsed).toBeGreaterThan(longestGapMs * 4);
  });

  it('refuses work once closed', async () => {
    const closed = new PictureReader(1);
    await closed.close();
    await expect(closed.readQr(qrPng([text]), reading)).rejects.toThrow('closed');
  });
});
