import { API, WEBHOOKS } from '@member-wallet/contract/api-paths';
import { messageResponse } from '@member-wallet/contract/http';
import { toMinor } from '@member-wallet/contract/money';
import {
  moneyActionResponse,
  pendingWithdrawalsResponse,
  withdrawAllRequest,
  withdrawRequest,
} from '@member-wallet/contract/wallet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import { verifySignature } from '../../adapters/hmac-signature.ts';
import { PAYOUT_SIGNATURE_HEADERS } from '../../adapters/payout/http.ts';
import type { PayoutState } from '../../adapters/payout/payout.ts';
import type { IdempotencyService } from '../../core/ledger/idempotency.service.ts';
import { type Clock, HOUR_MS, MINUTE_MS } from '../../lib/clock.ts';
import { AnsweredError, AppError } from '../../lib/errors.ts';
import { type RateLimiter, takeHits } from '../../lib/rate-limiter.ts';
import { rawBodyOf, registerSignedRoutes } from '../../lib/raw-body.ts';
import { type AuthContext, parseInput, type Router } from '../../lib/route.ts';
import type { WithdrawalService } from './withdraw.service.ts';

export interface WithdrawRoutesDeps {
  withdrawals: WithdrawalService;
  idempotency: IdempotencyService;
  limiter: RateLimiter;
  ratePerMinute: number;
  ratePerHour: number;
}

/** `POST /api/wallet/withdraw` and `withdrawAll` (docs/withdrawals.md). */
export function withdrawRoutes(route: Router, deps: WithdrawRoutesDeps) {
  const { withdrawals, idempotency, limiter } = deps;
  // Counted before the Idempotency-Key is looked at: a 429 must never become a key's stored answer.
  const limit = (auth: AuthContext) =>
    takeHits(limiter, [
      {
        key: `withdraw:minute:${auth.memberId}`,
        max: deps.ratePerMinute,
        windowMs: MINUTE_MS,
        code: 'REQUEST_LIMIT_1MIN',
      },
      { key: `withdraw:hour:${auth.memberId}`, max: deps.ratePerHour, windowMs: HOUR_MS, code: 'REQUEST_LIMIT' },
    ]);
  // A member in a time-out or self-exclusion may still withdraw (docs/safer-play.md): a limited session reaches these.
  const common = {
    method: 'POST' as const,
    auth: true as const,
    limited: true,
    tags: ['wallet'],
    response: moneyActionResponse,
  };

  /** Both withdrawal routes: the member's limit first, then the Idempotency-Key (required). */
  const withdrawHandler =
    (all: boolean) =>
    async ({ request, body, auth }: { request: FastifyRequest; body: { amount: number }; auth: AuthContext }) => {
      await limit(auth);
      return idempotency.withIdempotency(
        request,
        auth.memberId,
        (key) =>
          withdrawals.withdraw({
            memberId: auth.memberId,
            amountMinor: toMinor(body.amount),
            idempotencyKey: key ?? '',
            all,
          }),
        { required: true },
      );
    };

  route({
    ...common,
    url: API.walletWithdraw,
    summary: 'Withdraw to the registered bank account (Idempotency-Key required)',
    body: withdrawRequest,
    handler: withdrawHandler(false),
  });
  route({
    ...common,
    url: API.walletWithdrawAll,
    summary:
      'Withdraw the whole wallet balance; `amount` must equal it (KEY_INVALID otherwise). Game accounts are ' +
      'brought back first with transferAll by the client (Idempotency-Key required)',
    body: withdrawAllRequest,
    handler: withdrawHandler(true),
  });
  route({
    method: 'GET',
    url: API.walletPendingWithdrawals,
    auth: true,
    limited: true,
    tags: ['wallet'],
    summary: "The member's withdrawals still in progress, newest first (not in the spec: docs/live.md)",
    response: pendingWithdrawalsResponse,
    handler: ({ auth }) => withdrawals.pending(auth.memberId),
  });
}

const payoutWebhookBody = z.object({
  eventId: z.string().check(z.minLength(1), z.maxLength(100)),
  reference: z.string().check(z.minLength(1), z.maxLength(64)),
  status: z.enum(['pending', 'paid', 'failed']),
  payoutId: z.string().check(z.minLength(1), z.maxLength(100)),
  reason: z.optional(z.nullable(z.string().check(z.maxLength(200)))),
});

function stateOf(event: z.infer<typeof payoutWebhookBody>): PayoutState {
  if (event.status === 'failed')
    return { status: 'failed', payoutId: event.payoutId, reason: event.reason || 'UNKNOWN' };
  return { status: event.status, payoutId: event.payoutId };
}

/**
 * `POST /api/webhooks/payout`: the payout party's signed notification (HMAC-SHA256 over the timestamp and the
 * raw body, a timestamp within the window, an event id seen once). Registered in a plugin of its own, whose
 * JSON parser keeps the raw body the signature covers.
 */
export async function payoutWebhookRoutes(
  app: FastifyInstance,
  deps: { withdrawals: WithdrawalService; secret: string | null; clock: Clock },
) {
  await registerSignedRoutes(app, (route) => {
    route({
      method: 'POST',
      url: WEBHOOKS.payout,
      auth: false,
      summary: 'Payout party: a payout was paid or failed (signed: x-payout-timestamp, x-payout-signature)',
      tags: ['webhooks'],
      response: messageResponse,
      handler: async ({ request }) => {
        const check = deps.secret
          ? verifySignature(
              PAYOUT_SIGNATURE_HEADERS,
              deps.secret,
              deps.clock.now().getTime(),
              request.headers,
              rawBodyOf(request),
            )
          : 'missing';
        if (check !== 'ok') {
          request.log.warn({ check }, 'payout webhook refused');
          // A party's call that fails its signature: 401, as docs/parties/ tells the party.
          throw new AnsweredError('UNAUTHORIZED', 401);
        }
        const event = parseInput(payoutWebhookBody, request.body);
        const known = await deps.withdrawals.notified({
          eventId: event.eventId,
          reference: event.reference,
          state: stateOf(event),
        });
        if (!known) throw new AppError('NO_DATA');
        return { message: 'OK' };
      },
    });
  });
}
