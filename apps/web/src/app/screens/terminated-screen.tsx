import { useTranslation } from '../../i18n/i18n.ts';

export function TerminatedScreen() {
  const { t } = useTranslation();
  return (
    <main className="mx-auto flex min-h-dvh max-w-[480px] flex-col items-center justify-center gap-3 p-6 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">{t('terminated.title')}</h1>
      <p className="text-slate-600">{t('terminated.body')}</p>
    </main>
  );
}
