import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Core } from '../../core.ts';
import { InFlight, UPLOADS_IN_FLIGHT_MAX } from '../../lib/in-flight.ts';
import { PictureReader } from './picture.pool.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Each member's, guest's or operator's uploads in flight, for tests. */
    uploadsInFlight: InFlight;
  }
}

/** What the slips, the chat and the back-office's media share to take files in. */
export interface Uploads {
  /** The folder every upload is stored under: slips at its top, the chat's in `chat/`, media in `media/`. */
  directory: string;
  /** The worker threads that check uploaded pictures. */
  pictures: PictureReader;
  /** Each uploader's uploads in flight, bounded. */
  inFlight: InFlight;
}

/**
 * Where uploads are stored, and how they are taken: uploaded pictures (slips, chat) are checked in worker threads,
 * and an uploader's uploads in flight are bounded.
 */
export function registerUploads(app: FastifyInstance, core: Core): Uploads {
  const directory = uploadDirectory(app, core.config);
  const pictures = new PictureReader();
  app.addHook('onClose', () => pictures.close());
  const inFlight = new InFlight(UPLOADS_IN_FLIGHT_MAX);
  app.decorate('uploadsInFlight', inFlight);
  return { directory, pictures, inFlight };
}

/** UPLOAD_DIR, else `<DATA_DIR>/uploads`; with an in-memory database, a temporary folder removed on close. */
function uploadDirectory(app: FastifyInstance, config: Config): string {
  if (config.uploadDir) return resolve(config.uploadDir);
  if (config.dataDir !== 'memory://') return resolve(config.dataDir, 'uploads');
  const directory = mkdtempSync(join(tmpdir(), 'member-wallet-uploads-'));
  app.addHook('onClose', async () => rmSync(directory, { recursive: true, force: true }));
  return directory;
}
