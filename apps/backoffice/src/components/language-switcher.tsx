import { BACKOFFICE_LOCALES, changeLocale, useTranslation } from '../i18n/i18n.ts';

const LABELS = { th: 'language.th', en: 'language.en' } as const;

/** One toggle button per language, each named in its own script. */
export function LanguageSwitcher({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const { t, i18n } = useTranslation();
  const base = tone === 'dark' ? 'text-white hover:bg-white/15' : 'text-slate-700 hover:bg-slate-200';
  const selected = tone === 'dark' ? 'bg-white text-brand-900' : 'bg-brand-700 text-white';
  return (
    <fieldset className="flex items-center gap-1">
      <legend className="sr-only">{t('language.label')}</legend>
      {BACKOFFICE_LOCALES.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          aria-pressed={i18n.language === locale}
          onClick={() => changeLocale(locale)}
          className={`min-h-11 min-w-11 rounded-lg px-2 text-sm font-semibold ${i18n.language === locale ? selected : base}`}
        >
          {t(LABELS[locale])}
        </button>
      ))}
    </fieldset>
  );
}
