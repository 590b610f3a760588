import { LOCALES, type Locale, STORAGE_KEYS } from '@member-wallet/contract/constants';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { env } from '../lib/env.ts';
import type en from './en.json';

export type Catalogue = typeof en;

/** One chunk per locale: only the active catalogue is downloaded. */
const loaders: Record<Locale, () => Promise<{ default: Catalogue }>> = {
  th: () => import('./th.json'),
  lo: () => import('./lo.json'),
  en: () => import('./en.json'),
};

/** Test builds with VITE_PSEUDO_LOCALE=1 show every text as `⟦…⟧` (pseudo.ts); normal builds drop this block. */
if (import.meta.env.VITE_PSEUDO_LOCALE === '1') {
  for (const locale of LOCALES) {
    loaders[locale] = async () => ({
      default: (await import('./pseudo.ts')).pseudoCatalogue((await import('./en.json')).default),
    });
  }
}

export const i18n = i18next.createInstance();

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function storedLocale(): Locale {
  const stored = localStorage.getItem(STORAGE_KEYS.locale);
  return isLocale(stored) ? stored : env.defaultLocale;
}

export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : env.defaultLocale;
}

async function ensureLoaded(locale: Locale): Promise<void> {
  if (i18n.hasResourceBundle(locale, 'translation')) return;
  const catalogue = await loaders[locale]();
  i18n.addResourceBundle(locale, 'translation', catalogue.default, true, true);
}

function applyLocale(locale: Locale): void {
  document.documentElement.lang = locale;
  localStorage.setItem(STORAGE_KEYS.locale, locale);
}

/** Resolves once the active catalogue is in memory, so the first render never shows raw keys. */
export async function initI18n(locale: Locale = storedLocale()): Promise<void> {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      lng: locale,
      fallbackLng: false,
      supportedLngs: [...LOCALES],
      resources: {},
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  }
  await changeLocale(locale);
}

export async function changeLocale(locale: Locale): Promise<void> {
  await ensureLoaded(locale);
  await i18n.changeLanguage(locale);
  applyLocale(locale);
}
