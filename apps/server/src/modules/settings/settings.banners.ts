import { type BannerItem, bannersResponse } from '@member-wallet/contract/banner';
import type { Locale } from '@member-wallet/contract/constants';
import { z } from 'zod/mini';
import type { SettingsRepository } from '../../core/settings/settings.repository.ts';
import type { SettingsService } from '../../core/settings/settings.service.ts';

/**
 * A promotion's banners, kept as a localized site setting (`[{ image, html }]`, Thai as the fallback); none
 * when the operator has set none. A malformed list is a broken configuration, not the member's problem: 500.
 */
export async function readBanners(settings: SettingsService, key: string, locale: Locale): Promise<BannerItem[]> {
  const stored = await settings.localized(key, locale);
  if (stored === undefined || stored === null) return [];
  const parsed = z.safeParse(bannersResponse, stored);
  if (!parsed.success) throw new Error(`site setting ${key} (${locale}) is not a list of banners`);
  return parsed.data;
}

/** Demo banners per language (DESIGN.md section 7), each written only when the operator has none there. */
export async function seedBanners(
  repository: SettingsRepository,
  key: string,
  banners: Record<string, BannerItem[]>,
  now: Date,
): Promise<void> {
  for (const [locale, items] of Object.entries(banners)) {
    if ((await repository.get(key, locale)) === undefined) await repository.put(key, locale, items, now);
  }
}
