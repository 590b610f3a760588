import { QR_GATEWAYS } from '@member-wallet/contract/deposit';
import { amountField, toMajor, toMinor } from '@member-wallet/contract/money';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import { PAYMENT_SIGNATURE_HEADERS } from '../../adapters/payments/http.ts';
import type { Clock } from '../../lib/clock.ts';
import { AnsweredError, AppError } from '../../lib/errors.ts';
import { registerSignedRoutes } from '../../lib/raw-body.ts';
import { type createRouter, parseInput } from '../../lib/route.ts';
import { checkSignedRequest } from '../signed-request.ts';
import {
  SANDBOX_PAYMENT_FAULTS,
  SANDBOX_PAYMENT_LATENCY_MAX_MS,
  type SandboxPaymentGateways,
} from './payments.party.ts';

const tags = ['sandbox'];
const gatewayParams = z.object({ gateway: z.enum(QR_GATEWAYS) });
const qrParams = z.object({
  gateway: z.enum(QR_GATEWAYS),
  qrcodeId: z.string().check(z.minLength(1), z.maxLength(64)),
});
const createBody = z.object({
  qrcodeId: z.string().check(z.minLength(16), z.maxLength(64)),
  amountMinor: z.string().check(z.regex(/^[1-9]\d{0,17}$/)),
  currency: z.string().check(z.regex(/^[A-Z]{3,8}$/)),
  merchantName: z.string().check(z.maxLength(200)),
  expiresAt: z.iso.datetime(),
  callbackUrl: z.optional(z.nullable(z.string().check(z.maxLength(500)))),
});
const qrAnswer = z.object({
  qrcodeId: z.string(),
  gatewayReference: z.string(),
  payload: z.string(),
  status: z.enum(['live', 'paid', 'cancelled', 'expired']),
  amountMinor: z.string(),
  currency: z.string(),
  expiresAt: z.string(),
  paidAmountMinor: z.nullable(z.string()),
  paidAt: z.nullable(z.string()),
});
const payBody = z.object({
  qrcodeId: z.string().check(z.minLength(1), z.maxLength(64)),
  amount: z.optional(amountField),
  webhook: z.optional(z.boolean()),
  deliveries: z.optional(z.int().check(z.gte(1), z.lte(5))),
  delayMs: z.optional(z.int().check(z.gte(0), z.lte(SANDBOX_PAYMENT_LATENCY_MAX_MS))),
});
const payAnswer = z.object({
  qrcodeId: z.string(),
  gatewayReference: z.string(),
  status: z.literal('paid'),
  amount: z.number(),
  delivered: z.int(),
});
const settingsBody = z.object({
  latencyMs: z.optional(z.int().check(z.gte(0), z.lte(SANDBOX_PAYMENT_LATENCY_MAX_MS))),
  fault: z.optional(z.enum(SANDBOX_PAYMENT_FAULTS)),
});
const settingsAnswer = z.object({ latencyMs: z.number(), fault: z.enum(SANDBOX_PAYMENT_FAULTS) });

const unavailable = (reply: FastifyReply) => reply.code(503).send({ message: 'INTERNAL_SERVER_ERROR' });

/**
 * SANDBOX ONLY: the sandbox payment gateways' HTTP API under `/sandbox/payments/{gateway}` (docs/parties/payments.md,
 * Sandbox gateways): what a real gateway would serve, signed with the gateway's secret, plus unsigned controls to pay
 * a QR, send its webhook again and inject faults.
 */
