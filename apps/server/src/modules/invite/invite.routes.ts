import { API } from '@member-wallet/contract/api-paths';
import { bannersResponse } from '@member-wallet/contract/banner';
import type { Country } from '@member-wallet/contract/constants';
import { inviteBonusResponse, inviteListRequest, inviteListResponse } from '@member-wallet/contract/invite';
import type { SettingsService } from '../../core/settings/settings.service.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { pickLocale } from '../../lib/locale.ts';
import { type RateLimiter, takeHits } from '../../lib/rate-limiter.ts';
import type { Router } from '../../lib/route.ts';
import { readBanners } from '../settings/settings.module.ts';
import type { InviteService } from './invite.service.ts';
import { INVITE_BANNERS_KEY } from './invite.settings.ts';

export interface InviteRoutesDeps {
  invites: InviteService;
  settings: SettingsService;
  limiter: RateLimiter;
  ratePerMinute: number;
  country: Country;
}

/** `POST /api/invite`, `GET /api/invite/bonus`, `GET /api/invite/banners` (docs/promotions/invite.md). */
export function inviteRoutes(route: Router, deps: InviteRoutesDeps) {
  const { invites, settings, limiter } = deps;
  route({
    method: 'POST',
    url: API.invites,
    auth: true,
    summary: "The caller's invite accruals (one per invitee and local day), newest day first",
    tags: ['invite'],
    body: inviteListRequest,
    response: inviteListResponse,
    handler: ({ auth, body }) => invites.list(auth.memberId, body),
  });
  route({
    method: 'GET',
    url: API.inviteBonus,
    auth: true,
    summary:
      'Collect every uncollected accrual: the success share into the wallet, the fail share forfeited ' +
      '(INVITE_INACTIVE 403, NO_INVITEE_PLAY_INFO 404, NO_INVITE_BONUS 404, INVITE_COLLECT 409, INVITE_BONUS_FAIL 409)',
    tags: ['invite'],
    response: inviteBonusResponse,
    handler: async ({ auth }) => {
      await takeHits(limiter, [
        {
          key: `invite:minute:${auth.memberId}`,
          max: deps.ratePerMinute,
          windowMs: MINUTE_MS,
          code: 'REQUEST_LIMIT_1MIN',
        },
      ]);
      return invites.collect(auth.memberId);
    },
  });
  route({
    method: 'GET',
    url: API.inviteBanners,
    auth: true,
    summary: "The invite programme's banners in the caller's language (none: the client opens the modal directly)",
    tags: ['invite'],
    response: bannersResponse,
    handler: ({ request }) =>
      readBanners(settings, INVITE_BANNERS_KEY, pickLocale(request.headers['accept-language'], deps.country)),
  });
}
