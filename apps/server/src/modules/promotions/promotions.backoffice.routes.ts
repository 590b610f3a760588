import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import {
  BANNER_PROGRAMMES,
  type BackofficeBonus,
  type BannersResponseAll,
  type BonusTerms,
  backofficeBonus,
  bannersResponseAll,
  bannersUpdate,
  bonusCreateRequest,
  bonusCsvQuery,
  bonusPage,
  bonusQuery,
  bonusUpdateRequest,
  inviteSettingsSchema,
  refundSettingsSchema,
  type SpinSettingsResponse,
  spinSettingsResponse,
  spinSettingsUpdate,
} from '@member-wallet/contract/backoffice/promotions';
import { bonusCodeParams } from '@member-wallet/contract/bonus';
import { LOCALES } from '@member-wallet/contract/constants';
import type { ErrorCode } from '@member-wallet/contract/error-codes';
import { z } from 'zod/mini';
import type { Db } from '../../db/database.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import { csvStream, sendCsv } from '../../lib/csv.ts';
import { AppError } from '../../lib/errors.ts';
import { parseInput } from '../../lib/route.ts';
import type { BonusDefinition } from '../bonus/bonus.repository.ts';
import {
  INVITE_BANNERS_KEY,
  INVITE_SETTINGS_KEY,
  inviteSettingsValid,
  readInviteSettings,
} from '../invite/invite.settings.ts';
import type { AuditRecord } from '../operator/audit-log.ts';
import { actorOf } from '../operator/operator.service.ts';
import type { OperatorRouter } from '../operator/operator-router.ts';
import {
  REFUND_BANNERS_KEY,
  REFUND_SETTINGS_KEY,
  readRefundSettings,
  refundSettingsValid,
} from '../refund/refund.settings.ts';
import { ANY_LOCALE, type SettingsRepository } from '../settings/settings.repository.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { parseSetting, rulesSetting, SPIN_RULES_KEY, SPIN_WHEEL_KEY, wheelSetting } from '../spin/spin.settings.ts';
import type { BonusChange, PromotionsBackofficeRepository } from './promotions.backoffice.repository.ts';

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

const BANNER_KEYS = { invite: INVITE_BANNERS_KEY, refund: REFUND_BANNERS_KEY } as const;
const bannerParams = z.object({ programme: z.enum(BANNER_PROGRAMMES), locale: z.enum(LOCALES) });

export interface PromotionsBackofficeDeps {
  db: Db;
  clock: Clock;
  settings: SettingsService;
  settingsRepository: SettingsRepository;
  repository: PromotionsBackofficeRepository;
  audit: { record(db: Db, entry: AuditRecord, at: Date): Promise<void> };
}

type Change = Omit<AuditRecord, 'actor' | 'ip'>;

function localizedOf(texts: Record<string, string>) {
  return { th: texts.th ?? '', lo: texts.lo ?? '', en: texts.en ?? '' };
}

/** A definition as the back-office shows it: camelCase, minor units as strings. */
export function bonusOf(row: BonusDefinition, received: number): BackofficeBonus {
  return {
    code: row.code,
    kind: row.kind === 'reward' ? fail(`reward definition ${row.code} reached the back-office`) : row.kind,
    type: row.type,
    currency: row.currency,
    maxReceived: row.max_received,
    totalMax: row.total_max,
    percentFail: row.percent_fail,
    amountRule: row.amount_rule,
    amountMinor: row.amount_minor === null ? null : String(row.amount_minor),
    depositPercent: row.deposit_percent,
    amountCapMinor: row.amount_cap_minor === null ? null : String(row.amount_cap_minor),
    depositWindowHours: row.deposit_window_hours,
    winMultiple: row.win_multiple,
    endBelowMinor: String(row.end_below_minor),
    names: localizedOf(row.names),
    descriptions: localizedOf(row.descriptions),
    banners: row.banners.map((banner) => ({
      image: banner.image,
      html: typeof banner.html === 'string' ? banner.html : localizedOf(banner.html),
    })),
    sortOrder: row.sort_order,
    active: row.active,
    createdAt: row.created_at.toISOString(),
    received,
  };
}

