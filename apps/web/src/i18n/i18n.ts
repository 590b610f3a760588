/**
 * The app's translation runtime (docs/decisions/0008): catalogues per locale, downloaded on demand, typed
 * keys, `{{name}}` interpolation and `_one` / `_other` plurals. Components read texts with `useTranslation()`;
 * code outside React uses `i18n`. Each locale has two parts (docs/decisions/0012): the public texts
 * (`{locale}.json`, what visitors see, and every error code) and the member texts (`member/{locale}.json`),
 * which only member pages download, through `loadMemberTexts()` before they render.
 */
import { LOCALE_COOKIE, LOCALES, type Locale, STORAGE_KEYS } from '@member-wallet/contract/constants';
import { configureUiTexts } from '@member-wallet/ui/spinner';
import { useMemo, useSyncExternalStore } from 'react';
import { env } from '../lib/env.ts';
import { pluralCategory } from '../lib/plural.ts';
import type en from './en.json';
import type memberEn from './member/en.json';

export type Catalogue = typeof en & typeof memberEn;

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

type Loader = () => Promise<{ default: Tree }>;

/** One chunk per locale and part: only the active locale's parts are downloaded. */
const loaders: Record<Locale, Loader> = {
  th: () => import('./th.json'),
  lo: () => import('./lo.json'),
  en: () => import('./en.json'),
};
const memberLoaders: Record<Locale, Loader> = {
  th: () => import('./member/th.json'),
  lo: () => import('./member/lo.json'),
  en: () => import('./member/en.json'),
};

/** Test builds with VITE_PSEUDO_LOCALE=1 show every text as `⟦…⟧` (pseudo.ts); normal builds drop this block. */
if (import.meta.env.VITE_PSEUDO_LOCALE === '1') {
  for (const locale of LOCALES) {
    loaders[locale] = async () => ({
      default: (await import('./pseudo.ts')).pseudoCatalogue((await import('./en.json')).default),
    });
    memberLoaders[locale] = async () => ({
      default: (await import('./pseudo.ts')).pseudoCatalogue((await import('./member/en.json')).default),
    });
  }
}

const texts: Partial<Record<Locale, Map<string, string>>> = {};
const memberTexts = new Set<Locale>();
/** Set once a member page has asked for the member texts: a language change then loads them too. */
let memberTextsWanted = false;
const translators: Partial<Record<Locale, TFunction>> = {};
const listeners = new Set<() => void>();
let active: Locale = env.defaultLocale;
/** The language being switched to (the active one once the switch is done): what member texts load for. */
let requested: Locale = env.defaultLocale;

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
  const [publicPart, memberPart] = await Promise.all([
    texts[locale] ? undefined : loaders[locale](),
    memberTextsWanted && !memberTexts.has(locale) ? memberLoaders[locale]() : undefined,
  ]);
  const map = texts[locale] ?? new Map<string, string>();
  if (publicPart) flatten(publicPart.default, map);
  if (memberPart) {
    flatten(memberPart.default, map);
    memberTexts.add(locale);
  }
  texts[locale] = map;
}

/**
 * Downloads the member texts of the active language (and, from then on, of any language chosen later).
 * The member shell's chunk waits for it, so no member screen renders a raw key.
 */
export function loadMemberTexts(): Promise<void> {
  memberTextsWanted = true;
  return ensureLoaded(requested);
}

/** Resolves once the active catalogue is in memory, so the first render never shows raw keys. */
export function initI18n(locale: Locale = storedLocale()): Promise<void> {
  return changeLocale(locale);
}

export async function changeLocale(locale: Locale): Promise<void> {
  requested = locale;
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

// The shared components (packages/ui) say their own words in this app's language.
configureUiTexts(() => ({ loading: useTranslation().t('common.loading') }));
