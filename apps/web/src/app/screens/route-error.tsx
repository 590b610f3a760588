import { Button } from '../../components/button.tsx';
import { useTranslation } from '../../i18n/i18n.ts';

export function RouteError() {
  const { t } = useTranslation();
  return (
    <main className="mx-auto flex min-h-dvh max-w-[480px] flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-lg text-slate-800">{t('errors.INTERNAL_SERVER_ERROR')}</p>
      <Button onClick={() => window.location.reload()}>{t('common.retry')}</Button>
    </main>
  );
}
