import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import {
  BANNER_PROGRAMMES,
  backofficeBonus,
  bannersResponseAll,
  bannersUpdate,
  bonusChangeResponse,
  bonusCreateRequest,
  bonusCsvQuery,
  bonusPage,
  bonusQuery,
  bonusUpdateRequest,
  inviteChangeResponse,
  inviteSettingsSchema,
  refundChangeResponse,
  refundSettingsSchema,
  spinChangeResponse,
  spinSettingsResponse,
  spinSettingsUpdate,
} from '@member-wallet/contract/backoffice/promotions';
import { bonusCodeParams } from '@member-wallet/contract/bonus';
import { LOCALES } from '@member-wallet/contract/constants';
import { z } from 'zod/mini';
import { callerOf } from '../../core/operator/operator.service.ts';
import type { OperatorRouter } from '../../core/operator/operator-router.ts';
import { csvStream, sendCsv } from '../../lib/csv.ts';
import { parseInput } from '../../lib/route.ts';
import type { BonusAnswer, PromotionsBackofficeService } from './promotions.backoffice.service.ts';
import type { PromotionSettingsService } from './promotions.settings.service.ts';

const tags = ['backoffice'];
const ADMIN = ['admin'] as const;
/** Reading the programmes' terms is harmless: support explains them to members, finance reconciles their cost. */
const READERS = 'any' as const;
const BONUS_CSV_HEADER = [
  'code',
  'kind',
  'type',
  'currency',
  'active',
  'nameTh',
  'maxReceived',
  'totalMax',
  'percentFail',
  'amountRule',
  'amountMinor',
  'depositPercent',
  'amountCapMinor',
  'depositWindowHours',
  'winMultiple',
  'endBelowMinor',
  'received',
  'createdAt',
] as const;

const bannerParams = z.object({ programme: z.enum(BANNER_PROGRAMMES), locale: z.enum(LOCALES) });

type Reply = { code(status: number): unknown };
/** Applied at once: 200 with the definition; waiting for a second admin: 202 with the change and the definition. */
function bonusAnswer({ bonus, change }: BonusAnswer, reply: Reply) {
  if (!change) return bonus;
  reply.code(202);
  return { change, bonus };
}

/**
 * Promotions in the back-office (docs/backoffice/promotions.md): bonus definitions and promotion codes, the
 * invite and refund programmes, the prize wheel, the invite and refund banners. Every operator reads them; admins
 * change them (the services write each change with its audit line).
 */
export function promotionsBackofficeRoutes(
  route: OperatorRouter,
  services: { bonuses: PromotionsBackofficeService; settings: PromotionSettingsService },
) {
  bonusRoutes(route, services.bonuses);
  programmeRoutes(route, services.settings);
  spinRoutes(route, services.settings);
  bannerRoutes(route, services.settings);
}

/** Bonus definitions and promotion codes: the list, the CSV export, create and change. */
function bonusRoutes(route: OperatorRouter, bonuses: PromotionsBackofficeService) {
  route({
    method: 'GET',
    url: BACKOFFICE_API.bonusList,
    auth: true,
    roles: READERS,
    summary: 'Bonus definitions and promotion codes (kind), newest first, each with its activations so far',
    tags,
    query: bonusQuery,
    response: bonusPage,
    handler: ({ query }) => bonuses.page(query),
  });

  route({
    method: 'GET',
    url: BACKOFFICE_API.bonusesCsv,
    auth: true,
    roles: READERS,
    summary: 'Every bonus definition and promotion code of the kind filter, as CSV (UTF-8 with a BOM)',
    tags,
    query: bonusCsvQuery,
    response: z.string(),
    handler: async ({ query, reply }) => {
      const rows = csvStream(BONUS_CSV_HEADER, bonuses.all(query), (bonus) => [
        bonus.code,
        bonus.kind,
        bonus.type,
        bonus.currency,
        bonus.active ? 'yes' : 'no',
        bonus.names.th,
        bonus.maxReceived,
        bonus.totalMax,
        bonus.percentFail,
        bonus.amountRule,
        bonus.amountMinor,
        bonus.depositPercent,
        bonus.amountCapMinor,
        bonus.depositWindowHours,
        bonus.winMultiple,
        bonus.endBelowMinor,
        bonus.received,
        bonus.createdAt,
      ]);
      return sendCsv(reply, `bonuses-${query.kind ?? 'all'}.csv`, rows);
    },
  });

  route({
    method: 'POST',
    url: BACKOFFICE_API.bonusList,
    auth: true,
    roles: ADMIN,
    summary:
      'Create a bonus (kind bonus: the grid) or a promotion code (kind promotion); 409 BONUS_EXISTS. An active one ' +
      'is stored inactive and answers 202: its activation waits for a second admin',
    tags,
    body: bonusCreateRequest,
    response: backofficeBonus,
    acceptedResponse: bonusChangeResponse,
    handler: async ({ body, auth, request, reply }) =>
      bonusAnswer(await bonuses.create(body, callerOf(auth, request)), reply),
  });

  route({
    method: 'PUT',
    url: BACKOFFICE_API.bonusUpdate,
    auth: true,
    roles: ADMIN,
    summary:
      "Change a bonus's terms (active false retires it); running member bonuses keep the terms they got. Terms " +
      'that could pay more answer 202 and wait for a second admin',
    tags,
    response: backofficeBonus,
    acceptedResponse: bonusChangeResponse,
    handler: async ({ request, auth, reply }) => {
      const { code } = parseInput(bonusCodeParams, request.params);
      const terms = parseInput(bonusUpdateRequest, request.body ?? {});
      return bonusAnswer(await bonuses.update(code, terms, callerOf(auth, request)), reply);
    },
  });
}

