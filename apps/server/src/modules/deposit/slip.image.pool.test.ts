import { generate } from 'promptparse';
import { afterAll, describe, expect, it } from 'vitest';
import { bombPng, pngToJpeg, qrPng } from '../../../test/slips.ts';
import { SlipPictureReader } from './slip.image.pool.ts';
import { InvalidImageError } from './slip.image.ts';

/** Slip pictures are read in worker threads, so the event loop keeps serving while one is decoded and scanned. */

const text = generate.slipVerify({ sendingBank: '004', transRef: 'SBT0000000000009POOL' });
const reader = new SlipPictureReader(2);
afterAll(() => reader.close());

describe('SlipPictureReader', () => {
  it('reads the header and the QR texts in a worker thread', async () => {
    const picture = await reader.read(qrPng([text]));
    expect(picture).toEqual({ header: { contentType: 'image/png', width: 480, height: 860 }, texts: [text] });
  });

  it('answers InvalidImageError for what is not a whole picture, and keeps working', async () => {
    await expect(reader.read(Buffer.from('not a picture at all, only text'))).rejects.toBeInstanceOf(InvalidImageError);
    await expect(reader.read(bombPng())).rejects.toBeInstanceOf(InvalidImageError);
    const png = qrPng([text]);
    await expect(reader.read(png.subarray(0, png.length - 100))).rejects.toBeInstanceOf(InvalidImageError);
    expect((await reader.read(pngToJpeg(qrPng([text])))).texts).toEqual([text]);
  });

  it('queues more pictures than workers and answers each its own', async () => {
    const texts = Array.from({ length: 5 }, (_, index) =>
      generate.slipVerify({ sendingBank: '004', transRef: `SBT000000000000${index}POOL` }),
    );
    const pictures = await Promise.all(texts.map((one) => reader.read(qrPng([one]))));
    expect(pictures.map((picture) => picture.texts)).toEqual(texts.map((one) => [one]));
  });

  it('leaves the event loop free while pictures are read', async () => {
    const pictures = Array.from({ length: 4 }, () => pngToJpeg(qrPng([text], 1080, 1935, 12)));
    await reader.read(pictures[0] as Buffer); // the workers are started
    let longestGapMs = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longestGapMs = Math.max(longestGapMs, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    await Promise.all(pictures.map((picture) => reader.read(picture)));
    const elapsed = performance.now() - started;
    clearInterval(timer);
    // Reading them took far longer than any pause of the event loop: the work was elsewhere.
    expect(elapsed).toBeGreaterThan(longestGapMs * 4);
  });

  it('refuses work once closed', async () => {
    const closed = new SlipPictureReader(1);
    await closed.close();
    await expect(closed.read(qrPng([text]))).rejects.toThrow('closed');
  });
});
