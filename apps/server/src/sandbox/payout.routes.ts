import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import { PAYOUT_SIGNATURE_HEADERS } from '../adapters/payout/http.ts';
import type { Clock } from '../lib/clock.ts';
import { AnsweredError, AppError } from '../lib/errors.ts';
import { registerSignedRoutes } from '../lib/raw-body.ts';
import { parseInput } from '../lib/route.ts';
import { SANDBOX_PAYOUT_DELAY_MAX_MS, SANDBOX_PAYOUT_FAULTS, type SandboxPayoutParty } from './payout.party.ts';
import { checkSignedRequest } from './signed-request.ts';

const tags = ['sandbox'];

const payoutRequest = z.object({
  reference: z.string().check(z.minLength(1), z.maxLength(64)),
  amountMinor: z.string().check(z.regex(/^[1-9]\d{0,17}$/)),
  currency: z.string().check(z.regex(/^[A-Z]{3,8}$/)),
  bankCode: z.string().check(z.minLength(1), z.maxLength(20)),
  accountNo: z.string().check(z.minLength(1), z.maxLength(40)),
  accountName: z.string().check(z.minLength(1), z.maxLength(200)),
  callbackUrl: z.optional(z.nullable(z.string().check(z.maxLength(500)))),
});
const payoutAnswer = z.object({
  reference: z.string(),
  payoutId: z.string(),
  status: z.enum(['pending', 'paid', 'failed']),
  reason: z.nullable(z.string()),
});
const settingsBody = z.object({
  delayMs: z.optional(z.int().check(z.gte(0), z.lte(SANDBOX_PAYOUT_DELAY_MAX_MS))),
  failRate: z.optional(z.number().check(z.gte(0), z.lte(1))),
  failReason: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  webhooks: z.optional(z.boolean()),
  fault: z.optional(z.enum(SANDBOX_PAYOUT_FAULTS)),
});
const settingsAnswer = z.object({
  delayMs: z.number(),
  failRate: z.number(),
  failReason: z.string(),
  webhooks: z.boolean(),
  fault: z.enum(SANDBOX_PAYOUT_FAULTS),
});

/**
 * The sandbox payout party's HTTP API (docs/parties/payout.md): what a real party would serve, signed with the
 * shared secret, plus an unsigned control call for demos and tests.
 */
export async function sandboxPayoutRoutes(
  app: FastifyInstance,
  deps: { party: SandboxPayoutParty; secret: string; clock: Clock },
) {
  const { party, secret, clock } = deps;
  const checkSignature = (request: FastifyRequest) => {
    checkSignedRequest(PAYOUT_SIGNATURE_HEADERS, secret, clock, request);
  };
  await registerSignedRoutes(app, (route) => {
    route({
      method: 'POST',
      url: '/sandbox/payout/payouts',
      auth: false,
      summary: 'Sandbox payout party: pay a bank account, once per reference (signed)',
      tags,
      response: payoutAnswer,
      handler: async ({ request, reply }) => {
        checkSignature(request);
        const { fault } = await party.currentSettings();
        if (fault === 'unavailable') return reply.code(503).send({ message: 'INTERNAL_SERVER_ERROR' });
        const body = parseInput(payoutRequest, request.body);
        const answer = await party.accept({
          ...body,
          amountMinor: BigInt(body.amountMinor),
          callbackUrl: body.callbackUrl ?? null,
        });
        if (answer === 'conflict') throw new AnsweredError('KEY_INVALID', 409, { reference: 'KEY_INVALID' });
        if (fault === 'lostAnswer') return reply.code(503).send({ message: 'INTERNAL_SERVER_ERROR' });
        return answer;
      },
    });
    route({
      method: 'GET',
      url: '/sandbox/payout/payouts/:reference',
      auth: false,
      summary: 'Sandbox payout party: the state of a payout by reference (signed)',
      tags,
      response: payoutAnswer,
      handler: async ({ request, reply }) => {
        checkSignature(request);
        if ((await party.currentSettings()).fault === 'unavailable') {
          return reply.code(503).send({ message: 'INTERNAL_SERVER_ERROR' });
        }
        const { reference } = request.params as { reference: string };
        const answer = await party.state(reference);
        if (!answer) throw new AppError('NO_DATA');
        return answer;
      },
    });
    route({
      method: 'PUT',
      url: '/sandbox/payout/settings',
      auth: false,
      summary: 'Sandbox payout party: set delayMs, failRate (0-1), failReason, webhooks (on/off), fault',
      tags,
      body: settingsBody,
      response: settingsAnswer,
      handler: ({ body }) => party.changeSettings(body),
    });
    route({
      method: 'GET',
      url: '/sandbox/payout/settings',
      auth: false,
      summary: 'Sandbox payout party: current settings',
      tags,
      response: settingsAnswer,
      handler: () => party.currentSettings(),
    });
  });
}
