import type { Locale } from '@member-wallet/contract/constants';
import type { Clock } from '../../lib/clock.ts';
import { ANY_LOCALE, type SettingsRepository } from './settings.repository.ts';

export const SITE_FLAGS = ['registerOTP', 'enableChatWidget', 'terminated'] as const;
export type SiteFlag = (typeof SITE_FLAGS)[number];

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

  /** A setting in the caller's language, falling back to Thai when a translation is missing. */
  async localized(key: string, locale: Locale): Promise<unknown> {
    return (await this.repository.get(key, locale)) ?? (await this.repository.get(key, 'th'));
  }

  global(key: string): Promise<unknown> {
    return this.repository.get(key, ANY_LOCALE);
  }
}