const positive = (value: string | number | null): bigint | null => {
  if (value === null) return null;
  const minor = BigInt(value);
  return minor > 0n ? minor : null;
};

/**
 * The columns of a definition from the request, with the rule's own fields checked as migration 0012 checks
 * them: `fixed` needs an amount above 0; `deposit_percent` its percentage, cap and window. The other rule's
 * fields are stored as null. Anything else: KEY_MISSING / KEY_INVALID with the fields.
 */
export function columnsOf(terms: BonusTerms): BonusChange {
  const fields: Record<string, ErrorCode> = {};
  const fixed = terms.amountRule === 'fixed';
  const amount = fixed ? positive(terms.amountMinor) : null;
  const cap = fixed ? null : positive(terms.amountCapMinor);
  if (fixed && amount === null) fields.amountMinor = terms.amountMinor === null ? 'KEY_MISSING' : 'KEY_INVALID';
  if (!fixed) {
    if (terms.depositPercent === null) fields.depositPercent = 'KEY_MISSING';
    if (cap === null) fields.amountCapMinor = terms.amountCapMinor === null ? 'KEY_MISSING' : 'KEY_INVALID';
    if (terms.depositWindowHours === null) fields.depositWindowHours = 'KEY_MISSING';
  }
  const [first] = Object.values(fields);
  if (first) throw new AppError(first, 400, fields);
  return {
    type: terms.type,
    currency: terms.currency,
    max_received: terms.maxReceived,
    total_max: terms.totalMax,
    percent_fail: terms.percentFail,
    amount_rule: terms.amountRule,
    amount_minor: amount,
    deposit_percent: fixed ? null : terms.depositPercent,
    amount_cap_minor: cap,
    deposit_window_hours: fixed ? null : terms.depositWindowHours,
    win_multiple: terms.winMultiple,
    end_below_minor: BigInt(terms.endBelowMinor),
    names: JSON.stringify(terms.names),
    descriptions: JSON.stringify(terms.descriptions),
    banners: JSON.stringify(terms.banners),
    sort_order: terms.sortOrder,
    active: terms.active,
  };
}

/**
 * Promotions in the back-office (docs/backoffice/promotions.md): bonus definitions and promotion codes, the
 * invite and refund programmes, the prize wheel, the invite and refund banners. Every operator reads them; admins
 * change them, each change and its audit line (before and after) in one transaction; a refused one writes nothing.
 */
export function promotionsBackofficeRoutes(route: OperatorRouter, deps: PromotionsBackofficeDeps) {
  const { db, clock, audit, repository, settingsRepository } = deps;

  function change<T>(
    work: (trx: Db, now: Date) => Promise<{ audit: Change; result: T }>,
    who: Pick<AuditRecord, 'actor' | 'ip'>,
  ) {
    return transactionWithRetry(db, async (trx) => {
      const now = clock.now();
      const done = await work(trx, now);
      await audit.record(trx, { ...done.audit, ...who }, now);
      return done.result;
    });
  }

  route({
    method: 'GET',
    url: BACKOFFICE_API.bonusList,
    auth: true,
    roles: READERS,
    summary: 'Bonus definitions and promotion codes (kind), newest first, each with its activations so far',
    tags,
    query: bonusQuery,
    response: bonusPage,
    handler: async ({ query }) => {
      const { total, rows } = await repository.list(query);
      return { total, bonuses: rows.map((row) => bonusOf(row, row.received)) };
    },
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
      const rows = csvStream(BONUS_CSV_HEADER, repository.all(query), (row) => {
        const bonus = bonusOf(row, row.received);
        return [
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
        ];
      });
      return sendCsv(reply, `bonuses-${query.kind ?? 'all'}.csv`, rows);
    },
  });

  route({
    method: 'POST',
    url: BACKOFFICE_API.bonusList,
    auth: true,
    roles: ADMIN,
    summary: 'Create a bonus (kind bonus: the grid) or a promotion code (kind promotion); 409 BONUS_EXISTS',
    tags,
    body: bonusCreateRequest,
    response: backofficeBonus,
    handler: async ({ body, auth, request }) => {
      const columns = columnsOf(body);
      return change(
        async (trx) => {
          const created = await repository.insert(trx, { ...columns, code: body.code, kind: body.kind });
          if (!created) throw new AppError('BONUS_EXISTS', 409);
          const after = bonusOf(created, 0);
          return {
            audit: { action: 'bonus.create', target: `bonus:${created.code}`, before: null, after },
            result: after,
          };
        },
        { actor: actorOf(auth), ip: request.ip },
      );
    },
  });

  route({
    method: 'PUT',
    url: BACKOFFICE_API.bonusUpdate,
    auth: true,
    roles: ADMIN,
    summary: "Change a bonus's terms (active false retires it); running member bonuses keep the terms they got",
    tags,
    response: backofficeBonus,
    handler: async ({ request, auth }) => {
      const { code } = parseInput(bonusCodeParams, request.params);
      const columns = columnsOf(parseInput(bonusUpdateRequest, request.body ?? {}));
      return change(
        async (trx) => {
          const row = await repository.lockByCode(trx, code);
          if (!row) throw new AppError('NO_DATA', 404);
          const received = await repository.received(trx, row.id);
          const updated = await repository.update(trx, row.id, columns);
          const before = bonusOf(row, received);
          const after = bonusOf(updated, received);
          return { audit: { action: 'bonus.update', target: `bonus:${row.code}`, before, after }, result: after };
        },
        { actor: actorOf(auth), ip: request.ip },
      );
    },
  });

  programmeRoutes(route, deps, change);
  spinRoutes(route, deps, change);
  bannerRoutes(route, { repository: settingsRepository, change });
}

