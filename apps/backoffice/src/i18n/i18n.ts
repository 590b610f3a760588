/**
 * The back-office's translations: the shared runtime (packages/client-core i18n.ts) with two languages, Thai
 * and English, both bundled (operators are few, on good connections), and no plurals.
 */
import { type TFunction as CoreTFunction, createI18n, type TranslationKeys } from '@member-wallet/client-core/i18n';
import { configureUiTexts } from '@member-wallet/ui/spinner';
import en from './en.json';
import th from './th.json';

export const BACKOFFICE_LOCALES = ['th', 'en'] as const;
type BackofficeLocale = (typeof BACKOFFICE_LOCALES)[number];

export type TranslationKey = TranslationKeys<typeof en>;
export type TFunction = CoreTFunction<TranslationKey>;

export const { i18n, changeLocale, initI18n, useTranslation } = createI18n<BackofficeLocale, typeof en>({
  locales: BACKOFFICE_LOCALES,
  defaultLocale: 'th',
  // Its own key: the member app's locale, on the same origin, is the member's choice, not the operator's.
  storageKey: 'operatorLocale',
  catalogues: { th, en },
});

// The shared components (packages/ui) say their own words in this app's language.
configureUiTexts(() => ({ loading: useTranslation().t('common.loading') }));
