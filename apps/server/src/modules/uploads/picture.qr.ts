import jsQR from 'jsqr';
import { type CheckedPicture, checkPicture, type DecodedImage, type PictureLimits } from './picture.ts';

/**
 * A picture searched for QR codes (a slip's, modules/slip/slip.image.ts): checked like every uploaded picture
 * (picture.ts: by its bytes, sized from its header before anything is decoded, walked to its end, decoded),
 * then searched when large enough to be read.
 */

/** Pictures are searched for QR codes at this size at most (longest side), so a scan stays well under a second. */
const SCAN_SIDE_MAX = 1200;

/** What a picture is checked against, and below which side it is kept but not searched. */
export interface QrReading {
  limits: PictureLimits;
  readableSideMin: number;
}

/** A checked picture and the QR texts found in it (null when too small to read). */
export interface QrPicture extends CheckedPicture {
  texts: string[] | null;
}

/**
 * Checks a picture and searches it for QR codes when it is large enough to be read. Hundreds of milliseconds of
 * CPU for a phone's picture: the server runs it in worker threads (picture.pool.ts). Throws InvalidImageError for
 * anything that is not a whole picture within the limits.
 */
export function readQrPicture(bytes: Buffer, reading: QrReading): QrPicture {
  const { header, length, image } = checkPicture(bytes, reading.limits);
  if (!image) return { header, length, texts: null };
  const readable = Math.min(image.width, image.height) >= reading.readableSideMin;
  return { header, length, texts: readable ? findQrTexts(image) : null };
}

/**
 * The distinct texts of the QR codes found in the picture: the whole picture (scaled down when large), then
 * each half, since the decoder finds one code per pass and a picture may hold several slips.
 */
export function findQrTexts(image: DecodedImage): string[] {
  const scan = downscale(image, SCAN_SIDE_MAX);
  const { width, height } = scan;
  const halfWidth = Math.floor(width / 2);
  const halfHeight = Math.floor(height / 2);
  const regions = [
    { x: 0, y: 0, width, height },
    { x: 0, y: 0, width, height: halfHeight },
    { x: 0, y: halfHeight, width, height: height - halfHeight },
    { x: 0, y: 0, width: halfWidth, height },
    { x: halfWidth, y: 0, width: width - halfWidth, height },
  ];
  const texts = new Set<string>();
  for (const region of regions) {
    const part = crop(scan, region);
    const found = jsQR(part.data, part.width, part.height, { inversionAttempts: 'attemptBoth' });
    if (found && found.data !== '') texts.add(found.data);
  }
  return [...texts];
}

function crop(image: DecodedImage, region: { x: number; y: number; width: number; height: number }): DecodedImage {
  if (region.x === 0 && region.y === 0 && region.width === image.width && region.height === image.height) return image;
  const data = new Uint8ClampedArray(region.width * region.height * 4);
  for (let row = 0; row < region.height; row++) {
    const from = ((region.y + row) * image.width + region.x) * 4;
    data.set(image.data.subarray(from, from + region.width * 4), row * region.width * 4);
  }
  return { width: region.width, height: region.height, data };
}

/** A box-filtered copy whose longest side is at most `sideMax` (the picture itself when already small). */
function downscale(image: DecodedImage, sideMax: number): DecodedImage {
  const factor = Math.ceil(Math.max(image.width, image.height) / sideMax);
  if (factor <= 1) return image;
  const width = Math.floor(image.width / factor);
  const height = Math.floor(image.height / factor);
  const data = new Uint8ClampedArray(width * height * 4);
  const area = factor * factor;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let channel = 0; channel < 4; channel++) {
        let sum = 0;
        for (let dy = 0; dy < factor; dy++) {
          const rowStart = ((y * factor + dy) * image.width + x * factor) * 4 + channel;
          for (let dx = 0; dx < factor; dx++) sum += image.data[rowStart + dx * 4] ?? 0;
        }
        data[(y * width + x) * 4 + channel] = sum / area;
      }
    }
  }
  return { width, height, data };
}
