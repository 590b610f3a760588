import type { QueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/button.tsx';
import { WalletIcon } from '../../../components/icons.tsx';
import { PageSpinner } from '../../../components/spinner.tsx';
import { useTranslation } from '../../../i18n/i18n.ts';
import { profileQuery, useProfile } from '../api/get-profile.ts';

/** Starts the data the screen shows as soon as its chunk arrives, when it is the first page (router.tsx). */
export function prefetch(client: QueryClient): void {
  void client.prefetchQuery(profileQuery);
}

/** A first member page: the greeting of the real home screen, which a later issue completes. */
export function HomeScreen() {
  const { t } = useTranslation();
  const profile = useProfile();

  if (profile.isPending) return <PageSpinner />;
  if (profile.isError) {
    return (
      <div className="space-y-3 text-center">
        <p className="text-slate-600">{t('common.loadFailed')}</p>
        <Button variant="secondary" onClick={() => void profile.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  const member = profile.data;
  return (
    <section className="rounded-2xl bg-gradient-to-br from-brand-700 to-brand-900 p-5 text-white shadow-md">
      <div className="flex items-center gap-3">
        <span className="flex size-12 items-center justify-center rounded-full bg-white/15">
          <WalletIcon className="size-7" />
        </span>
        <div>
          <h1 className="text-xl font-semibold">{t('home.greeting', { name: member.name })}</h1>
          <p className="text-sm text-brand-100">{t('home.memberNo', { no: member.memberNo })}</p>
        </div>
      </div>
      <p className="mt-4 text-brand-50">{t('home.username', { phone: member.username })}</p>
    </section>
  );
}
