import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Core } from '../../core.ts';
import { DiskFileStore, type FileStore } from '../../lib/file-store.ts';
import { InFlight, UPLOADS_IN_FLIGHT_MAX } from '../../lib/in-flight.ts';
import { S3FileStore, s3Client } from '../../lib/s3-file-store.ts';
import { PictureReader } from './picture.pool.ts';

export type { PictureReader } from './picture.pool.ts';
export type { QrReading } from './picture.qr.ts';
export { readQrPicture } from './picture.qr.ts';
export type { PictureHeader, PictureLimits, PictureType } from './picture.ts';
export { InvalidImageError, sniffPicture } from './picture.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Each member's, guest's or operator's uploads in flight, for tests. */
    uploadsInFlight: InFlight;
  }
}

/** The uploads of one module: slips, the chat's files, the back-office's promotion pictures. */
export type UploadFolder = 'slips' | 'chat' | 'media';

/** What the slips, the chat and the back-office's media share to take files in. */
export interface Uploads {
  /**
   * Where a module's uploads are stored: with S3_*, objects under `<folder>/` of the bucket every node reads;
   * else on disk under UPLOAD_DIR (slips at its top, the chat's in `chat/`, media in `media/`).
   */
  store: (folder: UploadFolder) => FileStore;
  /** The worker threads that check uploaded pictures. */
  pictures: PictureReader;
  /** Each uploader's uploads in flight, bounded. */
  inFlight: InFlight;
}

/**
 * Where uploads are stored, and how they are taken: uploaded pictures (slips, chat) are checked in worker threads,
 * and an uploader's uploads in flight are bounded.
 */
export function registerUploads(app: FastifyInstance, core: Pick<Core, 'config'>): Uploads {
  const pictures = new PictureReader();
  app.addHook('onClose', () => pictures.close());
  const inFlight = new InFlight(UPLOADS_IN_FLIGHT_MAX);
  app.decorate('uploadsInFlight', inFlight);
  return { store: fileStores(app, core.config), pictures, inFlight };
}

function fileStores(app: FastifyInstance, config: Config): Uploads['store'] {
  const { s3 } = config.uploads;
  if (s3) {
    const client = s3Client(s3);
    app.addHook('onClose', async () => client.destroy());
    return (folder) => new S3FileStore(client, s3.bucket, folder);
  }
  const directory = uploadDirectory(app, config);
  return (folder) => new DiskFileStore(folder === 'slips' ? directory : join(directory, folder));
}

/** UPLOAD_DIR, else `<DATA_DIR>/uploads`; with an in-memory database, a temporary folder removed on close. */
function uploadDirectory(app: FastifyInstance, config: Config): string {
  if (config.uploads.dir) return resolve(config.uploads.dir);
  if (config.database.dataDir !== 'memory://') return resolve(config.database.dataDir, 'uploads');
  const directory = mkdtempSync(join(tmpdir(), 'member-wallet-uploads-'));
  app.addHook('onClose', async () => rmSync(directory, { recursive: true, force: true }));
  return directory;
}
