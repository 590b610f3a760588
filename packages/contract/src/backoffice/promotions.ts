import { z } from 'zod/mini';
import { LAOS_CURRENCIES } from '../constants.ts';
import { isAmount } from '../money.ts';
import { PRIZE_TYPES } from '../spin.ts';
import { pageQuery } from './common.ts';
import { pendingChange } from './pending-changes.ts';

// ---------------------------------------------------------------------------------------------------------------
// Promotions (docs/backoffice/promotions.md; the rules are docs/promotions/). Reads are for every operator,
// changes for admins. Money is minor units as strings (or integers) as everywhere in this API.

/** Minor units in a request: digits as a string, or an integer. */
export const promoMinorInput = z.union([
  z.string().check(z.regex(/^\d{1,16}$/, { error: 'KEY_INVALID' })),
  z.int().check(z.minimum(0)),
]);

export const PROMO_TEXT_MAX = 200;
export const PROMO_HTML_MAX = 10_000;
export const BANNERS_MAX = 10;
/** An image or link address an operator may store: https, or a path on this site. */
export const PROMO_URL = /^(https:\/\/[^\s]+|\/[^\s]*)$/;

const promoText = (max: number) => z.string().check(z.maxLength(max, { error: 'KEY_INVALID' }));
/** A text in each language: Thai is the fallback, so it is required; Lao and English may be empty. */
export const promoTexts = (max: number) =>
  z.object({
    th: promoText(max).check(z.minLength(1, { error: 'KEY_MISSING' })),
    lo: promoText(max),
    en: promoText(max),
  });
export const promoLocalized = z.object({ th: z.string(), lo: z.string(), en: z.string() });

export const bannerSetting = z.object({
  image: z.string().check(z.maxLength(2048), z.regex(PROMO_URL, { error: 'KEY_INVALID' })),
  html: promoText(PROMO_HTML_MAX),
});
export const bannerList = z.array(bannerSetting).check(z.maxLength(BANNERS_MAX, { error: 'KEY_INVALID' }));

/** A bonus's banner: its html one text for every language, or one per language (Thai the fallback). */
export const bonusBannerSetting = z.object({
  image: bannerSetting.shape.image,
  html: z.union([
    promoText(PROMO_HTML_MAX),
    z.object({ th: promoText(PROMO_HTML_MAX), lo: promoText(PROMO_HTML_MAX), en: promoText(PROMO_HTML_MAX) }),
  ]),
});

export const BONUS_KINDS = ['bonus', 'promotion'] as const;
export const BONUS_AMOUNT_RULES = ['fixed', 'deposit_percent'] as const;
const BONUS_TYPE_VALUES = ['limit', 'day', 'week'] as const;

/** A bonus definition as the back-office sees it (table `bonuses`), with how many times it was received. */
export const backofficeBonus = z.object({
  code: z.string(),
  kind: z.enum(BONUS_KINDS),
  type: z.enum(BONUS_TYPE_VALUES),
  currency: z.string(),
  maxReceived: z.int(),
  totalMax: z.nullable(z.int()),
  percentFail: z.int(),
  amountRule: z.enum(BONUS_AMOUNT_RULES),
  amountMinor: z.nullable(z.string()),
  depositPercent: z.nullable(z.int()),
  amountCapMinor: z.nullable(z.string()),
  depositWindowHours: z.nullable(z.int()),
  winMultiple: z.int(),
  endBelowMinor: z.string(),
  names: promoLocalized,
  descriptions: promoLocalized,
  banners: z.array(z.object({ image: z.string(), html: z.union([z.string(), promoLocalized]) })),
  sortOrder: z.int(),
  active: z.boolean(),
  createdAt: z.string(),
  /** Activations by all members so far. */
  received: z.int(),
});
export type BackofficeBonus = z.infer<typeof backofficeBonus>;

export const bonusQuery = z.extend(pageQuery, { kind: z.optional(z.enum(BONUS_KINDS)) });
export type BonusQuery = z.infer<typeof bonusQuery>;
export const bonusCsvQuery = z.object({ kind: z.optional(z.enum(BONUS_KINDS)) });
export type BonusCsvQuery = z.infer<typeof bonusCsvQuery>;
export const bonusPage = z.object({ total: z.int(), bonuses: z.array(backofficeBonus) });
export type BonusPage = z.infer<typeof bonusPage>;

/**
 * A bonus's terms, every column's limits as migration 0012 checks them (docs/promotions/bonuses.md, A bonus definition).
 * `fixed` needs amountMinor; `deposit_percent` needs depositPercent, amountCapMinor and depositWindowHours (the
 * server answers KEY_MISSING for the missing one).
 */
