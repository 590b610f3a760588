import type { Locale } from '@member-wallet/contract/constants';

/**
 * English has "1 minute" and "2 minutes"; Thai and Lao have one plural form; the catalogue suffixes are `_one`
 * and `_other`. Its own module because the translation runtime in the entry needs it: the entry imports this
 * file alone, and the formatters of format.ts (month tables in three languages) stay in the member chunks.
 */
export function pluralCategory(locale: Locale, count: number): 'one' | 'other' {
  return locale === 'en' && count === 1 ? 'one' : 'other';
}
