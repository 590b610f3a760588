import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import {
  adjustmentSettingUpdate,
  howtoUpdate,
  qrValiditySetting,
  SETTING_TEXT_KEYS,
  SETTING_TEXT_SCHEMAS,
  SETTINGS_LOCALES,
  SITE_FLAGS,
  type SiteFlags,
  type SiteSettingsResponse,
  siteFlagsUpdate,
  siteSettingsResponse,
  slipWindowSetting,
  type WithdrawSetting,
  withdrawSettingUpdate,
} from '@member-wallet/contract/backoffice/settings';
import { LAOS_CURRENCIES } from '@member-wallet/contract/constants';
import type { HowtoItem } from '@member-wallet/contract/lookup';
import { z } from 'zod/mini';
import type { Db } from '../../db/database.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { parseInput } from '../../lib/route.ts';
import type { AuditRecord } from '../operator/audit-log.ts';
import { actorOf } from '../operator/operator.service.ts';
import type { OperatorRouter } from '../operator/operator-router.ts';
import { SLIP_WINDOW_DEFAULT, SLIP_WINDOW_KEY } from '../slip/slip.window.ts';
import { ANY_LOCALE, type SettingsRepository } from './settings.repository.ts';
import {
  ADJUSTMENT_APPROVAL_KEY,
  QR_VALIDITY_KEY,
  type SettingsService,
  WITHDRAW_AUTO_APPROVE_KEY,
  WITHDRAW_LIMITS_KEY,
} from './settings.service.ts';

const tags = ['backoffice'];
const ADMIN = ['admin'] as const;
const MONEY_ROLES = ['admin', 'finance'] as const;

const textParams = z.object({ key: z.enum(SETTING_TEXT_KEYS), locale: z.enum(SETTINGS_LOCALES) });
const currencyParams = z.object({ currency: z.enum(LAOS_CURRENCIES) });

export interface SettingsBackofficeDeps {
  db: Db;
  clock: Clock;
  settings: SettingsService;
  repository: SettingsRepository;
  audit: { record(db: Db, entry: AuditRecord, at: Date): Promise<void> };
  /** A QR's minutes until an operator sets them: the server's `QR_EXPIRY_MINUTES`. */
  qrValidityFallback: number;
}

type Limits = Record<string, { min: number; max: number }>;
type AutoApprove = Record<string, number>;

async function readFlags(repository: SettingsRepository, db: Db): Promise<SiteFlags> {
  const values = await Promise.all(
    SITE_FLAGS.map(async (name) => (await repository.get(name, ANY_LOCALE, db)) === true),
  );
  return Object.fromEntries(SITE_FLAGS.map((name, index) => [name, values[index]])) as SiteFlags;
}

/** A currency's limits and auto-approve amount as the API shows them: minor units as strings. */
function withdrawOf(currency: WithdrawSetting['currency'], limits: Limits, autoApprove: AutoApprove): WithdrawSetting {
  return {
    currency,
    min: String(limits[currency]?.min ?? 0),
    max: String(limits[currency]?.max ?? 0),
    autoApprove: String(autoApprove[currency] ?? 0),
  };
}

/** Minor units from a string or a number: a safe integer, else null. */
function minorOf(value: string | number): number | null {
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isSafeInteger(number) ? number : null;
}

/**
 * The member app's site settings in the back-office (docs/backoffice/settings.md): admins read them all
 * and change them a part at a time; finance may change the withdrawal amounts too. Every change and its audit
 * line (before and after) commit in one transaction; a refused change writes nothing.
 */
