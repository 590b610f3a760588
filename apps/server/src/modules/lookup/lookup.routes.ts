import { API } from '@member-wallet/contract/api-paths';
import type { Country } from '@member-wallet/contract/constants';
import {
  activeResponse,
  agreementsResponse,
  banksResponse,
  conditionsResponse,
  contactResponse,
  currenciesResponse,
  enableChatWidgetResponse,
  howtoResponse,
  infoLookupResponse,
  noticeResponse,
  registerOtpResponse,
  sourcesResponse,
} from '@member-wallet/contract/lookup';
import { type WithdrawLookupResponse, withdrawLookupResponse } from '@member-wallet/contract/wallet';
import type { FastifyRequest } from 'fastify';
import type { SettingsService } from '../../core/settings/settings.service.ts';
import { pickLocale } from '../../lib/locale.ts';
import type { Router } from '../../lib/route.ts';
import { sandboxLabel } from '../../lib/sandbox-label.ts';
import type { LookupService } from './lookup.service.ts';

const tags = ['lookup'];

/** The withdrawal limits of a member's currency, in the major unit (the withdraw module answers them). */
export interface WithdrawLimitsSource {
  limitsFor(memberId: bigint): Promise<WithdrawLookupResponse>;
}

export function lookupRoutes(
  route: Router,
  lookup: LookupService,
  settings: SettingsService,
  country: Country,
  withdrawLimits: WithdrawLimitsSource,
  /** Whether any party answers from its sandbox: the info answer tells the app to show its SANDBOX mark. */
  sandboxActive: () => Promise<boolean>,
) {
  const locale = (request: FastifyRequest) => pickLocale(request.headers['accept-language'], country);
  const get = (name: string, summary: string) => ({
    method: 'GET' as const,
    url: API.lookup(name),
    auth: false,
    summary,
    tags,
  });

  route({ ...get('banks', 'Banks a member may register'), response: banksResponse, handler: () => lookup.banks() });
  route({
    ...get('sources', 'How the visitor heard of us'),
    response: sourcesResponse,
    handler: ({ request }) => lookup.sources(locale(request)),
  });
  route({
    ...get('conditions', 'Conditions (HTML strings)'),
    response: conditionsResponse,
    handler: ({ request }) => lookup.conditions(locale(request)),
  });
  route({
    ...get('agreements', 'First-visit agreement (HTML strings)'),
    response: agreementsResponse,
    handler: ({ request }) => lookup.agreements(locale(request)),
  });
  route({
    ...get('info', 'Site name and website; `sandbox: true` while any party answers from its sandbox'),
    response: infoLookupResponse,
    handler: async ({ request }) => ({
      ...(await lookup.info(locale(request))),
      ...sandboxLabel(await sandboxActive()),
    }),
  });
  route({
    ...get('notice', 'Bonus notice with a %percentFail% placeholder'),
    response: noticeResponse,
    handler: ({ request }) => lookup.notice(locale(request)),
  });
  route({
    ...get('contact', 'Contact text, LINE link, name and QR'),
    response: contactResponse,
    handler: ({ request }) => lookup.contact(locale(request)),
  });
  route({
    ...get('active', 'Whether the site is running (false and `gone` once terminated)'),
    response: activeResponse,
    handler: async () => ({ active: true }),
  });
  route({
    ...get('registerOTP', 'Whether registration asks for an OTP'),
    response: registerOtpResponse,
    handler: async () => ({ registerOTP: await settings.flag('registerOTP') }),
  });
  route({
    ...get('enableChatWidget', 'Whether the chat widget is shown'),
    response: enableChatWidgetResponse,
    handler: async () => ({ enableChatWidget: await settings.flag('enableChatWidget') }),
  });
  route({ ...get('howto', 'How-to videos'), response: howtoResponse, handler: () => lookup.howto() });
  route({
    ...get('withdraw', "Withdrawal limits in the member's currency (a member lookup: bearer token required)"),
    auth: true,
    response: withdrawLookupResponse,
    handler: ({ auth }) => withdrawLimits.limitsFor(auth.memberId),
  });
  route({
    ...get('currencies', 'Currencies a Laos member may choose (empty in the Thai build)'),
    response: currenciesResponse,
    handler: async () => lookup.currencies(),
  });
}