export async function sandboxPaymentRoutes(
  app: FastifyInstance,
  deps: { party: SandboxPaymentGateways; secretOf: (gateway: string) => string; clock: Clock },
) {
  const { party, clock } = deps;
  /** Checks the signature, waits the injected latency, and says whether the gateway is to answer 503. */
  const signedCall = async (request: FastifyRequest, gateway: string): Promise<boolean> => {
    checkSignedRequest(PAYMENT_SIGNATURE_HEADERS, deps.secretOf(gateway), clock, request);
    await party.delay(gateway);
    const { fault } = party.settings(gateway);
    return fault === 'unavailable' || fault === 'timeout';
  };
  await registerSignedRoutes(app, (route) => {
    route({
      method: 'POST',
      url: '/sandbox/payments/:gateway/qrcodes',
      auth: false,
      summary: 'SANDBOX gateway: make a QR, once per qrcodeId (signed)',
      tags,
      response: qrAnswer,
      handler: async ({ request, reply }) => {
        const { gateway } = parseInput(gatewayParams, request.params);
        if (await signedCall(request, gateway)) return unavailable(reply);
        if (party.settings(gateway).fault === 'refuse') throw new AppError('QR_FAIL');
        const body = parseInput(createBody, request.body);
        const answer = await party.create(gateway, {
          ...body,
          amountMinor: BigInt(body.amountMinor),
          expiresAt: new Date(body.expiresAt),
          callbackUrl: body.callbackUrl ?? null,
        });
        if (answer === 'conflict') throw new AnsweredError('KEY_INVALID', 409, { qrcodeId: 'KEY_INVALID' });
        if (answer === 'refused') throw new AppError('QR_FAIL');
        if (party.settings(gateway).fault === 'lostAnswer') return unavailable(reply);
        return answer;
      },
    });
    const stateRoute = (method: 'GET' | 'POST', suffix: string, summary: string, cancel: boolean) =>
      route({
        method,
        url: `/sandbox/payments/:gateway/qrcodes/:qrcodeId${suffix}`,
        auth: false,
        summary,
        tags,
        response: qrAnswer,
        handler: async ({ request, reply }) => {
          const { gateway, qrcodeId } = parseInput(qrParams, request.params);
          if (await signedCall(request, gateway)) return unavailable(reply);
          const answer = cancel ? await party.cancel(gateway, qrcodeId) : await party.state(gateway, qrcodeId);
          if (!answer) throw new AppError('NO_DATA');
          return answer;
        },
      });
    stateRoute('GET', '', 'SANDBOX gateway: the state of a QR by qrcodeId (signed)', false);
    stateRoute('POST', '/cancel', 'SANDBOX gateway: cancel a live QR (signed)', true);
    controlRoutes(route, party);
  });
}

function controlRoutes(route: ReturnType<typeof createRouter>, party: SandboxPaymentGateways) {
  route({
    method: 'POST',
    url: '/sandbox/payments/:gateway/pay',
    auth: false,
    summary:
      "SANDBOX control: pay a QR { qrcodeId, amount?, webhook?, deliveries?, delayMs? } as a member's bank app " +
      'would (even a cancelled or expired one: a late payment); the signed webhook follows',
    tags,
    body: payBody,
    response: payAnswer,
    handler: async ({ request, body }) => {
      const { gateway } = parseInput(gatewayParams, request.params);
      const paid = await party.pay(gateway, {
        qrcodeId: body.qrcodeId,
        amountMinor: body.amount === undefined ? null : toMinor(body.amount),
        webhook: body.webhook ?? true,
        deliveries: body.deliveries ?? 1,
        delayMs: body.delayMs ?? 0,
      });
      if (paid === 'unknown') throw new AppError('NO_DATA');
      if (paid === 'paid') throw new AnsweredError('KEY_INVALID', 409, { qrcodeId: 'KEY_INVALID' });
      const { answer, delivered } = paid;
      const amountMinor = BigInt(answer.paidAmountMinor ?? answer.amountMinor);
      return {
        qrcodeId: answer.qrcodeId,
        gatewayReference: answer.gatewayReference,
        status: 'paid' as const,
        amount: toMajor(amountMinor),
        delivered,
      };
    },
  });
  route({
    method: 'POST',
    url: '/sandbox/payments/:gateway/redeliver',
    auth: false,
    summary: 'SANDBOX control: send the webhook of a paid QR { qrcodeId } again, with the same event id',
    tags,
    body: z.object({ qrcodeId: z.string().check(z.minLength(1), z.maxLength(64)) }),
    response: z.object({ delivered: z.int() }),
    handler: async ({ request, body }) => {
      const { gateway } = parseInput(gatewayParams, request.params);
      const delivered = await party.redeliver(gateway, body.qrcodeId);
      if (delivered === undefined) throw new AppError('NO_DATA');
      return { delivered };
    },
  });
  route({
    method: 'PUT',
    url: '/sandbox/payments/:gateway/settings',
    auth: false,
    summary: 'SANDBOX control: set latencyMs and fault (none, unavailable, refuse, lostAnswer, timeout)',
    tags,
    body: settingsBody,
    response: settingsAnswer,
    handler: async ({ request, body }) => {
      const { gateway } = parseInput(gatewayParams, request.params);
      return party.changeSettings(gateway, body);
    },
  });
  route({
    method: 'GET',
    url: '/sandbox/payments/:gateway/settings',
    auth: false,
    summary: 'SANDBOX control: current settings of a sandbox gateway',
    tags,
    response: settingsAnswer,
    handler: async ({ request }) => party.settings(parseInput(gatewayParams, request.params).gateway),
  });
}
