import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod/mini';
import { SLIP_VERIFIER_SIGNATURE_HEADERS } from '../../adapters/slip-verifier/http.ts';
import type { Clock } from '../../lib/clock.ts';
import { registerSignedRoutes } from '../../lib/raw-body.ts';
import type { Router } from '../../lib/route.ts';
import { checkSignedRequest } from '../signed-request.ts';
import {
  SANDBOX_SLIP_VERIFIER_FAULTS,
  SANDBOX_SLIP_VERIFIER_LATENCY_MAX_MS,
  type SandboxSlipVerifierParty,
} from './slip-verifier.party.ts';

const tags = ['sandbox'];
const verifyRequest = z.object({
  sendingBank: z.string().check(z.regex(/^\d{3}$/)),
  transRef: z.string().check(z.regex(/^[A-Za-z0-9_.:-]{1,100}$/)),
});
const settingsBody = z.object({
  fault: z.enum(SANDBOX_SLIP_VERIFIER_FAULTS),
  latencyMs: z._default(z.int().check(z.minimum(0), z.maximum(SANDBOX_SLIP_VERIFIER_LATENCY_MAX_MS)), 0),
});
const SLIP_FILE = /^([A-Za-z0-9_.:-]{1,100})\.png$/;

/**
 * SANDBOX ONLY: the sandbox slip verifier's HTTP API (docs/parties/slip-verifier.md, sandbox). `POST .../verify` is what a
 * real verifier serves, signed with the shared secret; the settings and the slip pictures are unsigned
 * controls for demos and tests, as every sandbox control is.
 */
export async function sandboxSlipVerifierRoutes(
  app: FastifyInstance,
  deps: { party: SandboxSlipVerifierParty; secret: string; clock: Clock },
) {
  // The signature is over the body's exact text.
  await registerSignedRoutes(app, (route) => signedRoutes(route, deps));
  slipPictureRoute(app, deps.party);
}

function signedRoutes(route: Router, deps: { party: SandboxSlipVerifierParty; secret: string; clock: Clock }) {
  const { party, secret, clock } = deps;
  route({
    method: 'POST',
    url: '/sandbox/slip-verifier/verify',
    auth: false,
    summary: "Sandbox slip verifier: the sandbox bank's record of a transfer, by sending bank and reference (signed)",
    tags,
    body: verifyRequest,
    response: z.unknown(),
    handler: async ({ request, reply, body }) => {
      checkSignedRequest(SLIP_VERIFIER_SIGNATURE_HEADERS, secret, clock, request);
      const settings = await party.settings();
      if (settings.latencyMs > 0) await sleep(settings.latencyMs);
      if (settings.fault === 'unavailable') return reply.code(503).send({ message: 'INTERNAL_SERVER_ERROR' });
      if (settings.fault === 'garbage') return reply.code(200).type('text/plain').send('<html>oops</html>');
      if (settings.fault === 'captcha') return { status: 'captcha_failed' };
      return party.verify(body.sendingBank, body.transRef);
    },
  });
  route({
    method: 'PUT',
    url: '/sandbox/slip-verifier/settings',
    auth: false,
    summary:
      'Sandbox slip verifier: fault unavailable (503), captcha (captcha_failed), garbage (an unreadable ' +
      'answer) or none, and a latency in ms',
    tags,
    body: settingsBody,
    response: settingsBody,
    handler: ({ body }) => party.setSettings(body),
  });
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