type ChangeFn = <T>(
  work: (trx: Db, now: Date) => Promise<{ audit: Change; result: T }>,
  who: Pick<AuditRecord, 'actor' | 'ip'>,
) => Promise<T>;

/** The invite and refund programmes: read with their readers' defaults; stored only as those readers accept. */
function programmeRoutes(route: OperatorRouter, deps: PromotionsBackofficeDeps, change: ChangeFn) {
  const { settings, settingsRepository } = deps;
  const programmes = [
    {
      key: INVITE_SETTINGS_KEY,
      read: BACKOFFICE_API.inviteSettings,
      write: BACKOFFICE_API.inviteSettings,
      schema: inviteSettingsSchema,
      valid: inviteSettingsValid as (value: object) => boolean,
      current: () => readInviteSettings(settings),
      action: 'settings.invite',
      what: 'invite programme (enabled, percent, successPercent, collectMinimum)',
    },
    {
      key: REFUND_SETTINGS_KEY,
      read: BACKOFFICE_API.refundSettings,
      write: BACKOFFICE_API.refundSettings,
      schema: refundSettingsSchema,
      valid: refundSettingsValid as (value: object) => boolean,
      current: () => readRefundSettings(settings),
      action: 'settings.refund',
      what: 'loss refund (enabled, period, percent, minimum, cap, successPercent)',
    },
  ] as const;
  for (const programme of programmes) {
    route({
      method: 'GET',
      url: programme.read,
      auth: true,
      roles: READERS,
      summary: `The ${programme.what}, as the member side reads it`,
      tags,
      response: programme.schema,
      handler: () => programme.current(),
    });
    route({
      method: 'PUT',
      url: programme.write,
      auth: true,
      roles: ADMIN,
      summary: `Replace the ${programme.what}; every field is required`,
      tags,
      response: programme.schema,
      handler: async ({ request, auth }) => {
        const value = parseInput(programme.schema, request.body ?? {});
        // The reader's own check, so nothing is stored that the member side would refuse as broken.
        if (!programme.valid(value)) throw new AppError('KEY_INVALID', 400);
        await change(
          async (trx, now) => {
            const before = (await settingsRepository.get(programme.key, ANY_LOCALE, trx)) ?? null;
            await settingsRepository.put(programme.key, ANY_LOCALE, value, now, trx);
            return {
              audit: { action: programme.action, target: `setting:${programme.key}`, before, after: value },
              result: null,
            };
          },
          { actor: actorOf(auth), ip: request.ip },
        );
        return programme.current();
      },
    });
  }
}