export function settingsBackofficeRoutes(route: OperatorRouter, deps: SettingsBackofficeDeps) {
  const { db, clock, settings, repository, audit, qrValidityFallback } = deps;

  async function slipWindowOf(trx: Db) {
    const stored = (await repository.get(SLIP_WINDOW_KEY, ANY_LOCALE, trx)) as
      | { closeFrom?: string; closeTo?: string }
      | undefined;
    return {
      closeFrom: stored?.closeFrom ?? SLIP_WINDOW_DEFAULT.closeFrom,
      closeTo: stored?.closeTo ?? SLIP_WINDOW_DEFAULT.closeTo,
    };
  }

  async function readAll(): Promise<SiteSettingsResponse> {
    const [flags, texts, howto, limits, slipWindow, qrMinutes, adjustment] = await Promise.all([
      readFlags(repository, db),
      Promise.all(
        SETTING_TEXT_KEYS.map(async (key) => {
          const values = await Promise.all(
            SETTINGS_LOCALES.map(async (locale) => (await repository.get(key, locale)) ?? null),
          );
          return [key, Object.fromEntries(SETTINGS_LOCALES.map((locale, index) => [locale, values[index]]))] as const;
        }),
      ),
      settings.global('howto'),
      Promise.all(
        LAOS_CURRENCIES.map(async (currency) => {
          const [{ min, max }, autoApprove] = await Promise.all([
            settings.withdrawLimits(currency),
            settings.withdrawAutoApproveMax(currency),
          ]);
          return { currency, min: String(min), max: String(max), autoApprove: String(autoApprove) };
        }),
      ),
      slipWindowOf(db),
      settings.qrValidityMinutes(qrValidityFallback),
      Promise.all(
        LAOS_CURRENCIES.map(async (currency) => ({
          currency,
          approvalAbove: String(await settings.adjustmentApprovalAbove(currency)),
        })),
      ),
    ]);
    return {
      flags,
      texts: Object.fromEntries(texts) as SiteSettingsResponse['texts'],
      howto: (howto as HowtoItem[] | undefined) ?? [],
      withdraw: limits,
      slipWindow,
      qrValidity: { minutes: qrMinutes },
      adjustment,
    };
  }

  /** A change and its audit line, in one transaction. */
  function change(
    work: (trx: Db, now: Date) => Promise<Omit<AuditRecord, 'actor' | 'ip'>>,
    record: Pick<AuditRecord, 'actor' | 'ip'>,
  ) {
    return transactionWithRetry(db, async (trx) => {
      const now = clock.now();
      const entry = await work(trx, now);
      await audit.record(trx, { ...entry, ...record }, now);
    });
  }

  route({
    method: 'GET',
    url: BACKOFFICE_API.settings,
    auth: true,
    roles: ADMIN,
    summary: "The member app's site settings: flags, texts per language, how-to videos, withdrawal amounts",
    tags,
    response: siteSettingsResponse,
    handler: () => readAll(),
  });

  route({
    method: 'PUT',
    url: BACKOFFICE_API.settingsFlags,
    auth: true,
    roles: ADMIN,
    summary: 'Turn site flags on or off (registerOTP, enableChatWidget, terminated); only those given change',
    tags,
    body: siteFlagsUpdate,
    response: siteSettingsResponse,
    handler: async ({ body, auth, request }) => {
      try {
        await change(
          async (trx, now) => {
            const before = await readFlags(repository, trx);
            for (const name of SITE_FLAGS) {
              const value = body[name];
              if (value !== undefined) await repository.put(name, ANY_LOCALE, value, now, trx);
            }
            return { action: 'settings.flags', target: 'setting:flags', before, after: { ...before, ...body } };
          },
          { actor: actorOf(auth), ip: request.ip },
        );
      } finally {
        // The member API's gate reads `terminated` through the cache: the change shows at once.
        settings.clearFlagCache();
      }
      return readAll();
    },
  });

  route({
    method: 'PUT',
    url: BACKOFFICE_API.settingsText,
    auth: true,
    roles: ADMIN,
    summary: "Set a member text (info, contact, conditions, agreements, notice) in one language, in its lookup's shape",
    tags,
    response: siteSettingsResponse,
    handler: async ({ request, auth }) => {
      const { key, locale } = parseInput(textParams, request.params);
      const { value } = parseInput(z.object({ value: SETTING_TEXT_SCHEMAS[key] }), request.body ?? {});
      await change(
        async (trx, now) => {
          const before = (await repository.get(key, locale, trx)) ?? null;
          await repository.put(key, locale, value, now, trx);
          return { action: 'settings.text', target: `setting:${key}:${locale}`, before, after: value };
        },
        { actor: actorOf(auth), ip: request.ip },
      );
      return readAll();
    },
  });

  route({
    method: 'PUT',
    url: BACKOFFICE_API.settingsHowto,
    auth: true,
    roles: ADMIN,
    summary: 'Set the how-to videos: addresses are https or a path on this site',
    tags,
    body: howtoUpdate,
    response: siteSettingsResponse,
    handler: async ({ body, auth, request }) => {
      await change(
        async (trx, now) => {
          const before = (await repository.get('howto', ANY_LOCALE, trx)) ?? [];
          await repository.put('howto', ANY_LOCALE, body.howto, now, trx);
          return { action: 'settings.howto', target: 'setting:howto', before, after: body.howto };
        },
        { actor: actorOf(auth), ip: request.ip },
      );
      return readAll();
    },
  });

  route({
    method: 'PUT',
    url: BACKOFFICE_API.settingsWithdraw,
    auth: true,
    roles: MONEY_ROLES,
    summary: "Set a currency's withdrawal limits and auto-approve amount (minor units; min <= max)",
    tags,
    response: siteSettingsResponse,
    handler: async ({ request, auth }) => {
      const { currency } = parseInput(currencyParams, request.params);
      const input = parseInput(withdrawSettingUpdate, request.body ?? {});
      const min = minorOf(input.min);
      const max = minorOf(input.max);
      const autoApprove = minorOf(input.autoApprove);
      const fields: Record<string, 'KEY_INVALID'> = {};
      if (min === null || min <= 0) fields.min = 'KEY_INVALID';
      if (max === null || max <= 0 || (min !== null && max < min)) fields.max = 'KEY_INVALID';
      if (autoApprove === null || autoApprove < 0) fields.autoApprove = 'KEY_INVALID';
      if (Object.keys(fields).length > 0 || min === null || max === null || autoApprove === null) {
        throw new AppError('KEY_INVALID', 400, fields);
      }
      await change(
        async (trx, now) => {
          const limits = ((await repository.get(WITHDRAW_LIMITS_KEY, ANY_LOCALE, trx)) as Limits | undefined) ?? {};
          const auto =
            ((await repository.get(WITHDRAW_AUTO_APPROVE_KEY, ANY_LOCALE, trx)) as AutoApprove | undefined) ?? {};
          const before = withdrawOf(currency, limits, auto);
          const nextLimits = { ...limits, [currency]: { min, max } };
          const nextAuto = { ...auto, [currency]: autoApprove };
          await repository.put(WITHDRAW_LIMITS_KEY, ANY_LOCALE, nextLimits, now, trx);
          await repository.put(WITHDRAW_AUTO_APPROVE_KEY, ANY_LOCALE, nextAuto, now, trx);
          const after = withdrawOf(currency, nextLimits, nextAuto);
          return { action: 'settings.withdraw', target: `setting:withdraw:${currency}`, before, after };
        },
        { actor: actorOf(auth), ip: request.ip },
      );
      return readAll();
    },
  });

  route({
    method: 'PUT',
    url: BACKOFFICE_API.settingsSlipWindow,
    auth: true,
    roles: ADMIN,
    summary: 'Set the daily window in which slip uploads are closed (HH:mm, site time; equal times: never closed)',
    tags,
    body: slipWindowSetting,
    response: siteSettingsResponse,
    handler: async ({ body, auth, request }) => {
      await change(
        async (trx, now) => {
          const before = await slipWindowOf(trx);
          await repository.put(SLIP_WINDOW_KEY, ANY_LOCALE, body, now, trx);
          return { action: 'settings.slip_window', target: 'setting:slip-window', before, after: body };
        },
        { actor: actorOf(auth), ip: request.ip },
      );
      return readAll();
    },
  });

  route({
    method: 'PUT',
    url: BACKOFFICE_API.settingsQrValidity,
    auth: true,
    roles: ADMIN,
    summary: "Set how many minutes a member's new QR can be paid (1 to 1440); QRs already made keep theirs",
    tags,
    body: qrValiditySetting,
    response: siteSettingsResponse,
    handler: async ({ body, auth, request }) => {
      await change(
        async (trx, now) => {
          const stored = (await repository.get(QR_VALIDITY_KEY, ANY_LOCALE, trx)) as { minutes: number } | undefined;
          const before = stored ?? { minutes: qrValidityFallback };
          await repository.put(QR_VALIDITY_KEY, ANY_LOCALE, body, now, trx);
          return { action: 'settings.qr_validity', target: 'setting:qr-validity', before, after: body };
        },
        { actor: actorOf(auth), ip: request.ip },
      );
      return readAll();
    },
  });

  route({
    method: 'PUT',
    url: BACKOFFICE_API.settingsAdjustment,
    auth: true,
    roles: ADMIN,
    summary: "Set a currency's manual adjustment amount above which a second operator approves (minor units, 0 = all)",
    tags,
    response: siteSettingsResponse,
    handler: async ({ request, auth }) => {
      const { currency } = parseInput(currencyParams, request.params);
      const input = parseInput(adjustmentSettingUpdate, request.body ?? {});
      const approvalAbove = minorOf(input.approvalAbove);
      if (approvalAbove === null || approvalAbove < 0) {
        throw new AppError('KEY_INVALID', 400, { approvalAbove: 'KEY_INVALID' });
      }
      await change(
        async (trx, now) => {
          const all =
            ((await repository.get(ADJUSTMENT_APPROVAL_KEY, ANY_LOCALE, trx)) as AutoApprove | undefined) ?? {};
          await repository.put(ADJUSTMENT_APPROVAL_KEY, ANY_LOCALE, { ...all, [currency]: approvalAbove }, now, trx);
          return {
            action: 'settings.adjustment',
            target: `setting:adjustment:${currency}`,
            before: { currency, approvalAbove: String(all[currency] ?? 0) },
            after: { currency, approvalAbove: String(approvalAbove) },
          };
        },
        { actor: actorOf(auth), ip: request.ip },
      );
      return readAll();
    },
  });
}
