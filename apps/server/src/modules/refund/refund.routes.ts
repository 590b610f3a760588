import { API } from '@member-wallet/contract/api-paths';
import { bannersResponse } from '@member-wallet/contract/banner';
import type { Country } from '@member-wallet/contract/constants';
import {
  refundCheckResponse,
  refundListRequest,
  refundListResponse,
  refundReceiveResponse,
} from '@member-wallet/contract/refund';
import type { SettingsService } from '../../core/settings/settings.service.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { pickLocale } from '../../lib/locale.ts';
import { type RateLimiter, takeHits } from '../../lib/rate-limiter.ts';
import type { Router } from '../../lib/route.ts';
import { readBanners } from '../settings/settings.module.ts';
import type { RefundService } from './refund.service.ts';
import { REFUND_BANNERS_KEY } from './refund.settings.ts';

export interface RefundRoutesDeps {
  refunds: RefundService;
  settings: SettingsService;
  limiter: RateLimiter;
  ratePerMinute: number;
  country: Country;
}

const RECEIVE_ERRORS =
  'REFUND_INACTIVE 403, REFUND_CONDITION 409 (a bonus is active), NO_REFUND 404 (no net loss) or 409 ' +
  '(already received), REFUND_MINIMUM 400';

/** The loss refund's routes (docs/promotions/refunds.md). */
export function refundRoutes(route: Router, deps: RefundRoutesDeps) {
  const { refunds, settings, limiter } = deps;
  route({
    method: 'GET',
    url: API.refundCheck,
    auth: true,
    summary: "The last closed period's refund: whether it can be received, and the figures behind it",
    tags: ['refund'],
    response: refundCheckResponse,
    handler: ({ auth }) => refunds.check(auth.memberId),
  });
  const receive = async (memberId: bigint) => {
    await takeHits(limiter, [
      { key: `refund:minute:${memberId}`, max: deps.ratePerMinute, windowMs: MINUTE_MS, code: 'REQUEST_LIMIT_1MIN' },
    ]);
    return refunds.receive(memberId);
  };
  route({
    method: 'GET',
    url: API.refundReceive,
    auth: true,
    summary: `Receive the last closed period's refund into the wallet, once per period (${RECEIVE_ERRORS})`,
    tags: ['refund'],
    response: refundReceiveResponse,
    handler: ({ auth }) => receive(auth.memberId),
  });
  route({
    method: 'GET',
    url: API.refundAddWallet,
    auth: true,
    summary: `An alias of GET /api/refund/receive (${RECEIVE_ERRORS})`,
    tags: ['refund'],
    response: refundReceiveResponse,
    handler: ({ auth }) => receive(auth.memberId),
  });
  route({
    method: 'POST',
    url: API.refunds,
    auth: true,
    summary: "The caller's received refunds, newest first",
    tags: ['refund'],
    body: refundListRequest,
    response: refundListResponse,
    handler: ({ auth, body }) => refunds.list(auth.memberId, body),
  });
  route({
    method: 'GET',
    url: API.refundBanners,
    auth: true,
    summary: "The loss refund's banners in the caller's language (none: the client opens the modal directly)",
    tags: ['refund'],
    response: bannersResponse,
    handler: ({ request }) =>
      readBanners(settings, REFUND_BANNERS_KEY, pickLocale(request.headers['accept-language'], deps.country)),
  });
}
