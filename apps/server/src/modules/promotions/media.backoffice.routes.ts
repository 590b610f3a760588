import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { MEDIA_BYTES_MAX, MEDIA_FILE_FIELD, mediaUploadResponse } from '@member-wallet/contract/backoffice/promotions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { FileStore } from '../../lib/file-store.ts';
import type { AuditRecord } from '../operator/audit-log.ts';
import { actorOf } from '../operator/operator.service.ts';
import type { OperatorRouter } from '../operator/operator-router.ts';

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

async function readPicture(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('MEDIA_INVALID_FILE', 400);
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: MEDIA_BYTES_MAX, files: 1, fields: 5, parts: 6 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== MEDIA_FILE_FIELD) {
        await part.toBuffer().catch(() => undefined);
        throw new AppError('MEDIA_INVALID_FILE', 400);
      }
      bytes = await part.toBuffer();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('MEDIA_TOO_LARGE', 400);
    // Other limits and a malformed body are the client's: refused, nothing stored.
    if (code.startsWith('FST_')) throw new AppError('MEDIA_INVALID_FILE', 400);
    throw error;
  }
  if (bytes === undefined || bytes.length === 0) throw new AppError('MEDIA_INVALID_FILE', 400);
  return bytes;
}

/**
 * `POST /backoffice/api/media` (admin): a promotion picture (PNG, JPEG or WebP by its bytes, at most 2 MiB) is
 * stored under a random name and answered as the URL banners use; `GET /media/uploads/{name}` serves it to
 * anyone, as its type, never sniffed. The upload's audit line names the stored file.
 */
export function mediaBackofficeRoutes(
  app: FastifyInstance,
  route: OperatorRouter,
  deps: {
    db: Db;
    clock: Clock;
    store: FileStore;
    audit: { record(db: Db, entry: AuditRecord, at: Date): Promise<void> };
  },
) {
  const { db, clock, store, audit } = deps;
  route({
    method: 'POST',
    url: BACKOFFICE_API.mediaUpload,
    auth: true,
    roles: ['admin'],
    summary: `Upload a promotion picture: multipart, field "${MEDIA_FILE_FIELD}", PNG, JPEG or WebP, at most ${MEDIA_BYTES_MAX} bytes`,
    tags: ['backoffice'],
    response: mediaUploadResponse,
    handler: async ({ request, auth }) => {
      const bytes = await readPicture(request);
      const kind = pictureKind(bytes);
      if (!kind) throw new AppError('MEDIA_INVALID_FILE', 400);
      const name = await store.save(bytes, kind);
      const url = `${MEDIA_UPLOADS_PATH}/${name}`;
      await transactionWithRetry(db, async (trx) => {
        const now = clock.now();
        const after = { url, contentType: CONTENT_TYPES[kind], bytes: bytes.length };
        await audit.record(
          trx,
          {
            action: 'media.upload',
            target: `media:${name}`,
            before: null,
            after,
            actor: actorOf(auth),
            ip: request.ip,
          },
          now,
        );
      });
      return { url };
    },
  });

  app.get<{ Params: { name: string } }>(
    `${MEDIA_UPLOADS_PATH}/:name`,
    { schema: { summary: 'An uploaded promotion picture', tags: ['backoffice'] } },
    async (request, reply) => {
      const { name } = request.params;
      const bytes = await store.read(name);
      if (!bytes) return reply.code(404).send({ message: 'NO_DATA' });
      const extension = name.slice(name.lastIndexOf('.') + 1) as Extension;
      return (
        reply
          .header('content-type', CONTENT_TYPES[extension])
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', `inline; filename="${name}"`)
          // The name is random and never reused: the bytes behind it never change.
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(bytes)
      );
    },
  );
}