export const bonusTerms = z.object({
  type: z.enum(BONUS_TYPE_VALUES),
  currency: z.enum(LAOS_CURRENCIES),
  maxReceived: z.int().check(z.minimum(1, { error: 'KEY_INVALID' }), z.maximum(10_000, { error: 'KEY_INVALID' })),
  totalMax: z.nullable(z.int().check(z.minimum(1, { error: 'KEY_INVALID' }), z.maximum(1_000_000_000))),
  percentFail: z.int().check(z.minimum(0, { error: 'KEY_INVALID' }), z.maximum(100, { error: 'KEY_INVALID' })),
  amountRule: z.enum(BONUS_AMOUNT_RULES),
  amountMinor: z.nullable(promoMinorInput),
  depositPercent: z.nullable(
    z.int().check(z.minimum(1, { error: 'KEY_INVALID' }), z.maximum(1000, { error: 'KEY_INVALID' })),
  ),
  amountCapMinor: z.nullable(promoMinorInput),
  depositWindowHours: z.nullable(
    z.int().check(z.minimum(1, { error: 'KEY_INVALID' }), z.maximum(720, { error: 'KEY_INVALID' })),
  ),
  winMultiple: z.int().check(z.minimum(0, { error: 'KEY_INVALID' }), z.maximum(1000, { error: 'KEY_INVALID' })),
  endBelowMinor: promoMinorInput,
  names: promoTexts(PROMO_TEXT_MAX),
  descriptions: z.object({ th: promoText(5_000), lo: promoText(5_000), en: promoText(5_000) }),
  banners: z.array(bonusBannerSetting).check(z.maxLength(BANNERS_MAX, { error: 'KEY_INVALID' })),
  sortOrder: z.int().check(z.minimum(-1_000_000), z.maximum(1_000_000)),
  active: z.boolean(),
});
export type BonusTerms = z.infer<typeof bonusTerms>;

/** A new definition: its code (trimmed, upper-cased; A-Z 0-9 _ -, at most 32) and kind never change later. */
export const bonusCreateRequest = z.extend(bonusTerms, {
  code: z.string().check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z0-9_-]{1,32}$/, { error: 'KEY_INVALID' })),
  kind: z.enum(BONUS_KINDS),
});
export type BonusCreateRequest = z.input<typeof bonusCreateRequest>;
/** A change replaces every term; running member bonuses keep the terms they were received with. */
export const bonusUpdateRequest = bonusTerms;
export type BonusUpdateRequest = z.input<typeof bonusUpdateRequest>;

const percent2 = z.number().check(z.refine((value) => isAmount(value) && value <= 100, { error: 'KEY_INVALID' }));
const majorAmount = z
  .number()
  .check(z.refine((value) => isAmount(value) && value <= 100_000_000, { error: 'KEY_INVALID' }));

/** The invite programme (site setting `inviteProgramme`; docs/promotions/invite.md). */
export const inviteSettingsSchema = z.object({
  enabled: z.boolean(),
  percent: percent2,
  successPercent: percent2,
  collectMinimum: majorAmount,
});
export type InviteSettingsValue = z.infer<typeof inviteSettingsSchema>;

/** The loss refund (site setting `refundProgramme`; docs/promotions/refunds.md). */
export const refundSettingsSchema = z.object({
  enabled: z.boolean(),
  period: z.enum(['day', 'week']),
  percent: percent2,
  minimum: majorAmount,
  cap: majorAmount,
  successPercent: percent2,
});
export type RefundSettingsValue = z.infer<typeof refundSettingsSchema>;

/** The prize wheel's schemas (docs/promotions/wheel.md); the server reads its settings with them. */
export const SPIN_TOTAL_WEIGHT_MAX = 2 ** 40;
export const SPIN_SLICES_MAX = 24;
const spinText = (max: number) => z.string().check(z.maxLength(max));
const spinLocalized = (max: number) => z.object({ th: spinText(max), lo: spinText(max), en: spinText(max) });
const spinColour = z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/));
const spinMajor = z.number().check(z.refine((value) => value > 0 && isAmount(value)));

export const spinSliceSetting = z.object({
  code: z.string().check(z.regex(/^[A-Z0-9_]{1,32}$/)),
  label: spinLocalized(200),
  bgColor: spinColour,
  textColor: spinColour,
  htmlDescription: z.optional(spinLocalized(5_000)),
  /** Relative chance: this slice is drawn with probability weight / (sum of all weights). */
  weight: z.int().check(z.minimum(0), z.maximum(1_000_000)),
  prize: z.object({
    type: z.enum(PRIZE_TYPES),
    /** Cash prizes: the amount in the major unit, per currency (every currency members hold). */
    amount: z.optional(z.record(z.string(), spinMajor)),
  }),
});
export type SpinSliceSetting = z.infer<typeof spinSliceSetting>;

