import { API } from '@member-wallet/contract/api-paths';
import { CHAT_FILE_FIELD } from '@member-wallet/contract/chat';
import { CHAT_LIMITS } from '@member-wallet/contract/constants';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import type { StoredExtension } from '../../lib/file-store.ts';
import type { PictureReader } from '../uploads/uploads.module.ts';
import { InvalidImageError, type PictureLimits, type PictureType, sniffPicture } from '../uploads/uploads.module.ts';
import type { Uploader } from './chat.identity.ts';

export type ChatUploadKind = 'image' | 'video';

/** What a file's first bytes say it is, among the kinds the chat accepts. */
export interface SniffedFile {
  kind: ChatUploadKind;
  contentType: string;
  extension: StoredExtension;
}

/** ISO base media brands of MP4 files (ISO 14496-12/14, Apple's M4V, DASH, H.264 profiles, Microsoft's). */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'iso8',
  'iso9',
  'mp41',
  'mp42',
  'mp71',
  'avc1',
  'dash',
  'M4V ',
  'M4VH',
  'M4VP',
  'msnv',
  'mmp4',
  'f4v ',
]);
/** Atoms an old QuickTime file (one without an `ftyp` box) starts with. */
const QUICKTIME_LEADING_ATOMS = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);

/** Chat pictures: PNG, JPEG or GIF, at most CHAT_LIMITS.imageMaxPixels (every frame of a GIF together). */
export const CHAT_PICTURE_LIMITS: PictureLimits = {
  types: ['image/png', 'image/jpeg', 'image/gif'],
  maxPixels: CHAT_LIMITS.imageMaxPixels,
  minSide: 1,
};

const PICTURE_FILES: Record<PictureType, SniffedFile> = {
  'image/png': { kind: 'image', contentType: 'image/png', extension: 'png' },
  'image/jpeg': { kind: 'image', contentType: 'image/jpeg', extension: 'jpg' },
  'image/gif': { kind: 'image', contentType: 'image/gif', extension: 'gif' },
};

function imageOf(bytes: Buffer): SniffedFile | null {
  const picture = sniffPicture(bytes);
  return picture ? PICTURE_FILES[picture.contentType] : null;
}

function videoOf(bytes: Buffer): SniffedFile | null {
  if (bytes.length < 12) return null;
  const atom = bytes.subarray(4, 8).toString('latin1');
  if (atom === 'ftyp') {
    const brand = bytes.subarray(8, 12).toString('latin1');
    if (brand === 'qt  ') return { kind: 'video', contentType: 'video/quicktime', extension: 'mov' };
    if (MP4_BRANDS.has(brand)) return { kind: 'video', contentType: 'video/mp4', extension: 'mp4' };
    return null;
  }
  if (QUICKTIME_LEADING_ATOMS.has(atom)) return { kind: 'video', contentType: 'video/quicktime', extension: 'mov' };
  return null;
}

/** The file's kind by its first bytes (never by its name or declared type), or null when the chat takes no such file. */
export function sniffChatFile(bytes: Buffer, want: ChatUploadKind): SniffedFile | null {
  return want === 'image' ? imageOf(bytes) : videoOf(bytes);
}

/** Box types are four printable ASCII characters (QuickTime's `©xyz` atoms live inside boxes, not at the top). */
function isBoxType(bytes: Buffer, at: number): boolean {
  for (let index = at; index < at + 4; index++) {
    const byte = bytes[index] ?? 0;
    if (byte < 0x20 || byte > 0x7e) return false;
  }
  return true;
}

/** The boxes of `bytes` from `start` to `end`, each `{ type, body start, end }`; null when they do not fill it exactly. */
function boxesOf(bytes: Buffer, start: number, end: number): { type: string; from: number; to: number }[] | null {
  const boxes: { type: string; from: number; to: number }[] = [];
  let offset = start;
  while (offset < end) {
    if (offset + 8 > end || !isBoxType(bytes, offset + 4)) return null;
    let size = bytes.readUInt32BE(offset);
    let header = 8;
    if (size === 1) {
      if (offset + 16 > end) return null;
      size = Number(bytes.readBigUInt64BE(offset + 8));
      header = 16;
    } else if (size === 0) size = end - offset;
    if (size < header || offset + size > end) return null;
    boxes.push({ type: bytes.toString('latin1', offset + 4, offset + 8), from: offset + header, to: offset + size });
    offset += size;
  }
  return boxes;
}

/**
 * What is checked of a video (MP4 or QuickTime; decoding it is the player's business): its top-level boxes
 * follow each other exactly to the end of the file (a truncated file, or anything appended, breaks the chain),
 * and a `moov` box holds the movie header `mvhd` and at least one track `trak`.
 */
