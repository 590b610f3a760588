import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

/**
 * Uploaded pictures (chat pictures and slips; docs/chat.md, docs/deposits/slips.md; decision 0016), checked by what
 * they are, not by their name: recognised by their first bytes, sized from their header before any pixel is
 * decoded (a small file can claim billions of pixels: a decompression bomb), walked to the end of the picture
 * (a truncated one is refused; anything after it is cut, so what is stored is what was checked), then decoded
 * whole. Hundreds of milliseconds of CPU for a phone's picture: the server runs this in worker threads
 * (picture.pool.ts), never on the event loop.
 */

export type PictureType = 'image/png' | 'image/jpeg' | 'image/gif';

export interface PictureHeader {
  contentType: PictureType;
  width: number;
  height: number;
}

export interface DecodedImage {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel. */
  data: Uint8ClampedArray;
}

/** A picture that passed every check: its header, and how many of the uploaded bytes are the picture. */
export interface CheckedPicture {
  header: PictureHeader;
  /** The picture ends here: bytes after it (an appended page, a script, another file) are not kept. */
  length: number;
}

export interface PictureLimits {
  types: readonly PictureType[];
  /** Width times height (of every frame together, for an animation), read from the headers before decoding. */
  maxPixels: number;
  /** Below this on a side the header is refused. */
  minSide: number;
}

/**
 * Why a picture was refused: `pixels` when it has more than the limit (the chat answers "too large"),
 * `invalid` for anything else (not a picture of an accepted type, truncated, corrupt).
 */
export class InvalidImageError extends Error {
  override name = 'InvalidImageError';

