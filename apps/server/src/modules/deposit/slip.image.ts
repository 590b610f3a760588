import { SLIP_LIMITS } from '@member-wallet/contract/slip';
import jpeg from 'jpeg-js';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/**
 * The picture of a slip (docs/deposits.md, Slips): recognised by its bytes (never its name or declared type),
 * sized from its header before anything is decoded (a small file can claim billions of pixels: a
 * decompression bomb), decoded with limits, then searched for mini-QR codes.
 */

export type SlipContentType = 'image/png' | 'image/jpeg';

export interface ImageHeader {
  contentType: SlipContentType;
  width: number;
  height: number;
}

export interface DecodedImage {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel. */
  data: Uint8ClampedArray;
}

/** Below this on a side the header is not a picture anyone could have taken: refused as an invalid file. */
export const IMAGE_SIDE_MIN = 8;
/** Below this on a side the picture is recorded but cannot be read (IMAGE_SIZE_UNPROCESSABLE). */
export const READABLE_SIDE_MIN = 200;
/** Pictures are searched for QR codes at this size at most (longest side), so a scan stays well under a second. */
const SCAN_SIDE_MAX = 1200;
/** The decoder's own limits, a second guard behind the header check. */
const DECODE_MEMORY_MAX_MB = 512;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_IEND = Buffer.from([0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);

export class InvalidImageError extends Error {
  override name = 'InvalidImageError';
}

/** PNG or JPEG by its first bytes, with its size from the header; throws InvalidImageError otherwise. */
export function readHeader(bytes: Buffer): ImageHeader {
  const header = sniff(bytes);
  if (!header) throw new InvalidImageError('not a PNG or JPEG picture');
  const { width, height } = header;
  if (width < IMAGE_SIDE_MIN || height < IMAGE_SIDE_MIN) throw new InvalidImageError('the picture is too small');
  if (width * height > SLIP_LIMITS.maxPixels) throw new InvalidImageError('the picture has too many pixels');
  return header;
}

function sniff(bytes: Buffer): ImageHeader | null {
  if (bytes.length >= 33 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) {
    // The first chunk is IHDR: width and height are its first 8 bytes, big-endian.
    if (bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
    return { contentType: 'image/png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    const size = jpegFrameSize(bytes);
    return size ? { contentType: 'image/jpeg', ...size } : null;
  }
  return null;
}

/** Walks the JPEG segments to the first start-of-frame marker, which holds the height and the width. */
function jpegFrameSize(bytes: Buffer): { width: number; height: number } | null {
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    const length = bytes.readUInt16BE(offset + 2);
    // SOF0-SOF15, but DHT (C4), JPG (C8) and DAC (CC), which share the range.
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    if (length < 2) return null;
    offset += 2 + length;
  }
  return null;
}

/** What a slip's picture holds: its header, and the QR texts found in it (null when too small to read). */
export interface SlipPicture {
  header: ImageHeader;
  texts: string[] | null;
}

/**
 * Reads a slip's picture: header, decoding, then the QR search when it is large enough to be read. Hundreds of
 * milliseconds of CPU for a phone's picture: the server runs it in worker threads (slip.image.pool.ts).
 * Throws InvalidImageError for anything that is not a whole PNG or JPEG within the limits.
 */
export function readSlipPicture(bytes: Buffer): SlipPicture {
  const header = readHeader(bytes);
  const image = decodeImage(bytes, header);
  const readable = Math.min(image.width, image.height) >= READABLE_SIDE_MIN;
  return { header, texts: readable ? findQrTexts(image) : null };
}

/** Decodes a picture whose header was read; a truncated or corrupt one throws InvalidImageError. */
export function decodeImage(bytes: Buffer, header: ImageHeader): DecodedImage {
  try {
    if (header.contentType === 'image/png') {
      if (!bytes.subarray(-8).equals(PNG_IEND)) throw new InvalidImageError('the PNG is truncated');
      const png = PNG.sync.read(bytes);
      return { width: png.width, height: png.height, data: new Uint8ClampedArray(png.data) };
    }
    const image = jpeg.decode(bytes, {
      useTArray: true,
      formatAsRGBA: true,
      // A tolerant decoder paints a truncated JPEG grey and carries on: we want to know.
      tolerantDecoding: false,
      maxResolutionInMP: SLIP_LIMITS.maxPixels / 1_000_000,
      maxMemoryUsageInMB: DECODE_MEMORY_MAX_MB,
    });
    return { width: image.width, height: image.height, data: new Uint8ClampedArray(image.data) };
  } catch (error) {
    if (error instanceof InvalidImageError) throw error;
    throw new InvalidImageError('the picture cannot be decoded', { cause: error });
  }
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
