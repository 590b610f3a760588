import { isAmount } from '@member-wallet/contract/money';
import { PRIZE_TYPES } from '@member-wallet/contract/spin';
import { z } from 'zod/mini';
import { TOTAL_WEIGHT_MAX } from './spin.draw.ts';

/**
 * The operator's settings of the prize wheel (docs/promotions.md, Prize wheel), kept as JSON in `site_settings`:
 * `spinWheel` (the wheel) and `spinRules` (how coins are earned, how long coupons last).
 */
export const SPIN_WHEEL_KEY = 'spinWheel';
export const SPIN_RULES_KEY = 'spinRules';

const SLICES_MAX = 24;
const TEXT_MAX = 200;
const HTML_MAX = 5_000;

const text = (max: number) => z.string().check(z.maxLength(max));
/** A text in each language the site speaks. */
const localized = (max: number) => z.object({ th: text(max), lo: text(max), en: text(max) });
const colour = z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/));
const major = z.number().check(z.refine((value) => value > 0 && isAmount(value)));

export const sliceSetting = z.object({
  code: z.string().check(z.regex(/^[A-Z0-9_]{1,32}$/)),
  label: localized(TEXT_MAX),
  bgColor: colour,
  textColor: colour,
  htmlDescription: z.optional(localized(HTML_MAX)),
  /** Relative chance: this slice is drawn with probability weight / (sum of all weights). */
  weight: z.int().check(z.minimum(0), z.maximum(1_000_000)),
  prize: z.object({
    type: z.enum(PRIZE_TYPES),
    /** Cash prizes: the amount in the major unit, per currency (every currency members hold). */
    amount: z.optional(z.record(z.string(), major)),
  }),
});
export type SliceSetting = z.infer<typeof sliceSetting>;

export const wheelSetting = z.object({
  active: z.boolean(),
  name: localized(TEXT_MAX),
  slices: z.array(sliceSetting).check(
    z.minLength(2),
    z.maxLength(SLICES_MAX),
    z.refine((slices) => new Set(slices.map((slice) => slice.code)).size === slices.length, 'duplicate slice code'),
    z.refine((slices) => {
      const total = slices.reduce((sum, slice) => sum + slice.weight, 0);
      return total > 0 && total <= TOTAL_WEIGHT_MAX;
    }, 'the weights must add up to more than 0'),
    z.refine(
      (slices) => slices.every((slice) => (slice.prize.type === 'cash') === (slice.prize.amount !== undefined)),
      'cash slices, and only they, have amounts',
    ),
  ),
});
export type WheelSetting = z.infer<typeof wheelSetting>;

export const rulesSetting = z.object({
  /** Completed deposits, in the major unit of each currency, that earn one coin. */
  depositPerCoin: z.record(z.string(), major),
  couponExpiryHours: z.int().check(z.minimum(1), z.maximum(24 * 366)),
});
export type RulesSetting = z.infer<typeof rulesSetting>;

/** A stored setting that does not parse is a broken configuration: an error (500), never a guess. */
export function parseSetting<T>(schema: z.ZodMiniType<T>, key: string, value: unknown): T {
  const parsed = z.safeParse(schema, value);
  if (!parsed.success) throw new Error(`site setting ${key} is not valid: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}