export function videoStructureValid(bytes: Buffer): boolean {
  const top = boxesOf(bytes, 0, bytes.length);
  const movie = top?.find((box) => box.type === 'moov');
  if (!movie) return false;
  const inside = boxesOf(bytes, movie.from, movie.to);
  if (!inside) return false;
  return inside.some((box) => box.type === 'mvhd') && inside.some((box) => box.type === 'trak');
}

/** The "not supported" refusal of an upload, on the file field. */
function notSupported(): AppError {
  return new AppError('CHAT_FILE_NOT_SUPPORTED', { [CHAT_FILE_FIELD]: 'CHAT_FILE_NOT_SUPPORTED' });
}

/**
 * Checks an upload by its content (docs/chat.md, Uploads): a picture is decoded in the worker threads and cut at
 * its end (what is stored is what was checked); a video's structure is walked. `want` is the kind the route
 * takes, or `any` (the back-office's upload). Not a whole file of an accepted kind: 400
 * CHAT_FILE_NOT_SUPPORTED; over the kind's bytes or a picture over its pixels: 413 CHAT_FILE_TOO_LARGE.
 */
export async function checkChatFile(
  bytes: Buffer,
  want: ChatUploadKind | 'any',
  pictures: Pick<PictureReader, 'check'>,
): Promise<SniffedFile & { bytes: Buffer }> {
  const sniffed = want === 'any' ? (imageOf(bytes) ?? videoOf(bytes)) : sniffChatFile(bytes, want);
  if (!sniffed) throw notSupported();
  if (bytes.length > maxBytesOf(sniffed.kind)) throw new AppError('CHAT_FILE_TOO_LARGE');
  if (sniffed.kind === 'video') {
    if (!videoStructureValid(bytes)) throw notSupported();
    return { ...sniffed, bytes };
  }
  try {
    const { length } = await pictures.check(bytes, CHAT_PICTURE_LIMITS);
    return { ...sniffed, bytes: bytes.subarray(0, length) };
  } catch (error) {
    if (!(error instanceof InvalidImageError)) throw error;
    if (error.reason === 'pixels') throw new AppError('CHAT_FILE_TOO_LARGE');
    throw notSupported();
  }
}

/** Whose uploads these are, for the bound on uploads in flight: a member's are counted with their slips. */
export function uploaderKey(uploader: Uploader): string {
  if ('operatorId' in uploader) return `operator:${uploader.operatorId}`;
  const { customer } = uploader;
  return customer.kind === 'member' ? `member:${customer.memberId}` : `guest:${customer.guestId}`;
}

export function maxBytesOf(kind: ChatUploadKind): number {
  return kind === 'image' ? CHAT_LIMITS.imageMaxBytes : CHAT_LIMITS.videoMaxBytes;
}

/**
 * The upload's one file, of at most `maxBytes`: the stream is cut at the limit (busboy stops buffering there and
 * drains the rest), so a large body is never held whole. No file: KEY_MISSING; too large: 413
 * CHAT_FILE_TOO_LARGE; a second file, other fields or a malformed body: CHAT_FILE_NOT_SUPPORTED.
 */
export async function readChatFile(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('KEY_MISSING', { [CHAT_FILE_FIELD]: 'KEY_MISSING' });
  let bytes: Buffer | undefined;
  try {
    const limits = { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 50 };
    for await (const part of request.parts({ limits })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== CHAT_FILE_FIELD) {
        part.file.resume();
        continue;
      }
      bytes = await part.toBuffer();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('CHAT_FILE_TOO_LARGE');
    if (code.startsWith('FST_')) throw new AppError('CHAT_FILE_NOT_SUPPORTED');
    throw error;
  }
  if (bytes === undefined || bytes.length === 0) {
    throw new AppError('KEY_MISSING', { [CHAT_FILE_FIELD]: 'KEY_MISSING' });
  }
  return bytes;
}

/** The stored name of a chat file path (`${API.chatFiles}/<name>`), or null when it is not one. */
export function storedNameOf(path: string): string | null {
  const match = /^\/files\/chat\/([0-9a-f]{32}\.(?:png|jpg|gif|mp4|mov))$/.exec(path);
  return path.startsWith(`${API.chatFiles}/`) && match ? (match[1] ?? null) : null;
}

/** `bytes=start-end` (or `start-`, or `-suffix`) within `size`; null when unsatisfiable, undefined when absent. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | undefined {
  if (header === undefined) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const [first, last] = [match[1] ?? '', match[2] ?? ''];
  if (first === '') {
    const suffix = Math.min(Number(last), size);
    return suffix === 0 ? null : { start: size - suffix, end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return start > end || start >= size ? null : { start, end };
}
