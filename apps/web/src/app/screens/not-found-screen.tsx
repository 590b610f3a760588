import { Link } from 'react-router';
import { useTranslation } from '../../i18n/i18n.ts';

export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <main className="mx-auto flex min-h-dvh max-w-[480px] flex-col items-center justify-center gap-3 p-6 text-center">
      <p aria-hidden="true" data-i18n-exempt="" className="text-6xl font-semibold text-brand-700">
        404
      </p>
      <h1 className="text-2xl font-semibold text-slate-900">{t('notFound.title')}</h1>
      <p className="text-slate-600">{t('notFound.body')}</p>
      <Link
        to="/login"
        className="inline-flex min-h-11 items-center rounded-xl bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
      >
        {t('notFound.backHome')}
      </Link>
    </main>
  );
}
