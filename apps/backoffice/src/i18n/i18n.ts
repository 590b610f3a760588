/**
 * The back-office's translations: the member app's runtime (apps/web/src/i18n/i18n.ts) cut down to two
 * languages, Thai and English, both bundled (operators are few, on good connections). Typed keys, `{{name}}`
 * interpolation; components read texts with `useTranslation()`, code outside React uses `i18n`.
 */

import { configureUiTexts } from '@member-wallet/ui/spinner';
import { useMemo, useSyncExternalStore } from 'react';
import en from './en.json';
import th from './th.json';

export const BACKOFFICE_LOCALES = ['th', 'en'] as const;
export type BackofficeLocale = (typeof BACKOFFICE_LOCALES)[number];
export const DEFAULT_LOCALE: BackofficeLocale = 'th';
/** Its own key: the member app's locale, on the same origin, is the member's choice, not the operator's. */
export const LOCALE_STORAGE_KEY = 'operatorLocale';

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type TranslationKey = Leaves<typeof en>;
export type TFunction = (key: TranslationKey, values?: Record<string, string | number>) => string;

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, into = new Map<string, string>(), prefix = ''): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') into.set(`${prefix}${key}`, value);
    else flatten(value, into, `${prefix}${key}.`);
  }
  return into;
}

const texts: Record<BackofficeLocale, Map<string, string>> = { th: flatten(th), en: flatten(en) };
const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

function translator(locale: BackofficeLocale): TFunction {
  return (key, values) => {
    const text = texts[locale].get(key);
    // A missing text shows its key, which the catalogue test makes visible.
    if (text === undefined) return key;
    if (!values) return text;
    return text.replace(PLACEHOLDER, (placeholder, name: string) =>
      name in values ? String(values[name]) : placeholder,
    );
  };
}
const translators: Record<BackofficeLocale, TFunction> = { th: translator('th'), en: translator('en') };

let active: BackofficeLocale = DEFAULT_LOCALE;
const listeners = new Set<() => void>();

export function isLocale(value: unknown): value is BackofficeLocale {
  return typeof value === 'string' && (BACKOFFICE_LOCALES as readonly string[]).includes(value);
}

export const i18n = {
  get language(): BackofficeLocale {
    return active;
  },
  t: ((key, values) => translators[active](key, values)) as TFunction,
  exists(key: string): boolean {
    return texts[active].has(key);
  },
};

export function changeLocale(locale: BackofficeLocale): void {
  active = locale;
  document.documentElement.lang = locale;
  localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  for (const listener of listeners) listener();
}

/** The stored choice, else Thai. */
export function initI18n(locale?: BackofficeLocale): void {
  const stored = localStorage.getItem(LOCALE_STORAGE_KEY);
  changeLocale(locale ?? (isLocale(stored) ? stored : DEFAULT_LOCALE));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function currentLocale(): BackofficeLocale {
  return active;
}

/** Texts of the active language; the component renders again when the language changes. */
export function useTranslation(): { t: TFunction; language: BackofficeLocale } {
  const locale = useSyncExternalStore(subscribe, currentLocale);
  return useMemo(() => ({ t: translators[locale], language: locale }), [locale]);
}

// The shared components (packages/ui) say their own words in this app's language.
configureUiTexts(() => ({ loading: useTranslation().t('common.loading') }));
