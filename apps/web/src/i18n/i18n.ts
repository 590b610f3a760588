/**
 * The app's translation runtime (docs/decisions/0008): one catalogue per locale, downloaded on demand, typed
 * keys, `{{name}}` interpolation and `_one` / `_other` plurals. Components read texts with `useTranslation()`;
 * code outside React uses `i18n`.
 */
import { LOCALE_COOKIE, LOCALES, type Locale, STORAGE_KEYS } from '@member-wallet/contract/constants';
import { useMemo, useSyncExternalStore } from 'react';
import { env } from '../lib/env.ts';
import { pluralCategory } from '../lib/plural.ts';
import type en from './en.json';

export type Catalogue = typeof en;

/** Every dotted path to a text of the catalogue: `'auth.login'`, `'time.daysAgo_one'`, … */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
type Leaf = Leaves<Catalogue>;
/** A plural text is asked for by its base key with a `count`: `t('time.daysAgo', { count })`. */
type PluralBase<K> = K extends `${infer Base}_one` ? Base : never;
export type TranslationKey = Leaf | PluralBase<Leaf>;
export type TranslationValues = Record<string, string | number>;
export type TFunction = (key: TranslationKey, values?: TranslationValues) => string;

type Tree = { [key: string]: string | Tree };

/** One chunk per locale: only the active catalogue is downloaded. */
const loaders: Record<Locale, () => Promise<{ default: Tree }>> = {
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

const texts: Partial<Record<Locale, Map<string, string>>> = {};
const translators: Partial<Record<Locale, TFunction>> = {};
const listeners = new Set<() => void>();
let active: Locale = env.defaultLocale;

function flatten(tree: Tree, into: Map<string, string>, prefix = ''): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') into.set(`${prefix}${key}`, value);
    else flatten(value, into, `${prefix}${key}.`);
  }
  return into;
}

/** A year: the choice outlives sessions, as the stored locale does. */
const LOCALE_COOKIE_SECONDS = 365 * 24 * 60 * 60;

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

function translator(locale: Locale): TFunction {
  const existing = translators[locale];
  if (existing) return existing;
  const t: TFunction = (key, values) => {
    const catalogue = texts[locale];
    const count = values?.count;
    const text =
      (count === undefined ? undefined : catalogue?.get(`${key}_${pluralCategory(locale, Number(count))}`)) ??
      catalogue?.get(key);
    // A missing text shows its key, which the pseudo-locale and catalogue tests make visible.
    if (text === undefined) return key;
    if (!values) return text;
    return text.replace(PLACEHOLDER, (placeholder, name: string) =>
      name in values ? String(values[name]) : placeholder,
    );
  };
  translators[locale] = t;
  return t;
}

/** The runtime for code outside components; `language` is the active locale. */
export const i18n = {
  get language(): Locale {
    return active;
  },
  t: ((key, values) => translator(active)(key, values)) as TFunction,
  /** Whether the active catalogue has a text for `key` (error codes the client may not know yet). */
  exists(key: string): boolean {
    return texts[active]?.has(key) ?? false;
  },
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function storedLocale(): Locale {
  const stored = localStorage.getItem(STORAGE_KEYS.locale);
  return isLocale(stored) ? stored : env.defaultLocale;
}

export function currentLocale(): Locale {
  return active;
}

async function ensureLoaded(locale: Locale): Promise<void> {
  if (texts[locale]) return;
  const catalogue = await loaders[locale]();
  texts[locale] = flatten(catalogue.default, new Map());
}

/** Resolves once the active catalogue is in memory, so the first render never shows raw keys. */
export function initI18n(locale: Locale = storedLocale()): Promise<void> {
  return changeLocale(locale);
}

export async function changeLocale(locale: Locale): Promise<void> {
  await ensureLoaded(locale);
  active = locale;
  document.documentElement.lang = locale;
  localStorage.setItem(STORAGE_KEYS.locale, locale);
  // For the server, which preloads this language's catalogue on the next visit (docs/decisions/0009).
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older Safari and Firefox.
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${LOCALE_COOKIE_SECONDS}; samesite=lax`;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Texts of the active language; the component renders again when the language changes. */
export function useTranslation(): { t: TFunction; i18n: { language: Locale } } {
  const locale = useSyncExternalStore(subscribe, currentLocale);
  return useMemo(() => ({ t: translator(locale), i18n: { language: locale } }), [locale]);
}
