import jpeg from 'jpeg-js';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/**
 * SANDBOX ONLY. The QR text of a slip picture sent to the sandbox SlipOK as `files`, with SlipOK's codes for a
 * file that is no picture (1005), one that does not decode (1006) and one without a QR code (1007). A small
 * reader of its own (the sandbox imports no module): PNG or JPEG of at most 16 MP, the whole picture searched.
 */
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PIXELS_MAX = 16_000_000;

export function pictureQr(bytes: Buffer): { qr: string } | { error: 1005 | 1006 | 1007 } {
  const png = bytes.length > 24 && bytes.subarray(0, 8).equals(PNG_SIGNATURE);
  const jpg = bytes.length > 2 && bytes[0] === 0xff && bytes[1] === 0xd8;
  if (!png && !jpg) return { error: 1005 };
  let image: { width: number; height: number; data: Uint8Array };
  try {
    if (png && bytes.readUInt32BE(16) * bytes.readUInt32BE(20) > PIXELS_MAX) return { error: 1006 };
    image = png
      ? PNG.sync.read(bytes)
      : jpeg.decode(bytes, { useTArray: true, maxResolutionInMP: PIXELS_MAX / 1_000_000, maxMemoryUsageInMB: 512 });
  } catch {
    return { error: 1006 };
  }
  const pixels = new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length);
  const found = jsQR(pixels, image.width, image.height, { inversionAttempts: 'attemptBoth' });
  return found && found.data !== '' ? { qr: found.data } : { error: 1007 };
}
