import {
  type SpinRulesSetting,
  type SpinSliceSetting,
  type SpinWheelSetting,
  spinRulesSetting,
  spinSliceSetting,
  spinWheelSetting,
} from '@member-wallet/contract/backoffice/promotions';
import { z } from 'zod/mini';

/**
 * The operator's settings of the prize wheel (docs/promotions/wheel.md), kept as JSON in `site_settings`:
 * `spinWheel` (the wheel) and `spinRules` (how coins are earned, how long coupons last). The schemas live in the
 * contract, so the back-office's editor and this reader check a wheel the same way.
 */
export const SPIN_WHEEL_KEY = 'spinWheel';
export const SPIN_RULES_KEY = 'spinRules';

export const sliceSetting = spinSliceSetting;
export type SliceSetting = SpinSliceSetting;
export const wheelSetting = spinWheelSetting;
export type WheelSetting = SpinWheelSetting;
export const rulesSetting = spinRulesSetting;
export type RulesSetting = SpinRulesSetting;

/** A stored setting that does not parse is a broken configuration: an error (500), never a guess. */
export function parseSetting<T>(schema: z.ZodMiniType<T>, key: string, value: unknown): T {
  const parsed = z.safeParse(schema, value);
  if (!parsed.success) throw new Error(`site setting ${key} is not valid: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}
