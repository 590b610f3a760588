import { API, API_ROUTES } from '@member-wallet/contract/api-paths';
import {
  bonusActivateResponse,
  bonusActiveResponse,
  bonusClearResponse,
  bonusCodeParams,
  bonusListResponse,
  bonusMinimumResponse,
  promotionResponse,
} from '@member-wallet/contract/bonus';
import type { Country } from '@member-wallet/contract/constants';
import type { FastifyRequest } from 'fastify';
import { MINUTE_MS } from '../../lib/clock.ts';
import { pickLocale } from '../../lib/locale.ts';
import { type RateLimiter, takeHits, takeHitsUnlessRefused } from '../../lib/rate-limiter.ts';
import { type AuthContext, parseInput, type Router } from '../../lib/route.ts';
import type { BonusService } from './bonus.service.ts';

/**
 * Promotion codes a member may try (a find or an activation) per minute, and all members from one address
 * together (docs/promotions/bonuses.md, Promotion codes): enough for a member typing a code and trying again, far
 * too few to guess codes by the thousand. The address's is higher: mobile carriers put many phones behind one.
 */
export const PROMOTION_CODE_TRIES_PER_MINUTE = 10;
export const PROMOTION_CODE_TRIES_PER_ADDRESS_PER_MINUTE = 60;

export interface BonusRoutesDeps {
  bonuses: BonusService;
  limiter: RateLimiter;
  country: Country;
  ratePerMinute: number;
}

/** The bonus page's calls (spec section 7, Bonus and promotion; docs/promotions/bonuses.md). */
export function bonusRoutes(route: Router, deps: BonusRoutesDeps) {
  const { bonuses, limiter, country } = deps;
  const locale = (request: FastifyRequest) => pickLocale(request.headers['accept-language'], country);
  const code = (request: FastifyRequest) => parseInput(bonusCodeParams, request.params).code;
  const limit = (auth: AuthContext) => limitMoneyCalls(limiter, auth, deps.ratePerMinute);
  const common = { method: 'GET' as const, auth: true as const, tags: ['bonus'] };

  route({
    ...common,
    url: API.bonus,
    summary: "The bonuses of the grid, in the caller's language, each with the member's userBonus",
    response: bonusListResponse,
    handler: ({ request, auth }) => bonuses.list(auth.memberId, locale(request)),
  });
  route({
    ...common,
    url: API_ROUTES.bonusActivate,
    summary:
      'Receive a bonus: credits it to the wallet. 404 NO_DATA, 409 BONUS_ALREADY_ACTIVE, BONUS_MAX_CLAIMED, ' +
      'BONUS_FULL, BONUS_CONDITION (no qualifying deposit)',
    response: bonusActivateResponse,
    handler: async ({ request, auth }) => {
      await limit(auth);
      return bonuses.activate(auth.memberId, code(request), 'bonus');
    },
  });
  route({
    ...common,
    url: API.bonusCheckActive,
    summary: 'Whether a bonus is running, and its type',
    response: bonusActiveResponse,
    handler: ({ auth }) => bonuses.checkActive(auth.memberId),
  });
  route({
    ...common,
    url: API.bonusCheckMinimum,
    summary: "The running bonus's balance floor and the member's total balance; status: total below the floor",
    response: bonusMinimumResponse,
    handler: ({ auth }) => bonuses.checkMinimum(auth.memberId),
  });
  route({
    ...common,
    url: API.bonusClear,
    summary:
      'End the running bonus: BONUS_CLEAR (condition met or balance under the floor, nothing taken back) or ' +
      'SUCCESS (cancelled, percentFail of the bonus taken back, at most what the member holds; the answer names ' +
      'the bonus and says how much was due). 404 NO_DATA: none running',
    response: bonusClearResponse,
    handler: async ({ request, auth }) => {
      await limit(auth);
      return bonuses.clear(auth.memberId, locale(request));
    },
  });
  route({
    ...common,
    url: API.promotionCurrent,
    summary: "The promotion the member's running bonus came from, or null",
    response: promotionResponse,
    handler: ({ request, auth }) => bonuses.currentPromotion(auth.memberId, locale(request)),
  });
  route({
    ...common,
    url: API_ROUTES.promotionFind,
    summary: `A promotion by its code (upper-cased), or null. 429 REQUEST_LIMIT_1MIN past ${PROMOTION_CODE_TRIES_PER_MINUTE} code tries a minute`,
    response: promotionResponse,
    handler: async ({ request, auth }) => {
      await limitCodeTries(limiter, request, auth);
      return bonuses.findPromotion(code(request), locale(request));
    },
  });
  route({
    ...common,
    url: API_ROUTES.promotionActivate,
    summary:
      'Receive a promotion code (upper-cased): 404 NO_PROMOTION, 409 PROMOTION_RECEIVED, BONUS_ALREADY_ACTIVE, ' +
      `BONUS_FULL, BONUS_CONDITION; 429 REQUEST_LIMIT_1MIN past ${PROMOTION_CODE_TRIES_PER_MINUTE} code tries a minute`,
    response: bonusActivateResponse,
    handler: async ({ request, auth }) => {
      await limitCodeTries(limiter, request, auth);
      await limit(auth);
      return bonuses.activate(auth.memberId, code(request), 'promotion');
    },
  });
}

/** Activations and clears move money: counted per member, like the other money calls. */
function limitMoneyCalls(limiter: RateLimiter, auth: AuthContext, ratePerMinute: number) {
  return takeHits(limiter, [
    { key: `bonus:minute:${auth.memberId}`, max: ratePerMinute, windowMs: MINUTE_MS, code: 'REQUEST_LIMIT_1MIN' },
  ]);
}

/**
 * Every try of a promotion code counts, found or not: a guesser's tries are mostly misses. A refused try gives its
 * hits back, so one member past their limit cannot use up the address's for the others behind it.
 */
function limitCodeTries(limiter: RateLimiter, request: FastifyRequest, auth: AuthContext) {
  return takeHitsUnlessRefused(limiter, [
    {
      key: `promotion-code:minute:${auth.memberId}`,
      max: PROMOTION_CODE_TRIES_PER_MINUTE,
      windowMs: MINUTE_MS,
      code: 'REQUEST_LIMIT_1MIN',
    },
    {
      key: `promotion-code:ip:minute:${request.ip}`,
      max: PROMOTION_CODE_TRIES_PER_ADDRESS_PER_MINUTE,
      windowMs: MINUTE_MS,
      code: 'REQUEST_LIMIT_1MIN',
    },
  ]);
}
