import { API } from '@member-wallet/contract/api-paths';
import type { Country } from '@member-wallet/contract/constants';
import {
  spinActiveResponse,
  spinClaimRequest,
  spinClaimResponse,
  spinCouponsQuery,
  spinCouponsResponse,
  spinResultResponse,
  spinSetupResponse,
} from '@member-wallet/contract/spin';
import type { FastifyRequest } from 'fastify';
import { type IdempotencyService, readIdempotencyKey } from '../../core/ledger/idempotency.service.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { pickLocale } from '../../lib/locale.ts';
import { type RateLimiter, takeHits } from '../../lib/rate-limiter.ts';
import type { Router } from '../../lib/route.ts';
import type { SpinService } from './spin.service.ts';

export interface SpinRoutesDeps {
  spin: SpinService;
  idempotency: IdempotencyService;
  limiter: RateLimiter;
  ratePerMinute: number;
  country: Country;
}

const tags = ['spinwheel'];

/** The prize wheel's calls (spec section 7, Spin wheel; docs/promotions/wheel.md). */
export function spinRoutes(route: Router, deps: SpinRoutesDeps) {
  const { spin, idempotency, limiter } = deps;
  const locale = (request: FastifyRequest) => pickLocale(request.headers['accept-language'], deps.country);
  const limit = (name: string, memberId: bigint) =>
    takeHits(limiter, [
      { key: `${name}:minute:${memberId}`, max: deps.ratePerMinute, windowMs: MINUTE_MS, code: 'REQUEST_LIMIT_1MIN' },
    ]);
  route({
    method: 'GET',
    url: API.spinActive,
    auth: true,
    summary: 'Whether a prize wheel is running',
    tags,
    response: spinActiveResponse,
    handler: async () => ({ isActive: await spin.isActive() }),
  });
  route({
    method: 'GET',
    url: API.spinSetup,
    auth: true,
    summary: "The running wheel's slices in the reader's language (null when none), and the member's coins",
    tags,
    response: spinSetupResponse,
    handler: async ({ request, auth }) => spin.setup(auth.memberId, locale(request)),
  });
  route({
    method: 'POST',
    url: API.spin,
    auth: true,
    summary:
      'Spend one coin on a spin drawn on the server; refusals NO_COIN (400) and WHEEL_INACTIVE (409) are shown ' +
      'as spin.error.{code}. An optional Idempotency-Key makes a retry answer the same spin',
    tags,
    response: spinResultResponse,
    handler: async ({ request, auth }) => {
      const key = readIdempotencyKey(request, { required: false });
      await limit('spin', auth.memberId);
      return spin.spin(auth.memberId, key, locale(request));
    },
  });
  route({
    method: 'GET',
    url: API.spinCoupons,
    auth: true,
    summary:
      "A page of the member's coupons (?page=1..&limit=1..50, default 50): those claimable now first, then the " +
      'others, each newest first; with the total and the claimable total',
    tags,
    query: spinCouponsQuery,
    response: spinCouponsResponse,
    handler: async ({ request, query, auth }) => spin.coupons(auth.memberId, locale(request), query),
  });
  route({
    method: 'POST',
    url: API.spinCouponClaim,
    auth: true,
    summary:
      'Claim a cash coupon into the wallet, once. INVALID_PRIZE_CODE (400), INVALID_CODE (404), ' +
      'NO_CLAIMABLE_COUPON, INVALID_COUPON_TYPE, COUPON_EXPIRED, BONUS_REMAINING (409); optional Idempotency-Key',
    tags,
    body: spinClaimRequest,
    response: spinClaimResponse,
    handler: async ({ request, body, auth }) => {
      // Counted before the Idempotency-Key is looked at: a 429 must never become a key's stored answer.
      await limit('spin-claim', auth.memberId);
      return idempotency.withIdempotency(
        request,
        auth.memberId,
        () => spin.claim(auth.memberId, body.coupon, locale(request)),
        { required: false },
      );
    },
  });
}
