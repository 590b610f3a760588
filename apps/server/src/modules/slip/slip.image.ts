import { SLIP_LIMITS } from '@member-wallet/contract/slip';
import type { PictureHeader, PictureLimits } from '../uploads/uploads.module.ts';
import { type QrReading, readQrPicture } from '../uploads/uploads.module.ts';

/**
 * The picture of a slip (docs/deposits/slips.md): a PNG or JPEG checked like every uploaded picture, then
 * searched for mini-QR codes (modules/uploads/picture.qr.ts).
 */

export type SlipContentType = 'image/png' | 'image/jpeg';

export interface ImageHeader extends PictureHeader {
  contentType: SlipContentType;
}

/** Below this on a side the header is not a picture anyone could have taken: refused as an invalid file. */
export const IMAGE_SIDE_MIN = 8;
/** Below this on a side the picture is recorded but cannot be read (IMAGE_SIZE_UNPROCESSABLE). */
export const READABLE_SIDE_MIN = 200;
export const SLIP_PICTURE_LIMITS: PictureLimits = {
  types: ['image/png', 'image/jpeg'],
  maxPixels: SLIP_LIMITS.maxPixels,
  minSide: IMAGE_SIDE_MIN,
};

/** What a slip's picture holds: its header, its length, and the QR texts found in it (null when too small to read). */
export interface SlipPicture {
  header: ImageHeader;
  /** The picture's own bytes: what follows them in the upload is not kept (decision 0016). */
  length: number;
  texts: string[] | null;
}

/** How a slip's picture is read: PNG or JPEG within the slip's pixels, searched from 200 px a side. */
export const SLIP_QR_READING: QrReading = { limits: SLIP_PICTURE_LIMITS, readableSideMin: READABLE_SIDE_MIN };

/**
 * Reads a slip's picture here, in this thread (the server reads them in its picture workers: uploads'
 * `pictures.readQr(bytes, SLIP_QR_READING)`). Throws InvalidImageError for anything that is not a whole PNG or
 * JPEG within the limits.
 */
export function readSlipPicture(bytes: Buffer): SlipPicture {
  return readQrPicture(bytes, SLIP_QR_READING) as SlipPicture;
}