/** The prize wheel and its coin rule, checked with the schemas the wheel's reader uses. */
function spinRoutes(route: OperatorRouter, deps: PromotionsBackofficeDeps, change: ChangeFn) {
  const { settingsRepository } = deps;
  async function current(trx?: Db): Promise<SpinSettingsResponse> {
    const [wheel, rules] = await Promise.all([
      settingsRepository.get(SPIN_WHEEL_KEY, ANY_LOCALE, trx),
      settingsRepository.get(SPIN_RULES_KEY, ANY_LOCALE, trx),
    ]);
    return {
      wheel: wheel === undefined || wheel === null ? null : parseSetting(wheelSetting, SPIN_WHEEL_KEY, wheel),
      rules: rules === undefined || rules === null ? null : parseSetting(rulesSetting, SPIN_RULES_KEY, rules),
    };
  }
  route({
    method: 'GET',
    url: BACKOFFICE_API.spinSettings,
    auth: true,
    roles: READERS,
    summary: 'The prize wheel (slices, labels, weights, prizes) and the coin rule; null where none is set',
    tags,
    response: spinSettingsResponse,
    handler: () => current(),
  });
  route({
    method: 'PUT',
    url: BACKOFFICE_API.spinSettings,
    auth: true,
    roles: ADMIN,
    summary: 'Replace the wheel, the coin rule, or both; a wheel that does not parse is refused (KEY_INVALID)',
    tags,
    body: spinSettingsUpdate,
    response: spinSettingsResponse,
    handler: async ({ body, auth, request }) => {
      if (!body.wheel && !body.rules) throw new AppError('KEY_MISSING', 400, { wheel: 'KEY_MISSING' });
      await change(
        async (trx, now) => {
          const before = await current(trx);
          if (body.wheel) await settingsRepository.put(SPIN_WHEEL_KEY, ANY_LOCALE, body.wheel, now, trx);
          if (body.rules) await settingsRepository.put(SPIN_RULES_KEY, ANY_LOCALE, body.rules, now, trx);
          const after = { wheel: body.wheel ?? before.wheel, rules: body.rules ?? before.rules };
          return { audit: { action: 'settings.spin', target: 'setting:spin', before, after }, result: null };
        },
        { actor: actorOf(auth), ip: request.ip },
      );
      return current();
    },
  });
}

/** The invite and refund banners per language (localized settings; members fall back to Thai's). */
function bannerRoutes(route: OperatorRouter, deps: { repository: SettingsRepository; change: ChangeFn }) {
  const { repository, change } = deps;
  async function all(): Promise<BannersResponseAll> {
    const entries = await Promise.all(
      BANNER_PROGRAMMES.map(async (programme) => {
        const values = await Promise.all(
          LOCALES.map(async (locale) => (await repository.get(BANNER_KEYS[programme], locale)) ?? null),
        );
        return [programme, Object.fromEntries(LOCALES.map((locale, index) => [locale, values[index]]))] as const;
      }),
    );
    return Object.fromEntries(entries) as BannersResponseAll;
  }
  route({
    method: 'GET',
    url: BACKOFFICE_API.banners,
    auth: true,
    roles: READERS,
    summary: 'The invite and refund banners per language ([{ image, html }]; null where that language has none)',
    tags,
    response: bannersResponseAll,
    handler: () => all(),
  });
  route({
    method: 'PUT',
    url: BACKOFFICE_API.bannersUpdate,
    auth: true,
    roles: ADMIN,
    summary: "Replace a programme's banners in one language (at most 10; images https or a path on this site)",
    tags,
    response: bannersResponseAll,
    handler: async ({ request, auth }) => {
      const { programme, locale } = parseInput(bannerParams, request.params);
      const { banners } = parseInput(bannersUpdate, request.body ?? {});
      const key = BANNER_KEYS[programme];
      await change(
        async (trx, now) => {
          const before = (await repository.get(key, locale, trx)) ?? null;
          await repository.put(key, locale, banners, now, trx);
          return {
            audit: { action: 'settings.banners', target: `setting:${key}:${locale}`, before, after: banners },
            result: null,
          };
        },
        { actor: actorOf(auth), ip: request.ip },
      );
      return all();
    },
  });
}

function fail(message: string): never {
  throw new Error(message);
}
