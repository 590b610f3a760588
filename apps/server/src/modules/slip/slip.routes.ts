import { API, API_ROUTES } from '@member-wallet/contract/api-paths';
import {
  SLIP_FILE_FIELD,
  SLIP_LIMITS,
  slipLookupResponse,
  slipReferenceResponse,
  slipsRequest,
  slipsResponse,
  slipUploadResponse,
} from '@member-wallet/contract/slip';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import { MINUTE_MS } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { InFlight } from '../../lib/in-flight.ts';
import { type RateLimiter, takeHits } from '../../lib/rate-limiter.ts';
import type { Router } from '../../lib/route.ts';
import { SLIP_IMAGE_PATH } from './slip.links.ts';
import type { SlipService } from './slip.service.ts';
import type { SlipWindow } from './slip.window.ts';

export interface SlipRoutesDeps {
  slips: SlipService;
  window: SlipWindow;
  limiter: RateLimiter;
  ratePerMinute: number;
  /** A member's uploads in flight, counted with their chat uploads. */
  inFlight: InFlight;
}

/** Besides the file: a few small fields at most (a client may send a name or a note), never large ones. */
const MULTIPART_LIMITS = {
  fileSize: SLIP_LIMITS.maxBytes,
  files: 1,
  fields: 5,
  fieldSize: 1024,
  fieldNameSize: 100,
  parts: 6,
  headerPairs: 50,
};

/**
 * The upload's bytes: the one file part, which must be the slip field; the whole body is read, so a second file
 * is seen. No file: SLIP_NO_FILE; a file over the size (the stream is cut there, never buffered whole), a second
 * file, too many fields or a malformed body: SLIP_INVALID_FILE.
 */
async function readSlipFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('SLIP_NO_FILE');
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== SLIP_FILE_FIELD || bytes !== undefined) {
        await part.toBuffer().catch(() => undefined);
        throw new AppError(bytes === undefined ? 'SLIP_NO_FILE' : 'SLIP_INVALID_FILE');
      }
      bytes = await part.toBuffer();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code ?? '';
    // Limits (size, files, fields, parts) and a malformed body are the client's: refused, nothing recorded.
    if (code.startsWith('FST_')) throw new AppError('SLIP_INVALID_FILE');
    throw error;
  }
  if (bytes === undefined || bytes.length === 0) throw new AppError('SLIP_NO_FILE');
  return bytes;
}

/** `POST /api/wallet/slip`, `GET /api/lookup/slip`, the slip list and the reference look-up (docs/deposits/slips.md). */
export function slipRoutes(route: Router, deps: SlipRoutesDeps) {
  const { slips, window, limiter } = deps;
  route({
    method: 'GET',
    url: API.lookup('slip'),
    auth: true,
    summary: 'The daily window in which slip uploads are closed (HH:mm in the site time zone), and whether it is now',
    tags: ['lookup'],
    response: slipLookupResponse,
    handler: () => window.lookup(),
  });
  route({
    method: 'POST',
    url: API.walletSlip,
    auth: true,
    summary:
      `Upload a bank-transfer slip: multipart, the picture (PNG or JPEG, at most ${SLIP_LIMITS.maxBytes} bytes) in ` +
      `the field "${SLIP_FILE_FIELD}". 200 with the recorded slip and its outcome; 400 SLIP_NO_FILE or ` +
      'SLIP_INVALID_FILE; 403 SLIP_UPLOAD_FAIL inside the closed window',
    tags: ['wallet'],
    response: slipUploadResponse,
    handler: async ({ request, auth }) => {
      await takeHits(limiter, [
        {
          key: `slip:minute:${auth.memberId}`,
          max: deps.ratePerMinute,
          windowMs: MINUTE_MS,
          code: 'REQUEST_LIMIT_1MIN',
        },
      ]);
      if ((await window.lookup()).closed) throw new AppError('SLIP_UPLOAD_FAIL');
      return deps.inFlight.run(`member:${auth.memberId}`, async () =>
        slips.upload(auth.memberId, await readSlipFile(request)),
      );
    },
  });
  route({
    method: 'POST',
    url: API.statementSlips,
    auth: true,
    summary: "One page of the member's slips, newest first, with the number of slips in all",
    tags: ['wallet'],
    body: slipsRequest,
    response: slipsResponse,
    handler: ({ body, auth }) => slips.list(auth.memberId, body),
  });
  route({
    method: 'GET',
    url: API_ROUTES.statementSlipReference,
    auth: true,
    summary: "A short-lived URL of the picture of the member's own slip with this reference (404 otherwise)",
    tags: ['wallet'],
    response: slipReferenceResponse,
    handler: ({ request, auth }) => {
      const { reference } = request.params as { reference: string };
      if (reference.length < 1 || reference.length > 100) throw new AppError('NO_DATA');
      return slips.urlByReference(auth.memberId, reference);
    },
  });
}

const imageQuery = z.object({
  expires: z.string().check(z.regex(/^\d{1,12}$/)),
  signature: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
});

/**
 * `GET /files/slips/{id}?expires&signature`: a slip's stored picture, for the URL handed to its member (the
 * signature is the credential: a new window cannot send the bearer token). Sent as the stored type, inline,
 * never sniffed, never cached by shared caches.
 */
export function slipImageRoute(app: FastifyInstance, slips: SlipService) {
  app.get<{ Params: { id: string }; Querystring: Record<string, string> }>(
    `${SLIP_IMAGE_PATH}/:id`,
    { schema: { summary: 'A slip picture by its signed, expiring URL (from the slip list)', tags: ['wallet'] } },
    async (request, reply) => {
      const query = z.safeParse(imageQuery, request.query);
      const picture = query.success
        ? await slips.picture(request.params.id, Number(query.data.expires), query.data.signature)
        : 'unauthorized';
      if (picture === 'unauthorized') return reply.code(403).send({ message: 'UNAUTHORIZED' });
      if (picture === 'missing') return reply.code(404).send({ message: 'NO_DATA' });
      const extension = picture.contentType === 'image/png' ? 'png' : 'jpg';
      return reply
        .header('content-type', picture.contentType)
        .header('content-disposition', `inline; filename="slip-${picture.publicId}.${extension}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=300')
        .send(picture.bytes);
    },
  );
}
