import { LOCALES, type Locale } from '@member-wallet/contract/constants';
import { changeLocale, useTranslation } from '../i18n/i18n.ts';

const LOCALE_LABEL_KEYS = { th: 'language.th', lo: 'language.lo', en: 'language.en' } as const;
/** Three toggle buttons, each language named in its own script. */
export function LanguageSwitcher({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const { t, i18n } = useTranslation();
  const active = i18n.language as Locale;
  const base = tone === 'dark' ? 'text-white hover:bg-white/15' : 'text-slate-700 hover:bg-slate-100';
  const selected = tone === 'dark' ? 'bg-white text-brand-800' : 'bg-brand-700 text-white';
  return (
    <fieldset className="flex items-center gap-1">
      <legend className="sr-only">{t('language.label')}</legend>
      {LOCALES.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          aria-pressed={active === locale}
          onClick={() => void changeLocale(locale)}
          className={`min-h-11 min-w-11 rounded-lg px-2 text-sm font-semibold ${active === locale ? selected : base}`}
        >
          {t(LOCALE_LABEL_KEYS[locale])}
        </button>
      ))}
    </fieldset>
  );
}

/** One native select, for the member top bar where the app name must still fit beside it at 360 px. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <label className="relative inline-flex">
      <span className="sr-only">{t('language.label')}</span>
      <select
        value={i18n.language}
        onChange={(event) => void changeLocale(event.target.value as Locale)}
        className="min-h-11 cursor-pointer rounded-lg border border-white/40 bg-transparent px-2 text-sm font-semibold text-white hover:bg-white/15 focus-visible:outline-3 focus-visible:outline-white"
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale} className="text-slate-900">
            {t(LOCALE_LABEL_KEYS[locale])}
          </option>
        ))}
      </select>
    </label>
  );
}
