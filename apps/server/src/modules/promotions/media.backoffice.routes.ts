import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { MEDIA_BYTES_MAX, MEDIA_FILE_FIELD, mediaUploadResponse } from '@member-wallet/contract/backoffice/promotions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf } from '../../core/operator/operator.service.ts';
import type { OperatorRouter } from '../../core/operator/operator-router.ts';
import { AppError } from '../../lib/errors.ts';
import { MEDIA_UPLOADS_PATH, type MediaBackofficeService } from './media.backoffice.service.ts';

async function readPicture(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('MEDIA_INVALID_FILE');
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: MEDIA_BYTES_MAX, files: 1, fields: 5, parts: 6 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== MEDIA_FILE_FIELD) {
        await part.toBuffer().catch(() => undefined);
        throw new AppError('MEDIA_INVALID_FILE');
      }
      bytes = await part.toBuffer();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('MEDIA_TOO_LARGE');
    // Other limits and a malformed body are the client's: refused, nothing stored.
    if (code.startsWith('FST_')) throw new AppError('MEDIA_INVALID_FILE');
    throw error;
  }
  if (bytes === undefined || bytes.length === 0) throw new AppError('MEDIA_INVALID_FILE');
  return bytes;
}

/**
 * `POST /backoffice/api/media` (admin): a promotion picture (PNG, JPEG or WebP by its bytes, at most 2 MiB) is
 * stored under a random name and answered as the URL banners use; `GET /media/uploads/{name}` serves it to
 * anyone, as its type, never sniffed.
 */
export function mediaBackofficeRoutes(app: FastifyInstance, route: OperatorRouter, media: MediaBackofficeService) {
  route({
    method: 'POST',
    url: BACKOFFICE_API.mediaUpload,
    auth: true,
    roles: ['admin'],
    summary: `Upload a promotion picture: multipart, field "${MEDIA_FILE_FIELD}", PNG, JPEG or WebP, at most ${MEDIA_BYTES_MAX} bytes`,
    tags: ['backoffice'],
    response: mediaUploadResponse,
    handler: async ({ request, auth }) => media.upload(await readPicture(request), callerOf(auth, request)),
  });

  app.get<{ Params: { name: string } }>(
    `${MEDIA_UPLOADS_PATH}/:name`,
    { schema: { summary: 'An uploaded promotion picture', tags: ['backoffice'] } },
    async (request, reply) => {
      const { name } = request.params;
      const picture = await media.read(name);
      if (!picture) return reply.code(404).send({ message: 'NO_DATA' });
      return (
        reply
          .header('content-type', picture.contentType)
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', `inline; filename="${name}"`)
          // The name is random and never reused: the bytes behind it never change.
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(picture.bytes)
      );
    },
  );
}
