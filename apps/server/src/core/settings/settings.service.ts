import { qrValiditySetting } from '@member-wallet/contract/backoffice/settings';
import type { Locale } from '@member-wallet/contract/constants';
import type { Clock } from '../../lib/clock.ts';
import { ANY_LOCALE, type SettingsRepository } from './settings.repository.ts';

export const SITE_FLAGS = ['registerOTP', 'enableChatWidget', 'terminated'] as const;
export type SiteFlag = (typeof SITE_FLAGS)[number];

/** A currency's withdrawal limits, in minor units, both inclusive. */
export interface WithdrawLimits {
  min: bigint;
  max: bigint;
}

/** Where the limits live: `{ "<currency>": { "min": <minor units>, "max": <minor units> } }`. */
/**
 * The daily window in which slip uploads are closed (docs/deposits/slips.md): `{ closeFrom: "HH:mm", closeTo:
 * "HH:mm" }` in the site's time zone; the default until an operator sets it.
 */
export const SLIP_WINDOW_KEY = 'slipClosedWindow';
export const SLIP_WINDOW_DEFAULT = { closeFrom: '23:50', closeTo: '00:10' } as const;

export const WITHDRAW_LIMITS_KEY = 'withdrawLimits';

/** Withdrawals paid without an operator's review, up to: `{ "<currency>": <minor units> }` (migration 0016). */
export const WITHDRAW_AUTO_APPROVE_KEY = 'withdrawAutoApprove';

/**
 * How long a member's QR can be paid (`{ "minutes": 1..1440 }`, contract `qrValiditySetting`); until an operator
 * sets it, the server's `QR_EXPIRY_MINUTES`.
 */
export const QR_VALIDITY_KEY = 'qrValidity';

/**
 * Manual adjustments above this (absolute, minor units) wait for a second operator: `{ "<currency>": <minor
 * units> }` (migration 0017); 0 makes every adjustment wait.
 */
export const ADJUSTMENT_APPROVAL_KEY = 'adjustmentApproval';

/** Flags are read on every request (`terminated`), so they are cached briefly; local writes drop the cache. */
const FLAG_CACHE_MS = 2_000;

export class SettingsService {
  readonly #flags = new Map<SiteFlag, { value: boolean; readAt: number }>();

  constructor(
    private readonly repository: SettingsRepository,
    private readonly clock: Clock,
  ) {}

  async flag(name: SiteFlag): Promise<boolean> {
    const now = Date.now();
    const cached = this.#flags.get(name);
    if (cached && now - cached.readAt < FLAG_CACHE_MS) return cached.value;
    const value = (await this.repository.get(name, ANY_LOCALE)) === true;
    this.#flags.set(name, { value, readAt: now });
    return value;
  }

  async setFlags(flags: Partial<Record<SiteFlag, boolean>>): Promise<void> {
    for (const name of SITE_FLAGS) {
      const value = flags[name];
      if (value !== undefined) await this.repository.put(name, ANY_LOCALE, value, this.clock.now());
    }
    this.#flags.clear();
  }

  /** After flags changed elsewhere (the back-office writes them in its own transaction): read them afresh. */
  clearFlagCache(): void {
    this.#flags.clear();
  }

  /** A setting in the caller's language, falling back to Thai when a translation is missing. */
  async localized(key: string, locale: Locale): Promise<unknown> {
    return (await this.repository.get(key, locale)) ?? (await this.repository.get(key, 'th'));
  }

  global(key: string): Promise<unknown> {
    return this.repository.get(key, ANY_LOCALE);
  }

  async setGlobal(key: string, value: unknown): Promise<void> {
    await this.repository.put(key, ANY_LOCALE, value, this.clock.now());
  }

  /**
   * The withdrawal limits of a currency (seeded by migration 0005, changed by operators). Missing or malformed
   * limits are a broken configuration, not a member's mistake: an error, answered 500.
   */
  async withdrawLimits(currency: string): Promise<WithdrawLimits> {
    const all = (await this.global(WITHDRAW_LIMITS_KEY)) as
      | Record<string, { min?: unknown; max?: unknown }>
      | undefined;
    const limits = all?.[currency];
    const valid = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;
    if (!limits || !valid(limits.min) || !valid(limits.max) || limits.min > limits.max) {
      throw new Error(`site setting ${WITHDRAW_LIMITS_KEY} has no valid limits for ${currency}`);
    }
    return { min: BigInt(limits.min), max: BigInt(limits.max) };
  }

  /**
   * The largest withdrawal of a currency paid without an operator's review (0: every withdrawal is reviewed).
   * A missing or malformed value is a broken configuration: an error, answered 500.
   */
  async withdrawAutoApproveMax(currency: string): Promise<bigint> {
    const all = (await this.global(WITHDRAW_AUTO_APPROVE_KEY)) as Record<string, unknown> | undefined;
    const value = all?.[currency];
    if (!Number.isSafeInteger(value) || (value as number) < 0) {
      throw new Error(`site setting ${WITHDRAW_AUTO_APPROVE_KEY} has no valid amount for ${currency}`);
    }
    return BigInt(value as number);
  }

  async setWithdrawAutoApproveMax(currency: string, maxMinor: bigint): Promise<void> {
    const all = ((await this.global(WITHDRAW_AUTO_APPROVE_KEY)) as Record<string, unknown> | undefined) ?? {};
    await this.setGlobal(WITHDRAW_AUTO_APPROVE_KEY, { ...all, [currency]: Number(maxMinor) });
  }

  /**
   * The minutes a new QR stays payable: the operator's setting, else `fallback` (the server's configuration).
   * A stored value out of 1..1440 is a broken configuration: an error, answered 500.
   */
  async qrValidityMinutes(fallback: number): Promise<number> {
    const stored = await this.global(QR_VALIDITY_KEY);
    if (stored === undefined) return fallback;
    const parsed = qrValiditySetting.safeParse(stored);
    if (!parsed.success) throw new Error(`site setting ${QR_VALIDITY_KEY} holds no valid minutes`);
    return parsed.data.minutes;
  }

  /**
   * The largest manual adjustment (absolute) of a currency applied without a second operator (0: every one
   * waits). A missing or malformed value is a broken configuration: an error, answered 500.
   */
  async adjustmentApprovalAbove(currency: string): Promise<bigint> {
    const all = (await this.global(ADJUSTMENT_APPROVAL_KEY)) as Record<string, unknown> | undefined;
    const value = all?.[currency];
    if (!Number.isSafeInteger(value) || (value as number) < 0) {
      throw new Error(`site setting ${ADJUSTMENT_APPROVAL_KEY} has no valid amount for ${currency}`);
    }
    return BigInt(value as number);
  }
}