/** The invite and refund programmes: read with their readers' defaults; stored only as those readers accept. */
function programmeRoutes(route: OperatorRouter, settings: PromotionSettingsService) {
  const programmes = [
    {
      name: 'invite',
      url: BACKOFFICE_API.inviteSettings,
      schema: inviteSettingsSchema,
      accepted: inviteChangeResponse,
      what: 'invite programme (enabled, percent, successPercent, collectMinimum)',
    },
    {
      name: 'refund',
      url: BACKOFFICE_API.refundSettings,
      schema: refundSettingsSchema,
      accepted: refundChangeResponse,
      what: 'loss refund (enabled, period, percent, minimum, cap, successPercent)',
    },
  ] as const;
  for (const programme of programmes) {
    route({
      method: 'GET',
      url: programme.url,
      auth: true,
      roles: READERS,
      summary: `The ${programme.what}, as the member side reads it`,
      tags,
      response: programme.schema,
      handler: () => settings.programme(programme.name),
    });
    route({
      method: 'PUT',
      url: programme.url,
      auth: true,
      roles: ADMIN,
      summary: `Replace the ${programme.what}; every field is required. A change that could pay more answers 202`,
      tags,
      response: programme.schema,
      acceptedResponse: programme.accepted,
      handler: async ({ request, auth, reply }) => {
        const value = parseInput(programme.schema, request.body ?? {});
        const answer = await settings.setProgramme(programme.name, value, callerOf(auth, request));
        if (!answer.change) return answer.value;
        reply.code(202);
        // The loop's programme is a union the answer's value does not narrow: this one's schemas match its value.
        return { change: answer.change, programme: answer.value } as never;
      },
    });
  }
}

/** The prize wheel and its coin rule. */
function spinRoutes(route: OperatorRouter, settings: PromotionSettingsService) {
  route({
    method: 'GET',
    url: BACKOFFICE_API.spinSettings,
    auth: true,
    roles: READERS,
    summary: 'The prize wheel (slices, labels, weights, prizes) and the coin rule; null where none is set',
    tags,
    response: spinSettingsResponse,
    handler: () => settings.spin(),
  });
  route({
    method: 'PUT',
    url: BACKOFFICE_API.spinSettings,
    auth: true,
    roles: ADMIN,
    summary:
      'Replace the wheel, the coin rule, or both; a wheel that does not parse is refused (KEY_INVALID). A change ' +
      'that could pay more answers 202 and waits for a second admin',
    tags,
    body: spinSettingsUpdate,
    response: spinSettingsResponse,
    acceptedResponse: spinChangeResponse,
    handler: async ({ body, auth, request, reply }) => {
      const answer = await settings.setSpin(body, callerOf(auth, request));
      if (!answer.change) return answer.value;
      reply.code(202);
      return { change: answer.change, spin: answer.value };
    },
  });
}

/** The invite and refund banners per language (localized settings; members fall back to Thai's). */
function bannerRoutes(route: OperatorRouter, settings: PromotionSettingsService) {
  route({
    method: 'GET',
    url: BACKOFFICE_API.banners,
    auth: true,
    roles: READERS,
    summary: 'The invite and refund banners per language ([{ image, html }]; null where that language has none)',
    tags,
    response: bannersResponseAll,
    handler: () => settings.banners(),
  });
  route({
    method: 'PUT',
    url: BACKOFFICE_API.bannersUpdate,
    auth: true,
    roles: ADMIN,
    summary: "Replace a programme's banners in one language (at most 10; images https or a path on this site)",
    tags,
    response: bannersResponseAll,
    handler: ({ request, auth }) => {
      const { programme, locale } = parseInput(bannerParams, request.params);
      const { banners } = parseInput(bannersUpdate, request.body ?? {});
      return settings.setBanners(programme, locale, banners, callerOf(auth, request));
    },
  });
}
