import { API_ROUTES, WEBHOOKS } from '@member-wallet/contract/api-paths';
import {
  QR_GATEWAYS,
  qrcodeCreateRequest,
  qrcodeDeleteResponse,
  qrcodeResponse,
} from '@member-wallet/contract/deposit';
import { messageResponse } from '@member-wallet/contract/http';
import { toMinor } from '@member-wallet/contract/money';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod/mini';
import { verifySignature } from '../../adapters/hmac-signature.ts';
import { PAYMENT_SIGNATURE_HEADERS } from '../../adapters/payments/http.ts';
import type { IdempotencyService } from '../../core/ledger/idempotency.service.ts';
import { type Clock, MINUTE_MS } from '../../lib/clock.ts';
import { AnsweredError, AppError } from '../../lib/errors.ts';
import { type RateLimiter, takeHits } from '../../lib/rate-limiter.ts';
import { rawBodyOf, registerSignedRoutes } from '../../lib/raw-body.ts';
import { type AuthContext, parseInput, type Router } from '../../lib/route.ts';
import { QrPaymentMismatchError, type QrPaymentService } from './qr.service.ts';

export interface QrRoutesDeps {
  qr: QrPaymentService;
  idempotency: IdempotencyService;
  limiter: RateLimiter;
  ratePerMinute: number;
}

const gatewayParams = z.object({ gateway: z.string().check(z.maxLength(20)) });
const qrParams = z.object({
  gateway: z.string().check(z.maxLength(20)),
  qrcodeId: z.string().check(z.maxLength(64)),
});

/** `GET`, `POST /api/qrcode/{gateway}` and `DELETE /api/qrcode/{gateway}/{qrcodeId}` (docs/deposits/qr.md). */
export function qrRoutes(route: Router, deps: QrRoutesDeps) {
  const { qr, idempotency, limiter } = deps;
  // Counted before the Idempotency-Key is looked at: a 429 must never become a key's stored answer.
  const limit = (auth: AuthContext) =>
    takeHits(limiter, [
      { key: `qr:minute:${auth.memberId}`, max: deps.ratePerMinute, windowMs: MINUTE_MS, code: 'REQUEST_LIMIT_1MIN' },
    ]);
  route({
    method: 'GET',
    url: API_ROUTES.qrcode,
    auth: true,
    summary:
      "The member's live QR at a gateway (KBANK, BCEL, WW, FP, PAYONEX): SVG markup, amount, seconds left; " +
      'none: hasQrcode false, NO_DATA. A gateway not offered in the member currency: 404 NO_DATA',
    tags: ['deposit'],
    response: qrcodeResponse,
    handler: async ({ request, auth }) => qr.current(auth.memberId, parseInput(gatewayParams, request.params).gateway),
  });
  route({
    method: 'POST',
    url: API_ROUTES.qrcode,
    auth: true,
    summary:
      "Make a deposit QR of `amount` (at least the channel's minAmount: 400 KEY_INVALID, field amount); cancels " +
      "the member's other live QRs; the gateway refusing or down: hasQrcode false, QR_FAIL (Idempotency-Key optional)",
    tags: ['deposit'],
    body: qrcodeCreateRequest,
    response: qrcodeResponse,
    handler: async ({ request, body, auth }) => {
      const { gateway } = parseInput(gatewayParams, request.params);
      await limit(auth);
      return idempotency.withIdempotency(
        request,
        auth.memberId,
        () => qr.create(auth.memberId, gateway, toMinor(body.amount)),
        { required: false },
      );
    },
  });
  route({
    method: 'DELETE',
    url: API_ROUTES.qrcodeDelete,
    auth: true,
    summary:
      "Cancel the member's own QR (idempotent; another member's id: 404 NO_DATA); a later payment is still credited",
    tags: ['deposit'],
    response: qrcodeDeleteResponse,
    handler: async ({ request, auth }) => {
      const { gateway, qrcodeId } = parseInput(qrParams, request.params);
      await limit(auth);
      return qr.cancel(auth.memberId, gateway, qrcodeId);
    },
  });
}

const MINOR = /^[1-9]\d{0,17}$/;
const paymentWebhookBody = z.object({
  eventId: z.string().check(z.minLength(1), z.maxLength(100)),
  qrcodeId: z.string().check(z.minLength(1), z.maxLength(64)),
  gatewayReference: z.string().check(z.minLength(1), z.maxLength(100)),
  status: z.literal('paid'),
  amountMinor: z.string().check(z.regex(MINOR)),
  currency: z.string().check(z.regex(/^[A-Z]{3,8}$/)),
  paidAt: z.iso.datetime(),
});

/**
 * `POST /api/webhooks/payments/{gateway}`: a gateway's signed notification that a QR was paid (HMAC-SHA256 with
 * the gateway's secret over the timestamp and the raw body, a timestamp within 300 s, an event id handled once).
 * Registered in a plugin of its own, whose JSON parser keeps the raw body the signature covers. Webhooks are
 * exempt from the X-App-Name gate (app.ts).
 */
export async function paymentWebhookRoutes(
  app: FastifyInstance,
  deps: { qr: QrPaymentService; secretOf: (gateway: string) => string | null; clock: Clock },
) {
  await registerSignedRoutes(app, (route) => {
    route({
      method: 'POST',
      url: WEBHOOKS.payments,
      auth: false,
      summary: 'Payment gateway: a QR was paid (signed: x-payment-timestamp, x-payment-signature)',
      tags: ['webhooks'],
      response: messageResponse,
      handler: async ({ request }) => {
        const { gateway } = parseInput(gatewayParams, request.params);
        if (!(QR_GATEWAYS as readonly string[]).includes(gateway)) throw new AppError('NO_DATA');
        const secret = deps.secretOf(gateway);
        const check = secret
          ? verifySignature(
              PAYMENT_SIGNATURE_HEADERS,
              secret,
              deps.clock.now().getTime(),
              request.headers,
              rawBodyOf(request),
            )
          : 'missing';
        if (check !== 'ok') {
          request.log.warn({ check, gateway }, 'payment webhook refused');
          // A party's call that fails its signature: 401, as docs/parties/ tells the party.
          throw new AnsweredError('UNAUTHORIZED', 401);
        }
        const event = parseInput(paymentWebhookBody, request.body);
        let outcome: Awaited<ReturnType<QrPaymentService['notified']>>;
        try {
          outcome = await deps.qr.notified(gateway, {
            ...event,
            amountMinor: BigInt(event.amountMinor),
            paidAt: new Date(event.paidAt),
          });
        } catch (error) {
          if (error instanceof QrPaymentMismatchError) throw new AppError('KEY_INVALID', { currency: 'KEY_INVALID' });
          throw error;
        }
        if (outcome === 'unknown') throw new AppError('NO_DATA');
        return { message: 'OK' };
      },
    });
  });
}
