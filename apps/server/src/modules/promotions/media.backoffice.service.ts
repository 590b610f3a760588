import { type AuditCaller, type AuditRecorder, auditedChange } from '../../core/operator/audit-log.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { FileStore } from '../../lib/file-store.ts';

/** Where uploaded promotion pictures are served: public (banners are shown to every member), by random name. */
export const MEDIA_UPLOADS_PATH = '/media/uploads';

const CONTENT_TYPES = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;
type Extension = keyof typeof CONTENT_TYPES;

/** The picture's format from its first bytes (never its name or declared type), or null. */
export function pictureKind(bytes: Buffer): Extension | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  return null;
}

export interface MediaBackofficeDeps {
  db: Db;
  clock: Clock;
  store: FileStore;
  audit: AuditRecorder;
}

/**
 * Promotion pictures (docs/backoffice/promotions.md): PNG, JPEG or WebP by their bytes, stored under a random
 * name and served as their type. The upload's audit line names the stored file.
 */
export class MediaBackofficeService {
  constructor(private readonly deps: MediaBackofficeDeps) {}

  /** Stores a picture and answers the URL banners use; not a picture of an accepted format: MEDIA_INVALID_FILE. */
  async upload(bytes: Buffer, caller: AuditCaller): Promise<{ url: string }> {
    const kind = pictureKind(bytes);
    if (!kind) throw new AppError('MEDIA_INVALID_FILE');
    const name = await this.deps.store.save(bytes, kind);
    const url = `${MEDIA_UPLOADS_PATH}/${name}`;
    const after = { url, contentType: CONTENT_TYPES[kind], bytes: bytes.length };
    await auditedChange(this.deps, caller, async () => ({
      audit: { action: 'media.upload', target: `media:${name}`, before: null, after },
      result: null,
    }));
    return { url };
  }

  /** A stored picture and its type by its name; null when there is none. */
  async read(name: string): Promise<{ bytes: Buffer; contentType: string } | null> {
    const bytes = await this.deps.store.read(name);
    if (!bytes) return null;
    const extension = name.slice(name.lastIndexOf('.') + 1) as Extension;
    return { bytes, contentType: CONTENT_TYPES[extension] };
  }
}
