import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { settingChangeResponse } from '@member-wallet/contract/backoffice/pending-changes';
import {
  adjustmentSettingUpdate,
  howtoUpdate,
  qrValiditySetting,
  SETTING_TEXT_KEYS,
  SETTING_TEXT_SCHEMAS,
  SETTINGS_LOCALES,
  siteFlagsUpdate,
  siteSettingsResponse,
  slipWindowSetting,
  withdrawSettingUpdate,
} from '@member-wallet/contract/backoffice/settings';
import { LAOS_CURRENCIES } from '@member-wallet/contract/constants';
import { z } from 'zod/mini';
import { callerOf } from '../../core/operator/operator.service.ts';
import type { OperatorRouter } from '../../core/operator/operator-router.ts';
import type { PendingChanges } from '../../core/operator/pending-change.service.ts';
import { parseInput } from '../../lib/route.ts';
import type { SettingsBackofficeService } from './settings.backoffice.service.ts';
import type { MoneySettings } from './settings.four-eyes.ts';

const tags = ['backoffice'];
const ADMIN = ['admin'] as const;
const MONEY_ROLES = ['admin', 'finance'] as const;

const textParams = z.object({ key: z.enum(SETTING_TEXT_KEYS), locale: z.enum(SETTINGS_LOCALES) });
const currencyParams = z.object({ currency: z.enum(LAOS_CURRENCIES) });

/**
 * The member app's site settings in the back-office (docs/backoffice/settings.md): admins read them all
 * and change them a part at a time; finance may change the withdrawal amounts too. Every change answers the
 * settings as they are after it.
 */
export function settingsBackofficeRoutes(
  route: OperatorRouter,
  settings: SettingsBackofficeService,
  money: { settings: MoneySettings; changes: PendingChanges },
) {
  route({
    method: 'GET',
    url: BACKOFFICE_API.settings,
    auth: true,
    roles: ADMIN,
    summary: "The member app's site settings: flags, texts per language, how-to videos, withdrawal amounts",
    tags,
    response: siteSettingsResponse,
    handler: () => settings.all(),
  });
  memberSideRoutes(route, settings);
  moneyRoutes(route, settings);
  moneyBoundRoutes(route, settings, money);
}

/** What members see: the site flags, the texts per language, the how-to videos. */
function memberSideRoutes(route: OperatorRouter, settings: SettingsBackofficeService) {
  route({
    method: 'PUT',
    url: BACKOFFICE_API.settingsFlags,
    auth: true,
    roles: ADMIN,
    summary: 'Turn site flags on or off (registerOTP, enableChatWidget, terminated); only those given change',
    tags,
    body: siteFlagsUpdate,
    response: siteSettingsResponse,
    handler: ({ body, auth, request }) => settings.setFlags(body, callerOf(auth, request)),
  });

  route({
    method: 'PUT',
    url: BACKOFFICE_API.settingsText,
    auth: true,
    roles: ADMIN,
    summary: "Set a member text (info, contact, conditions, agreements, notice) in one language, in its lookup's shape",
    tags,
    response: siteSettingsResponse,
    handler: ({ request, auth }) => {
      const { key, locale } = parseInput(textParams, request.params);
      const { value } = parseInput(z.object({ value: SETTING_TEXT_SCHEMAS[key] }), request.body ?? {});
      return settings.setText(key, locale, value, callerOf(auth, request));
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
    handler: ({ body, auth, request }) => settings.setHowto(body, callerOf(auth, request)),
  });
}

/** Money rules that bound no amount: when slips can be sent, how long a QR can be paid. */
function moneyRoutes(route: OperatorRouter, settings: SettingsBackofficeService) {
  route({
    method: 'PUT',
    url: BACKOFFICE_API.settingsSlipWindow,
    auth: true,
    roles: ADMIN,
    summary: 'Set the daily window in which slip uploads are closed (HH:mm, site time; equal times: never closed)',
    tags,
    body: slipWindowSetting,
    response: siteSettingsResponse,
    handler: ({ body, auth, request }) => settings.setSlipWindow(body, callerOf(auth, request)),
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
    handler: ({ body, auth, request }) => settings.setQrValidity(body, callerOf(auth, request)),
  });
}

/**
 * The settings that bound money (docs/backoffice/four-eyes.md): a change answers 202 with the change waiting for a
 * second admin, or 200 when it only tightens and applied at once; never past the deployment's ceilings.
 */
function moneyBoundRoutes(
  route: OperatorRouter,
  settings: SettingsBackofficeService,
  money: { settings: MoneySettings; changes: PendingChanges },
) {
  const answer = async (row: { id: bigint; status: string }, reply: { code(status: number): unknown }) => {
    if (row.status === 'pending') reply.code(202);
    return { change: await money.changes.one(row.id), settings: await settings.all() };
  };
  route({
    method: 'PUT',
    url: BACKOFFICE_API.settingsWithdraw,
    auth: true,
    roles: MONEY_ROLES,
    summary: "Ask to set a currency's withdrawal limits and auto-approve amount (minor units; min <= max)",
    tags,
    response: settingChangeResponse,
    accepted: true,
    handler: async ({ request, auth, reply }) => {
      const { currency } = parseInput(currencyParams, request.params);
      const input = parseInput(withdrawSettingUpdate, request.body ?? {});
      return answer(await money.settings.setWithdraw(currency, input, callerOf(auth, request)), reply);
    },
  });
  route({
    method: 'PUT',
    url: BACKOFFICE_API.settingsAdjustment,
    auth: true,
    roles: ADMIN,
    summary: "Ask to set a currency's manual adjustment amount above which a second operator approves (minor units)",
    tags,
    response: settingChangeResponse,
    accepted: true,
    handler: async ({ request, auth, reply }) => {
      const { currency } = parseInput(currencyParams, request.params);
      const input = parseInput(adjustmentSettingUpdate, request.body ?? {});
      return answer(await money.settings.setAdjustment(currency, input, callerOf(auth, request)), reply);
    },
  });
}
