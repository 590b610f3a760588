import { parentPort } from 'node:worker_threads';
import { InvalidImageError, readSlipPicture } from './slip.image.ts';

/**
 * A worker thread that reads slip pictures (slip.image.pool.ts), so that decoding and the QR search never hold
 * up the server's event loop. One request at a time: `{ id, bytes }` in, `{ id, picture }`, `{ id, invalid }`
 * (not a whole PNG or JPEG within the limits) or `{ id, error }` out.
 */
parentPort?.on('message', (request: { id: number; bytes: Uint8Array }) => {
  try {
    const bytes = Buffer.from(request.bytes.buffer, request.bytes.byteOffset, request.bytes.byteLength);
    parentPort?.postMessage({ id: request.id, picture: readSlipPicture(bytes) });
  } catch (error) {
    if (error instanceof InvalidImageError) parentPort?.postMessage({ id: request.id, invalid: error.message });
    else parentPort?.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
  }
});
