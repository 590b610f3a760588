import { z } from 'zod/mini';
import { LAOS_CURRENCIES, LOCALES } from '../constants.ts';
import {
  agreementsResponse,
  conditionsResponse,
  contactResponse,
  howtoItem,
  infoResponse,
  noticeResponse,
} from '../lookup.ts';

// The member app's site settings (docs/backoffice/settings.md).

/** The member app's on/off switches (spec section 9): OTP at registration, the chat widget, the terminated page. */
export const SITE_FLAGS = ['registerOTP', 'enableChatWidget', 'terminated'] as const;
export type SiteFlag = (typeof SITE_FLAGS)[number];

export const siteFlags = z.object({
  registerOTP: z.boolean(),
  enableChatWidget: z.boolean(),
  terminated: z.boolean(),
});
export type SiteFlags = z.infer<typeof siteFlags>;

/** Only the flags given change. */
export const siteFlagsUpdate = z.object({
  registerOTP: z.optional(z.boolean()),
  enableChatWidget: z.optional(z.boolean()),
  terminated: z.optional(z.boolean()),
});
export type SiteFlagsUpdate = z.infer<typeof siteFlagsUpdate>;

/**
 * The member texts an operator writes per language, each in the shape of its member lookup (lookup.ts). Operator
 * HTML in them is stored as given: the member app sanitizes it when it renders (apps/web lib/safe-html.ts).
 */
export const SETTING_TEXT_SCHEMAS = {
  info: infoResponse,
  contact: contactResponse,
  conditions: conditionsResponse,
  agreements: agreementsResponse,
  notice: noticeResponse,
} as const;
export const SETTING_TEXT_KEYS = ['info', 'contact', 'conditions', 'agreements', 'notice'] as const;
export type SettingTextKey = (typeof SETTING_TEXT_KEYS)[number];

function perLocale<Schema extends z.ZodMiniType>(schema: Schema) {
  return z.object({ th: z.nullable(schema), lo: z.nullable(schema), en: z.nullable(schema) });
}

/** A how-to video's address: https, or a path on this site. */
export const HOWTO_URL = /^(https:\/\/[^\s]+|\/[^\s]*)$/;
export const howtoSetting = z.array(
  z.object({
    key: z.string().check(z.minLength(1), z.maxLength(64)),
    url: z.string().check(z.maxLength(2048), z.regex(HOWTO_URL, { error: 'KEY_INVALID' })),
    demo: z.boolean(),
  }),
);
export const howtoUpdate = z.object({ howto: howtoSetting });
export type HowtoUpdate = z.infer<typeof howtoUpdate>;

/** A currency's withdrawal limits and auto-approve amount, in minor units as strings. */
export const withdrawSetting = z.object({
  currency: z.enum(LAOS_CURRENCIES),
  min: z.string(),
  max: z.string(),
  autoApprove: z.string(),
});
export type WithdrawSetting = z.infer<typeof withdrawSetting>;

const minorInput = z.union([z.string().check(z.regex(/^\d{1,16}$/, { error: 'KEY_INVALID' })), z.int()]);
/** Minor units, as strings or numbers: min and max positive, min <= max, autoApprove 0 or more. */
export const withdrawSettingUpdate = z.object({ min: minorInput, max: minorInput, autoApprove: minorInput });
export type WithdrawSettingUpdate = z.infer<typeof withdrawSettingUpdate>;

/** `HH:mm`, 00:00 to 23:59. */
export const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** The daily window in which slip uploads are closed, `HH:mm` in the site's time zone (equal times: never closed). */
export const slipWindowSetting = z.object({
  closeFrom: z.string().check(z.regex(HH_MM, { error: 'KEY_INVALID' })),
  closeTo: z.string().check(z.regex(HH_MM, { error: 'KEY_INVALID' })),
});
export type SlipWindowSetting = z.infer<typeof slipWindowSetting>;

/** How long a member's new QR can be paid, in whole minutes. */
export const QR_VALIDITY_MINUTES = { min: 1, max: 1_440 } as const;
export const qrValiditySetting = z.object({
  minutes: z
    .int({ error: 'KEY_INVALID' })
    .check(
      z.minimum(QR_VALIDITY_MINUTES.min, { error: 'KEY_INVALID' }),
      z.maximum(QR_VALIDITY_MINUTES.max, { error: 'KEY_INVALID' }),
    ),
});
export type QrValiditySetting = z.infer<typeof qrValiditySetting>;

/**
 * The deployment's ceilings per currency (minor units as strings; docs/backoffice/four-eyes.md), which no
 * back-office change can pass: they come from the server's environment.
 */
export const moneyCeilings = z.object({
  currency: z.enum(LAOS_CURRENCIES),
  approvalAbove: z.string(),
  withdrawMax: z.string(),
  withdrawAutoApprove: z.string(),
  /** What one operator may credit alone (under the approval amount) in a site day. */
  aloneCreditDaily: z.string(),
});
export type MoneyCeilings = z.infer<typeof moneyCeilings>;

export const siteSettingsResponse = z.object({
  flags: siteFlags,
  texts: z.object({
    info: perLocale(infoResponse),
    contact: perLocale(contactResponse),
    conditions: perLocale(conditionsResponse),
    agreements: perLocale(agreementsResponse),
    notice: perLocale(noticeResponse),
  }),
  howto: z.array(howtoItem),
  withdraw: z.array(withdrawSetting),
  slipWindow: slipWindowSetting,
  qrValidity: qrValiditySetting,
  /** Per currency, the adjustment amount above which a second operator approves (adjustmentSetting below). */
  adjustment: z.array(z.object({ currency: z.enum(LAOS_CURRENCIES), approvalAbove: z.string() })),
  /** The deployment's ceilings: no change passes them. */
  ceilings: z.array(moneyCeilings),
  /** Money-bounding changes waiting for a second admin, by target (`setting:withdraw:BAHT`). */
  pending: z.array(z.object({ id: z.string(), target: z.string(), after: z.unknown(), proposedBy: z.string() })),
});
/** Every settings PUT answers the settings as they now are. */
export type SiteSettingsResponse = z.infer<typeof siteSettingsResponse>;
export const SETTINGS_LOCALES = LOCALES;

/** Minor units (a string of digits or an integer), 0 or more: 0 makes every adjustment wait for approval. */
export const adjustmentSettingUpdate = z.object({
  approvalAbove: z.union([z.string().check(z.regex(/^\d{1,15}$/, { error: 'KEY_INVALID' })), z.int()]),
});
export type AdjustmentSettingUpdate = z.infer<typeof adjustmentSettingUpdate>;