export const spinWheelSetting = z.object({
  active: z.boolean(),
  name: spinLocalized(200),
  slices: z.array(spinSliceSetting).check(
    z.minLength(2),
    z.maxLength(SPIN_SLICES_MAX),
    z.refine((slices) => new Set(slices.map((slice) => slice.code)).size === slices.length, 'duplicate slice code'),
    z.refine((slices) => {
      const total = slices.reduce((sum, slice) => sum + slice.weight, 0);
      return total > 0 && total <= SPIN_TOTAL_WEIGHT_MAX;
    }, 'the weights must add up to more than 0'),
    z.refine(
      (slices) => slices.every((slice) => (slice.prize.type === 'cash') === (slice.prize.amount !== undefined)),
      'cash slices, and only they, have amounts',
    ),
  ),
});
export type SpinWheelSetting = z.infer<typeof spinWheelSetting>;

export const spinRulesSetting = z.object({
  /** Completed deposits, in the major unit of each currency, that earn one coin. */
  depositPerCoin: z.record(z.string(), spinMajor),
  couponExpiryHours: z.int().check(z.minimum(1), z.maximum(24 * 366)),
  /**
   * A claimed cash prize runs as a bonus (docs/promotions/wheel.md, "Rewards are bonus money"): winnings since the claim
   * must exceed this multiple of it (default 1) ...
   */
  prizeWinMultiple: z.optional(z.int().check(z.minimum(0), z.maximum(1000))),
  /** ... and cancelling it earlier takes back this share of it (0-100, default 100). */
  prizePercentFail: z.optional(z.int().check(z.minimum(0), z.maximum(100))),
});
export type SpinRulesSetting = z.infer<typeof spinRulesSetting>;

/** GET: the wheel and the coin rule as stored (null: none set). PUT: either or both, each replaced whole. */
export const spinSettingsResponse = z.object({
  wheel: z.nullable(spinWheelSetting),
  rules: z.nullable(spinRulesSetting),
});
export type SpinSettingsResponse = z.infer<typeof spinSettingsResponse>;
export const spinSettingsUpdate = z.object({
  wheel: z.optional(spinWheelSetting),
  rules: z.optional(spinRulesSetting),
});
export type SpinSettingsUpdate = z.infer<typeof spinSettingsUpdate>;

export const BANNER_PROGRAMMES = ['invite', 'refund'] as const;
export type BannerProgramme = (typeof BANNER_PROGRAMMES)[number];
const bannersPerLocale = z.object({
  th: z.nullable(bannerList),
  lo: z.nullable(bannerList),
  en: z.nullable(bannerList),
});
/** The invite and refund banners per language; null where that language has none (members then see Thai's). */
export const bannersResponseAll = z.object({ invite: bannersPerLocale, refund: bannersPerLocale });
export type BannersResponseAll = z.infer<typeof bannersResponseAll>;
export const bannersUpdate = z.object({ banners: bannerList });
export type BannersUpdate = z.infer<typeof bannersUpdate>;

/** Uploaded promotion pictures: PNG, JPEG or WebP by their bytes, at most 2 MiB. */
export const MEDIA_BYTES_MAX = 2 * 1024 * 1024;
export const MEDIA_FILE_FIELD = 'file';
export const mediaUploadResponse = z.object({ url: z.string() });
export type MediaUploadResponse = z.infer<typeof mediaUploadResponse>;

// ---------------------------------------------------------------------------------------------------------------
// Reward terms under four eyes (docs/backoffice/four-eyes.md, Reward terms): a change that only tightens applies
// at once and answers 200 with the resource as before; any other waits for a second admin and answers 202 with the
// change and the resource as it still is (a new active definition: stored inactive, its activation waiting).

/** `POST …/bonuses`, `PUT …/bonuses/:code` answered 202. */
export const bonusChangeResponse = z.object({ change: pendingChange, bonus: backofficeBonus });
export type BonusChangeResponse = z.infer<typeof bonusChangeResponse>;
/** `PUT …/promotions/invite` answered 202. */
export const inviteChangeResponse = z.object({ change: pendingChange, programme: inviteSettingsSchema });
export type InviteChangeResponse = z.infer<typeof inviteChangeResponse>;
/** `PUT …/promotions/refund` answered 202. */
export const refundChangeResponse = z.object({ change: pendingChange, programme: refundSettingsSchema });
export type RefundChangeResponse = z.infer<typeof refundChangeResponse>;
/** `PUT …/promotions/spin` answered 202. */
export const spinChangeResponse = z.object({ change: pendingChange, spin: spinSettingsResponse });
export type SpinChangeResponse = z.infer<typeof spinChangeResponse>;