  constructor(
    message: string,
    readonly reason: 'pixels' | 'invalid' = 'invalid',
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** The decoder's own limit, a second guard behind the header check. */
const DECODE_MEMORY_MAX_MB = 512;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The picture's type and size by its first bytes, or null when it is not a PNG, JPEG or GIF. */
export function sniffPicture(bytes: Buffer): PictureHeader | null {
  if (bytes.length >= 24 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) {
    // The first chunk is IHDR: width and height are its first 8 bytes, big-endian.
    if (bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
    return { contentType: 'image/png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    const size = jpegFrameSize(bytes);
    return size ? { contentType: 'image/jpeg', ...size } : null;
  }
  const head = bytes.toString('latin1', 0, 6);
  if (bytes.length >= 10 && (head === 'GIF87a' || head === 'GIF89a')) {
    // The logical screen: width and height, little-endian, after the 6-byte signature.
    return { contentType: 'image/gif', width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
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
    if (isStartOfFrame(marker)) {
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    if (length < 2) return null;
    offset += 2 + length;
  }
  return null;
}

/** SOF0-SOF15, but DHT (C4), JPG (C8) and DAC (CC), which share the range. */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/**
 * The header's checks, before anything is decoded: an accepted type, sides at least `minSide`, at most
 * `maxPixels`. Throws InvalidImageError.
 */
export function readPictureHeader(bytes: Buffer, limits: PictureLimits): PictureHeader {
  const header = sniffPicture(bytes);
  if (!header || !limits.types.includes(header.contentType)) throw new InvalidImageError('not an accepted picture');
  const { width, height } = header;
  if (width < limits.minSide || height < limits.minSide) throw new InvalidImageError('the picture is too small');
  if (width * height > limits.maxPixels) throw new InvalidImageError('the picture has too many pixels', 'pixels');
  return header;
}

/**
 * Checks a whole picture: its header, its structure to the end (every frame of a GIF counted against the
 * limit before any is decoded), then decodes it. Answers the header and the picture's length, and the decoded
 * pixels of a PNG or JPEG (the slips read them); throws InvalidImageError.
 */
export function checkPicture(bytes: Buffer, limits: PictureLimits): CheckedPicture & { image: DecodedImage | null } {
  const header = readPictureHeader(bytes, limits);
  if (header.contentType === 'image/gif') {
    const gif = walkGif(bytes);
    if (gif.pixels > limits.maxPixels) throw new InvalidImageError('the animation has too many pixels', 'pixels');
    decodeGifFrames(bytes, gif.frames);
    return { header, length: gif.length, image: null };
  }
  const length = header.contentType === 'image/png' ? pngLength(bytes) : jpegLength(bytes);
  return { header, length, image: decodeImage(bytes.subarray(0, length), header) };
}

/** Decodes a PNG or JPEG whose header was read; a truncated or corrupt one throws InvalidImageError. */
export function decodeImage(bytes: Buffer, header: PictureHeader): DecodedImage {
  try {
    if (header.contentType === 'image/png') {
      const png = PNG.sync.read(bytes);
      return { width: png.width, height: png.height, data: new Uint8ClampedArray(png.data) };
    }
    if (header.contentType !== 'image/jpeg') throw new InvalidImageError('not a PNG or JPEG picture');
    const image = jpeg.decode(bytes, {
      useTArray: true,
      formatAsRGBA: true,
      // A tolerant decoder paints a truncated JPEG grey and carries on: we want to know.
      tolerantDecoding: false,
      maxResolutionInMP: Math.ceil((header.width * header.height) / 1_000_000),
      maxMemoryUsageInMB: DECODE_MEMORY_MAX_MB,
    });
    return { width: image.width, height: image.height, data: new Uint8ClampedArray(image.data) };
  } catch (error) {
    if (error instanceof InvalidImageError) throw error;
    throw new InvalidImageError('the picture cannot be decoded', 'invalid', { cause: error });
  }
}

function truncated(): never {
  throw new InvalidImageError('the picture is truncated');
}

/** The PNG's length: its chunks walked from the signature through IEND (CRCs are checked by the decoder). */
function pngLength(bytes: Buffer): number {
  let offset = 8;
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (end > bytes.length) truncated();
    if (type === 'IEND') return end;
    offset = end;
  }
  return truncated();
}

/**
 * The JPEG's length: its segments walked from SOI, through each scan's entropy-coded data (where 0xFF is
 * followed by 0x00 or a restart marker), to EOI.
 */
function jpegLength(bytes: Buffer): number {
  let offset = 2;
  while (offset + 2 <= bytes.length) {
    if (bytes[offset] !== 0xff) throw new InvalidImageError('the JPEG is corrupt');
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0xd9) return offset + 2;
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      offset += 2;
      continue;
    }
    if (offset + 4 > bytes.length) truncated();
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2) throw new InvalidImageError('the JPEG is corrupt');
    offset += 2 + length;
    if (offset > bytes.length) truncated();
    if (marker === 0xda) offset = endOfScan(bytes, offset);
  }
  return truncated();
}

/** Where a scan's entropy-coded data ends: at the first marker that is neither stuffing nor a restart. */
function endOfScan(bytes: Buffer, from: number): number {
  let offset = from;
  for (;;) {
    offset = bytes.indexOf(0xff, offset);
    if (offset < 0 || offset + 1 >= bytes.length) truncated();
    const next = bytes[offset + 1] ?? 0;
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7) || next === 0xff) offset += next === 0xff ? 1 : 2;
    else return offset;
  }
}

interface GifFrame {
  width: number;
  height: number;
  /** Where the frame's LZW minimum code size byte is; its data sub-blocks follow. */
  dataAt: number;
}

/**
 * The GIF's structure, without decoding: the logical screen and its colour table, then extensions and images
 * (each image's sub-blocks skipped) to the trailer. Answers the frames, their pixels together and the length.
 */
