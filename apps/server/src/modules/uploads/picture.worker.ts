import { parentPort } from 'node:worker_threads';
import { type QrReading, readQrPicture } from './picture.qr.ts';
import { checkPicture, InvalidImageError, type PictureLimits } from './picture.ts';

/**
 * A worker thread that checks uploaded pictures (picture.pool.ts), so that decoding and the QR search never
 * hold up the server's event loop. One request at a time: `{ id, task, bytes }` in (`qr`: a picture and its QR
 * codes, a slip's say; `picture`: a picture checked against `limits`), then `{ id, picture }`,
 * `{ id, invalid, reason }` (not a whole picture within the limits) or `{ id, error }` out.
 */
export type PictureTask = { task: 'qr'; reading: QrReading } | { task: 'picture'; limits: PictureLimits };

parentPort?.on('message', (request: PictureTask & { id: number; bytes: Uint8Array }) => {
  try {
    const bytes = Buffer.from(request.bytes.buffer, request.bytes.byteOffset, request.bytes.byteLength);
    if (request.task === 'qr') {
      parentPort?.postMessage({ id: request.id, picture: readQrPicture(bytes, request.reading) });
    } else {
      const { header, length } = checkPicture(bytes, request.limits);
      parentPort?.postMessage({ id: request.id, picture: { header, length } });
    }
  } catch (error) {
    if (error instanceof InvalidImageError) {
      parentPort?.postMessage({ id: request.id, invalid: error.message, reason: error.reason });
    } else parentPort?.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
  }
});
