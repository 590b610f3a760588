import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import {
  SANDBOX_SLIPOK_API_KEY,
  SANDBOX_SLIPOK_BRANCH_ID,
  SANDBOX_SLIPOK_MOUNT,
} from '../../adapters/slip-verifier/sandbox.ts';
import { SLIPOK_AUTH_HEADER } from '../../adapters/slip-verifier/slipok.wire.ts';
import type { Router } from '../../lib/route.ts';
import { pictureQr } from './picture-qr.ts';
import {
  SANDBOX_SLIP_VERIFIER_FAULTS,
  SANDBOX_SLIP_VERIFIER_LATENCY_MAX_MS,
  type SandboxCheckOptions,
  type SandboxSlipVerifierParty,
} from './slip-verifier.party.ts';
import { SANDBOX_LABEL, type SandboxSlipOkAnswer, slipOkError } from './slipok.answer.ts';

const tags = ['sandbox'];
const settingsBody = z.object({
  fault: z.enum(SANDBOX_SLIP_VERIFIER_FAULTS),
  latencyMs: z._default(z.int().check(z.minimum(0), z.maximum(SANDBOX_SLIP_VERIFIER_LATENCY_MAX_MS)), 0),
});
const SLIP_FILE = /^([A-Za-z0-9_.:-]{1,100})\.png$/;
const PICTURE_BYTES_MAX = 5 * 1024 * 1024;

/**
 * SANDBOX ONLY: the sandbox slip verifier's HTTP API (docs/parties/slip-verifier.md, Sandbox). The check-slip
 * route speaks SlipOK's wire format exactly, at `/sandbox/slipok/api/line/apikey/{branchId}` with the sandbox's
 * branch id and `x-authorization` key; the settings and the slip pictures are unsigned controls for demos and
 * tests, as every sandbox control is.
 */
export function sandboxSlipVerifierRoutes(app: FastifyInstance, route: Router, party: SandboxSlipVerifierParty) {
  app.post<{ Params: { branchId: string } }>(
    `${SANDBOX_SLIPOK_MOUNT}/api/line/apikey/:branchId`,
    {
      schema: {
        summary: "Sandbox SlipOK: check a slip (SlipOK's wire: x-authorization; JSON data, or multipart files)",
        tags,
      },
    },
    async (request, reply) => {
      const answer = await checkSlip(request, party);
      reply.header('x-sandbox', SANDBOX_LABEL);
      if (typeof answer.body === 'string') reply.type('text/html; charset=utf-8');
      return reply.code(answer.status).send(answer.body);
    },
  );
  route({
    method: 'PUT',
    url: '/sandbox/slip-verifier/settings',
    auth: false,
    summary:
      'Sandbox SlipOK: fault unavailable (503), captcha (1009, the bank refusing), garbage (a 200 that is not ' +
      'JSON) or none, and a latency in ms',
    tags,
    body: settingsBody,
    response: settingsBody,
    handler: ({ body }) => party.setSettings(body),
  });
  slipPictureRoute(app, party);
}

/**
 * Faults first (a service that is down checks nothing), then the branch and the key as SlipOK checks them,
 * then what was sent: the QR text (`data`) or the picture (`files`); the sandbox fetches no `url`.
 */
async function checkSlip(
  request: FastifyRequest<{ Params: { branchId: string } }>,
  party: SandboxSlipVerifierParty,
): Promise<SandboxSlipOkAnswer> {
  const settings = await party.settings();
  if (settings.latencyMs > 0) await sleep(settings.latencyMs);
  if (settings.fault === 'unavailable')
    return { status: 503, body: `<html>503 Service Unavailable (${SANDBOX_LABEL})</html>` };
  if (settings.fault === 'garbage') return { status: 200, body: `<html>oops (${SANDBOX_LABEL})</html>` };
  if (request.params.branchId !== SANDBOX_SLIPOK_BRANCH_ID) return slipOkError(1001);
  if (request.headers[SLIPOK_AUTH_HEADER] !== SANDBOX_SLIPOK_API_KEY) return slipOkError(1002);
  const input = await readInput(request);
  if ('error' in input) return slipOkError(input.error);
  // The bank's own service refusing SlipOK (its captcha, under load): "temporarily unavailable, try in 15 min".
  if (settings.fault === 'captcha') return slipOkError(1009);
  return party.check(input.qr, input);
}

type Input = ({ qr: string } & SandboxCheckOptions) | { error: 1000 | 1005 | 1006 | 1007 };

function options(log: unknown, amount: unknown): SandboxCheckOptions {
  const number = typeof amount === 'number' || typeof amount === 'string' ? Number(amount) : Number.NaN;
  return { log: log === true || log === 'true', amount: Number.isFinite(number) ? number : undefined };
}

async function readInput(request: FastifyRequest): Promise<Input> {
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (typeof body.data !== 'string' || body.data === '') return { error: 1000 };
    return { qr: body.data, ...options(body.log, body.amount) };
  }
  const fields: Record<string, string> = {};
  let picture: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: PICTURE_BYTES_MAX, files: 1, fields: 5 } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'files') picture = bytes;
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch {
    return { error: 1006 };
  }
  const read = picture ? pictureQr(picture) : fields.data ? { qr: fields.data } : { error: 1000 as const };
  return 'error' in read ? read : { qr: read.qr, ...options(fields.log, fields.amount) };
}

function slipPictureRoute(app: FastifyInstance, party: SandboxSlipVerifierParty) {
  app.get<{ Params: { file: string } }>(
    '/sandbox/bank/slips/:file',
    { schema: { summary: 'Sandbox bank: the slip picture of a sandbox transfer ({reference}.png)', tags } },
    async (request, reply) => {
      const reference = SLIP_FILE.exec(request.params.file)?.[1];
      const png = reference ? await party.slipPng(reference) : null;
      if (!png) return reply.code(404).send({ message: 'NO_DATA' });
      return reply
        .header('content-type', 'image/png')
        .header('content-disposition', `inline; filename="${reference}.png"`)
        .header('cache-control', 'no-store')
        .send(png);
    },
  );
}
