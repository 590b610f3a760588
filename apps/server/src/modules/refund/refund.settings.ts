import type { SettingsService } from '../../core/settings/settings.service.ts';
import { amountOk, percentOk } from '../invite/invite.module.ts';

/**
 * The loss refund's settings (site setting `refundProgramme`, docs/promotions/refunds.md). Every field an
 * operator leaves out takes its default; a value out of range is a broken configuration (500).
 */
export interface RefundSettings {
  /** Off: nothing can be received (REFUND_INACTIVE); the log still shows the past. */
  enabled: boolean;
  /** The refund period: the local calendar day, or the local week from Monday 00:00. */
  period: 'day' | 'week';
  /** The share of the period's net loss refunded, in percent (0 to 100). */
  percent: number;
  /** A refund must exceed this many baht (or kip); the spec's floor is 0 (spec section 9). */
  minimum: number;
  /** The largest refund of one period in baht (or kip); 0: no cap. */
  cap: number;
  /** The share of the refund paid into the wallet, in percent (0 to 100); the rest is forfeited. */
  successPercent: number;
}

export const REFUND_SETTINGS_KEY = 'refundProgramme';
export const REFUND_BANNERS_KEY = 'refundBanners';
/** Off until an operator (or the demo) switches it on. */
export const REFUND_DEFAULTS: RefundSettings = {
  enabled: false,
  period: 'week',
  percent: 5,
  minimum: 0,
  cap: 5_000,
  successPercent: 100,
};
export const REFUND_DEMO: RefundSettings = { ...REFUND_DEFAULTS, enabled: true };

export async function readRefundSettings(settings: SettingsService): Promise<RefundSettings> {
  const stored = ((await settings.global(REFUND_SETTINGS_KEY)) ?? {}) as Partial<Record<keyof RefundSettings, unknown>>;
  const merged = { ...REFUND_DEFAULTS, ...stored };
  if (!refundSettingsValid(merged)) {
    throw new Error(`site setting ${REFUND_SETTINGS_KEY} is invalid: ${JSON.stringify(stored)}`);
  }
  return merged;
}

/** What this reader accepts: the back-office stores nothing it would refuse. */
export function refundSettingsValid(value: Partial<Record<keyof RefundSettings, unknown>>): value is RefundSettings {
  return (
    typeof value.enabled === 'boolean' &&
    (value.period === 'day' || value.period === 'week') &&
    percentOk(value.percent) &&
    percentOk(value.successPercent) &&
    amountOk(value.minimum) &&
    amountOk(value.cap)
  );
}
