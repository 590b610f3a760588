/**
 * The translation runtime of both React apps (docs/decisions/0008), made for one app by `createI18n` with its
 * locales, its catalogues and the storage key of the reader's choice: typed keys, `{{name}}` interpolation,
 * optional `_one` / `_other` plurals, and parts of the texts that only some pages download (decision 0012).
 * Components read texts with `useTranslation()`; code outside React uses `i18n`.
 */
import { useMemo, useSyncExternalStore } from 'react';

/** A catalogue as its JSON file holds it: sections of texts. */
export type Catalogue = { [key: string]: string | Catalogue };
/** One locale's part of the texts: in the bundle already, or a chunk downloaded when first needed. */
export type CatalogueSource = Catalogue | (() => Promise<{ default: Catalogue }>);

/** Every dotted path to a text of the catalogue: `'auth.login'`, `'time.daysAgo_one'`, … */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
/** A plural text is asked for by its base key with a `count`: `t('time.daysAgo', { count })`. */
type PluralBase<K> = K extends `${infer Base}_one` ? Base : never;
/** The keys `t` takes for a catalogue of type `C`. */
export type TranslationKeys<C> = Leaves<C> | PluralBase<Leaves<C>>;
export type TranslationValues = Record<string, string | number>;
export type TFunction<Key extends string = string> = (key: Key, values?: TranslationValues) => string;

export interface I18nOptions<L extends string, Part extends string> {
  locales: readonly L[];
  /** The language of a reader who has not chosen one. */
  defaultLocale: L;
  /** The localStorage key of the reader's choice: each app keeps its own. */
  storageKey: string;
  /** The texts every page needs, per locale. */
  catalogues: Record<L, CatalogueSource>;
  /** Texts only some pages need, per part and locale: loaded by `loadPart`, then with every language change. */
  parts?: Record<Part, Record<L, CatalogueSource>>;
  /** The plural form of a count (the `_one` / `_other` suffix); without it `t` looks up no plural key. */
  pluralCategory?: (locale: L, count: number) => string;
  /** Called once a language is active, before the components render in it. */
  onChange?: (locale: L) => void;
}

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

function flatten(tree: Catalogue, into: Map<string, string>, prefix = ''): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') into.set(`${prefix}${key}`, value);
    else flatten(value, into, `${prefix}${key}.`);
  }
  return into;
}

/** The runtime of one app; `C` is the type of its catalogue (every part together), which types the keys. */
export function createI18n<L extends string, C, Part extends string = never>(options: I18nOptions<L, Part>) {
  type Key = TranslationKeys<C>;
  const { locales, defaultLocale, storageKey, catalogues, pluralCategory, onChange } = options;
  const parts = options.parts ?? ({} as Record<Part, Record<L, CatalogueSource>>);
  const texts: Partial<Record<L, Map<string, string>>> = {};
  /** `part locale` of every part already in `texts`. */
  const loadedParts = new Set<string>();
  /** The parts a page asked for: a language change loads them too. */
  const wantedParts = new Set<Part>();
  const translators: Partial<Record<L, TFunction<Key>>> = {};
  const listeners = new Set<() => void>();
  let active = defaultLocale;
  /** The language being switched to (the active one once the switch is done): what parts load for. */
  let requested = defaultLocale;

  function translator(locale: L): TFunction<Key> {
    const existing = translators[locale];
    if (existing) return existing;
    const t: TFunction<Key> = (key, values) => {
      const catalogue = texts[locale];
      const count = values?.count;
      const text =
        (count === undefined || !pluralCategory
          ? undefined
          : catalogue?.get(`${key}_${pluralCategory(locale, Number(count))}`)) ?? catalogue?.get(key);
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

  /**
   * Puts the locale's missing texts (the catalogue, the wanted parts) in `texts`: at once when they are all in
   * the bundle, otherwise once their chunks arrive; undefined when nothing was missing or nothing had to wait.
   */
  function ensureLoaded(locale: L): Promise<void> | undefined {
    const missing: [part: string, source: CatalogueSource][] = [];
    if (!texts[locale]) missing.push(['', catalogues[locale]]);
    for (const part of wantedParts) {
      if (!loadedParts.has(`${part} ${locale}`)) missing.push([part, parts[part][locale]]);
    }
    if (missing.length === 0) return undefined;
    const store = (trees: Catalogue[]) => {
      const map = texts[locale] ?? new Map<string, string>();
      for (const tree of trees) flatten(tree, map);
      for (const [part] of missing) if (part) loadedParts.add(`${part} ${locale}`);
      texts[locale] = map;
    };
    const trees = missing.map(([, source]) =>
      typeof source === 'function' ? source().then((module) => module.default) : source,
    );
    if (trees.some((tree) => tree instanceof Promise)) return Promise.all(trees).then(store);
    store(trees as Catalogue[]);
    return undefined;
  }

  function isLocale(value: unknown): value is L {
    return typeof value === 'string' && (locales as readonly string[]).includes(value);
  }

  /** The reader's stored choice, else the default. */
  function storedLocale(): L {
    const stored = localStorage.getItem(storageKey);
    return isLocale(stored) ? stored : defaultLocale;
  }

  function currentLocale(): L {
    return active;
  }

  /** The language being switched to, or the active one: what the page will show once its texts are in. */
  function requestedLocale(): L {
    return requested;
  }

  function activate(locale: L): void {
    active = locale;
    document.documentElement.lang = locale;
    localStorage.setItem(storageKey, locale);
    onChange?.(locale);
    for (const listener of listeners) listener();
  }

  /** Switches once the language's texts are in memory: at once when they are in the bundle. */
  function changeLocale(locale: L): Promise<void> {
    requested = locale;
    const loading = ensureLoaded(locale);
    if (!loading) {
      activate(locale);
      return Promise.resolve();
    }
    return loading.then(() => activate(locale));
  }

  /** The stored choice, or `locale`; resolves once its texts are in memory, so no render shows raw keys. */
  function initI18n(locale: L = storedLocale()): Promise<void> {
    return changeLocale(locale);
  }

  /** Downloads a part of the texts for the language shown (or being switched to), and for any chosen later. */
  function loadPart(part: Part): Promise<void> {
    wantedParts.add(part);
    return ensureLoaded(requested) ?? Promise.resolve();
  }

  function subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  /** Texts of the active language; the component renders again when the language changes. */
  function useTranslation(): { t: TFunction<Key>; i18n: { language: L } } {
    const locale = useSyncExternalStore(subscribe, currentLocale);
    return useMemo(() => ({ t: translator(locale), i18n: { language: locale } }), [locale]);
  }

  /** The runtime for code outside components; `language` is the active locale. */
  const i18n = {
    get language(): L {
      return active;
    },
    t: ((key, values) => translator(active)(key, values)) as TFunction<Key>,
    /** Whether the active catalogue has a text for `key` (error codes the client may not know yet). */
    exists(key: string): boolean {
      return texts[active]?.has(key) ?? false;
    },
  };

  // Catalogues in the bundle are read at once, so `i18n` answers before the first language change.
  for (const locale of locales) if (typeof catalogues[locale] !== 'function') ensureLoaded(locale);

  return { i18n, currentLocale, requestedLocale, changeLocale, initI18n, loadPart, useTranslation };
}
