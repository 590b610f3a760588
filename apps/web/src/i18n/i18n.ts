/**
 * The member app's translations (docs/decisions/0008): the shared runtime (packages/client-core i18n.ts) with
 * this app's catalogues, downloaded on demand, and `_one` / `_other` plurals. Each locale has two parts
 * (docs/decisions/0012): the public texts (`{locale}.json`, what visitors see, and every error code) and the
 * member texts (`member/{locale}.json`), which only member pages download, through `loadMemberTexts()` before
 * they render.
 */
import {
  type CatalogueSource,
  type TFunction as CoreTFunction,
  createI18n,
  type TranslationKeys,
} from '@member-wallet/client-core/i18n';
import { LOCALE_COOKIE, LOCALES, type Locale, STORAGE_KEYS } from '@member-wallet/contract/constants';
import { configureUiTexts } from '@member-wallet/ui/spinner';
import { env } from '../lib/env.ts';
import { pluralCategory } from '../lib/plural.ts';
import type en from './en.json';
import type memberEn from './member/en.json';

export type TranslationKey = TranslationKeys<typeof en & typeof memberEn>;
export type TFunction = CoreTFunction<TranslationKey>;

/** One chunk per locale and part: only the active locale's parts are downloaded. */
const catalogues: Record<Locale, CatalogueSource> = {
  th: () => import('./th.json'),
  lo: () => import('./lo.json'),
  en: () => import('./en.json'),
};
const memberCatalogues: Record<Locale, CatalogueSource> = {
  th: () => import('./member/th.json'),
  lo: () => import('./member/lo.json'),
  en: () => import('./member/en.json'),
};

/** Test builds with VITE_PSEUDO_LOCALE=1 show every text as `⟦…⟧` (pseudo.ts); normal builds drop this block. */
if (import.meta.env.VITE_PSEUDO_LOCALE === '1') {
  for (const locale of LOCALES) {
    catalogues[locale] = async () => ({
      default: (await import('./pseudo.ts')).pseudoCatalogue((await import('./en.json')).default),
    });
    memberCatalogues[locale] = async () => ({
      default: (await import('./pseudo.ts')).pseudoCatalogue((await import('./member/en.json')).default),
    });
  }
}

/** A year: the choice outlives sessions, as the stored locale does. */
const LOCALE_COOKIE_SECONDS = 365 * 24 * 60 * 60;

const runtime = createI18n<Locale, typeof en & typeof memberEn, 'member'>({
  locales: LOCALES,
  defaultLocale: env.defaultLocale,
  storageKey: STORAGE_KEYS.locale,
  catalogues,
  parts: { member: memberCatalogues },
  pluralCategory,
  onChange(locale) {
    // For the server, which preloads this language's catalogue on the next visit (docs/decisions/0009).
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older Safari and Firefox.
    document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${LOCALE_COOKIE_SECONDS}; samesite=lax`;
  },
});

export const { i18n, currentLocale, requestedLocale, changeLocale, initI18n, useTranslation } = runtime;

/**
 * Downloads the member texts of the active language (and, from then on, of any language chosen later).
 * The member shell's chunk waits for it, so no member screen renders a raw key.
 */
export function loadMemberTexts(): Promise<void> {
  return runtime.loadPart('member');
}

// The shared components (packages/ui) say their own words in this app's language.
configureUiTexts(() => ({ loading: useTranslation().t('common.loading') }));
