import { amountField, toMinor } from '@member-wallet/contract/money';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import { VOUCHER_SIGNATURE_HEADERS } from '../../adapters/voucher/http.ts';
import type { Clock } from '../../lib/clock.ts';
import { registerSignedRoutes } from '../../lib/raw-body.ts';
import { parseInput } from '../../lib/route.ts';
import { checkSignedRequest } from '../signed-request.ts';
import { SANDBOX_VOUCHER_FAULTS, type SandboxVoucherParty, sandboxGiftLink } from './voucher.party.ts';

const tags = ['sandbox'];
const code = z.string().check(z.minLength(1), z.maxLength(100));
const redeemAnswer = z.object({
  status: z.enum(['redeemed', 'already_redeemed', 'invalid']),
  amountMinor: z.optional(z.string()),
  currency: z.optional(z.string()),
  redemptionId: z.optional(z.string()),
});
const checkAnswer = z.object({
  status: z.enum(['available', 'redeemed', 'invalid']),
  amountMinor: z.optional(z.string()),
  currency: z.optional(z.string()),
});

/**
 * SANDBOX ONLY: the voucher party's HTTP API under /sandbox/truemoney (docs/parties/voucher.md): what a real
 * party would serve, signed with the shared secret, plus unsigned controls for demos and tests.
 */
export async function sandboxVoucherRoutes(
  app: FastifyInstance,
  deps: { party: SandboxVoucherParty; secret: string; clock: Clock },
) {
  const { party, secret, clock } = deps;
  /** Checks the signature; answers whether the party plays unavailable (the route then answers 503). */
  const down = (request: FastifyRequest): boolean => {
    checkSignedRequest(VOUCHER_SIGNATURE_HEADERS, secret, clock, request);
    return party.fault === 'unavailable';
  };
  const unavailable = (reply: FastifyReply) => reply.code(503).send({ message: 'INTERNAL_SERVER_ERROR' });
  await registerSignedRoutes(app, (route) => {
    route({
      method: 'POST',
      url: '/sandbox/truemoney/vouchers',
      auth: false,
      summary: 'Sandbox voucher party: a fresh gift link worth `amount` baht (SANDBOX ONLY, unsigned)',
      tags,
      body: z.object({ amount: amountField }),
      response: z.object({ link: z.string(), code: z.string(), amount: z.number() }),
      handler: async ({ body }) => {
        const created = await party.create(toMinor(body.amount));
        return { link: sandboxGiftLink(created), code: created, amount: body.amount };
      },
    });
    route({
      method: 'POST',
      url: '/sandbox/truemoney/check',
      auth: false,
      summary: 'Sandbox voucher party: what a voucher is worth, without redeeming it (signed)',
      tags,
      response: checkAnswer,
      handler: async ({ request, reply }) => {
        if (down(request)) return unavailable(reply);
        return party.check(parseInput(z.object({ code }), request.body).code);
      },
    });
    route({
      method: 'POST',
      url: '/sandbox/truemoney/redeem',
      auth: false,
      summary: 'Sandbox voucher party: redeem a voucher once, idempotent by reference (signed)',
      tags,
      response: redeemAnswer,
      handler: async ({ request, reply }) => {
        if (down(request)) return unavailable(reply);
        const body = parseInput(z.object({ code, reference: code }), request.body);
        const answer = await party.redeem(body.code, body.reference);
        if (party.fault === 'lostAnswer') return reply.code(503).send({ message: 'INTERNAL_SERVER_ERROR' });
        return answer;
      },
    });
    route({
      method: 'GET',
      url: '/sandbox/truemoney/redemptions/:reference',
      auth: false,
      summary: 'Sandbox voucher party: the redemption made under a reference (signed)',
      tags,
      response: redeemAnswer,
      handler: async ({ request, reply }) => {
        if (down(request)) return unavailable(reply);
        const answer = await party.redemption((request.params as { reference: string }).reference);
        if (!answer) return reply.code(404).send({ message: 'NO_DATA' });
        return answer;
      },
    });
    route({
      method: 'PUT',
      url: '/sandbox/truemoney/settings',
      auth: false,
      summary: 'Sandbox voucher party: play a fault (none, unavailable, lostAnswer), in memory (SANDBOX ONLY)',
      tags,
      body: z.object({ fault: z.enum(SANDBOX_VOUCHER_FAULTS) }),
      response: z.object({ fault: z.enum(SANDBOX_VOUCHER_FAULTS) }),
      handler: async ({ body }) => {
        party.fault = body.fault;
        return { fault: party.fault };
      },
    });
  });
}
