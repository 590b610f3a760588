import { API } from '@member-wallet/contract/api-paths';
import { truelinkLookupResponse, truelinkRequest } from '@member-wallet/contract/truelink';
import { moneyActionResponse } from '@member-wallet/contract/wallet';
import type { IdempotencyService } from '../../core/ledger/idempotency.service.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { type RateLimiter, takeHits } from '../../lib/rate-limiter.ts';
import type { Router } from '../../lib/route.ts';
import type { TruelinkService } from './truelink.service.ts';

export interface TruelinkRoutesDeps {
  truelinks: TruelinkService;
  idempotency: IdempotencyService;
  limiter: RateLimiter;
  ratePerMinute: number;
}

/** `GET /api/lookup/truelink` and `POST /api/wallet/truelink` (docs/deposits/truemoney.md). */
export function truelinkRoutes(route: Router, deps: TruelinkRoutesDeps) {
  const { truelinks, idempotency, limiter } = deps;
  route({
    method: 'GET',
    url: API.lookup('truelink'),
    auth: true,
    summary: 'The key the client encrypts gift links with: obfuscation, not a secret (TLS protects the link)',
    tags: ['lookup'],
    response: truelinkLookupResponse,
    handler: async () => truelinks.currentKey(),
  });
  route({
    method: 'POST',
    url: API.walletTruelink,
    auth: true,
    summary:
      'Deposit a TrueMoney gift link, or the text TrueMoney shares holding one, encrypted (v1.<keyId>.<base64url ' +
      'iv||ciphertext||tag>); 2 baht at least; ' +
      'IN_PROGRESS when the voucher party did not answer (Idempotency-Key required)',
    tags: ['wallet'],
    body: truelinkRequest,
    response: moneyActionResponse,
    handler: async ({ request, body, auth }) => {
      // Counted before the Idempotency-Key is looked at: a 429 must never become a key's stored answer.
      await takeHits(limiter, [
        {
          key: `truelink:minute:${auth.memberId}`,
          max: deps.ratePerMinute,
          windowMs: MINUTE_MS,
          code: 'REQUEST_LIMIT_1MIN',
        },
      ]);
      return idempotency.withIdempotency(
        request,
        auth.memberId,
        (key) => truelinks.redeem({ memberId: auth.memberId, envelope: body.link, idempotencyKey: key ?? '' }),
        { required: true },
      );
    },
  });
}
