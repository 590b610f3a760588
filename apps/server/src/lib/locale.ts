import { type Country, defaultLocaleFor, LOCALES, type Locale } from '@member-wallet/contract/constants';

/** The first supported language of an `Accept-Language` header, by quality; else the country's default. */
export function pickLocale(header: string | undefined, country: Country): Locale {
  if (!header) return defaultLocaleFor(country);
  const ranked = header
    .slice(0, 200)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const quality = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { language: tag.trim().toLowerCase().split('-')[0] ?? '', quality: Number(quality ?? 1), index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  const match = ranked.find((entry) => (LOCALES as readonly string[]).includes(entry.language));
  return (match?.language as Locale | undefined) ?? defaultLocaleFor(country);
}
