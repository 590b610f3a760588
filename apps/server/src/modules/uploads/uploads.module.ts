import type { FastifyInstance } from 'fastify';
import type { Core } from '../../core.ts';
import { InFlight, UPLOADS_IN_FLIGHT_MAX } from '../../lib/in-flight.ts';
import { PictureReader } from './picture.pool.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Each member's, guest's or operator's uploads in flight, for tests. */
    uploadsInFlight: InFlight;
  }
}

/** What the slips and the chat share to take pictures in. */
export interface Uploads {
  /** The worker threads that check uploaded pictures. */
  pictures: PictureReader;
  /** Each uploader's uploads in flight, bounded. */
  inFlight: InFlight;
}

/** Uploaded pictures (slips, chat) are checked in worker threads; an uploader's uploads in flight are bounded. */
export function registerUploads(app: FastifyInstance, _core: Core): Uploads {
  const pictures = new PictureReader();
  app.addHook('onClose', () => pictures.close());
  const inFlight = new InFlight(UPLOADS_IN_FLIGHT_MAX);
  app.decorate('uploadsInFlight', inFlight);
  return { pictures, inFlight };
}