function walkGif(bytes: Buffer): { frames: GifFrame[]; pixels: number; length: number } {
  const at = (index: number) => {
    const value = bytes[index];
    return value === undefined ? truncated() : value;
  };
  const skipSubBlocks = (from: number) => {
    let offset = from;
    for (let size = at(offset); size !== 0; size = at(offset)) offset += size + 1;
    return offset + 1;
  };
  const screenFlags = at(10);
  let offset = 13 + (screenFlags & 0x80 ? 3 * 2 ** ((screenFlags & 0x07) + 1) : 0);
  const frames: GifFrame[] = [];
  let pixels = 0;
  for (;;) {
    const block = at(offset);
    if (block === 0x3b) {
      if (frames.length === 0) throw new InvalidImageError('the GIF has no image');
      return { frames, pixels, length: offset + 1 };
    }
    if (block === 0x21) {
      at(offset + 1);
      offset = skipSubBlocks(offset + 2);
    } else if (block === 0x2c) {
      at(offset + 9);
      const width = bytes.readUInt16LE(offset + 5);
      const height = bytes.readUInt16LE(offset + 7);
      const flags = at(offset + 9);
      const dataAt = offset + 10 + (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
      if (width === 0 || height === 0) throw new InvalidImageError('the GIF has an empty image');
      frames.push({ width, height, dataAt });
      pixels += width * height;
      offset = skipSubBlocks(dataAt + 1);
    } else {
      throw new InvalidImageError('the GIF is corrupt');
    }
  }
}

/** Decodes every frame's LZW data (the colour indexes; no frame is composed): a corrupt or short one throws. */
function decodeGifFrames(bytes: Buffer, frames: readonly GifFrame[]): void {
  for (const frame of frames) {
    const minCodeSize = bytes[frame.dataAt] ?? 0;
    if (minCodeSize < 2 || minCodeSize > 8) throw new InvalidImageError('the GIF is corrupt');
    const decoded = decodeLzw(gifData(bytes, frame.dataAt + 1), minCodeSize, frame.width * frame.height);
    if (decoded < frame.width * frame.height) throw new InvalidImageError('the GIF is truncated');
  }
}

/** A frame's LZW data, its sub-blocks joined. */
function gifData(bytes: Buffer, from: number): Buffer {
  const parts: Buffer[] = [];
  let offset = from;
  for (let size = bytes[offset] ?? 0; size !== 0; size = bytes[offset] ?? 0) {
    parts.push(bytes.subarray(offset + 1, offset + 1 + size));
    offset += size + 1;
  }
  return Buffer.concat(parts);
}

/**
 * The GIF variant of LZW (variable code width up to 12 bits, clear and end codes): counts the pixels the data
 * decodes to, up to `pixels`; a code that names no entry yet throws. The table keeps each entry's length only,
 * since the colours themselves are not needed to know the data is whole.
 */
function decodeLzw(data: Buffer, minCodeSize: number, pixels: number): number {
  const clear = 1 << minCodeSize;
  const end = clear + 1;
  const lengths = new Uint16Array(4096);
  let codeSize = minCodeSize + 1;
  let next = end + 1;
  let previous = -1;
  let count = 0;
  let bitBuffer = 0;
  let bitCount = 0;
  let position = 0;
  while (count < pixels) {
    while (bitCount < codeSize) {
      if (position >= data.length) return count;
      bitBuffer |= (data[position] ?? 0) << bitCount;
      position += 1;
      bitCount += 8;
    }
    const code = bitBuffer & ((1 << codeSize) - 1);
    bitBuffer >>>= codeSize;
    bitCount -= codeSize;
    if (code === clear) {
      codeSize = minCodeSize + 1;
      next = end + 1;
      previous = -1;
      continue;
    }
    if (code === end) return count;
    let length: number;
    if (code < clear) length = 1;
    else if (code < next && previous >= 0) length = lengths[code] ?? 0;
    else if (code === next && previous >= 0) length = (previous < clear ? 1 : (lengths[previous] ?? 0)) + 1;
    else throw new InvalidImageError('the GIF is corrupt');
    if (previous >= 0 && next < 4096) {
      lengths[next] = (previous < clear ? 1 : (lengths[previous] ?? 0)) + 1;
      next += 1;
      if (next === 1 << codeSize && codeSize < 12) codeSize += 1;
    }
    count += length;
    previous = code;
  }
  return count;
}
