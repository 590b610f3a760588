import { Button } from '@member-wallet/ui/button';
import { Spinner } from '@member-wallet/ui/spinner';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { LanguageSelect } from '../../components/language-switcher.tsx';
import { useLogout } from '../../features/auth/api/logout.ts';
import { useWallet, walletQuery } from '../../features/home/api/get-wallet.ts';
import { transferAll, useMoneyAction } from '../../features/home/api/money-actions.ts';
import { LimitedScreen } from '../../features/safer-play/components/limited-screen.tsx';
import { useTranslation } from '../../i18n/i18n.ts';
import { displayCurrency, formatMoney } from '../../lib/format.ts';
import { toastError } from '../../lib/http.ts';
import { showToast } from '../../lib/toast-store.ts';
import { BrandMark, SiteSandboxMark, SkipLink, useSiteName } from '../shells/brand.tsx';

const WithdrawModal = lazy(() =>
  import('../../features/home/components/withdraw-modal.tsx').then((module) => ({ default: module.WithdrawModal })),
);

/** The wallet's balance and the home feature's withdrawal, which a limited session may still reach. */
function LimitedWallet() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const wallet = useWallet();
  const [withdrawing, setWithdrawing] = useState(false);
  const bringBack = useMoneyAction(transferAll);
  const close = (saved: boolean) => {
    setWithdrawing(false);
    if (!saved) return;
    void client.invalidateQueries({ queryKey: walletQuery.queryKey });
  };
  // What a provider could not pay back when the block began: the member brings it back to withdraw it.
  const inGames = (wallet.data?.slots ?? []).reduce((sum, slot) => sum + Math.max(0, slot.amount), 0);
  const moveBack = () =>
    bringBack.mutate(
      { to: 'wallet' },
      {
        onSuccess: () => showToast('success', t('saferPlay.limited.broughtBack')),
        onError: toastError,
        onSettled: () => void client.invalidateQueries({ queryKey: walletQuery.queryKey }),
      },
    );
  return (
    <section
      aria-labelledby="limited-wallet"
      className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="limited-wallet" className="text-lg font-semibold text-slate-900">
        {t('wallet.mainWallet')}
      </h2>
      {wallet.isPending ? <Spinner /> : null}
      {wallet.isError ? <p className="text-slate-600">{t('common.loadFailed')}</p> : null}
      {wallet.data ? (
        <>
          <p className="text-2xl font-semibold text-slate-900" translate="no">
            {formatMoney(i18n.language, wallet.data.wallet.amount, displayCurrency(wallet.data.wallet.currency))}
          </p>
          {inGames > 0 ? (
            <>
              <p className="text-slate-700">
                {t('saferPlay.limited.inGames', {
                  amount: formatMoney(i18n.language, inGames, displayCurrency(wallet.data.wallet.currency)),
                })}
              </p>
              <Button block variant="secondary" loading={bringBack.isPending} onClick={moveBack}>
                {t('saferPlay.limited.bringBack')}
              </Button>
            </>
          ) : null}
          <Button block onClick={() => setWithdrawing(true)}>
            {t('withdraw.title')}
          </Button>
          <Suspense fallback={null}>
            {withdrawing ? <WithdrawModal wallet={wallet.data} onClose={close} /> : null}
          </Suspense>
        </>
      ) : null}
    </section>
  );
}

/**
 * /limited: the only page of a limited session (a sign-in refused for a time-out or self-exclusion). Its own
 * small frame, without the member menu, whose pages the session cannot reach.
 */
export function LimitedRoute() {
  const name = useSiteName();
  const navigate = useNavigate();
  const logout = useLogout();
  return (
    <div className="min-h-dvh">
      <SkipLink />
      <SiteSandboxMark className="sticky top-0 z-30" />
      <header className="bg-brand-800 text-white">
        <div className="mx-auto flex min-h-14 max-w-[480px] items-center justify-between gap-2 px-3">
          <BrandMark name={name} />
          <LanguageSelect />
        </div>
      </header>
      <main id="main" className="mx-auto max-w-[480px] px-4 pt-4 pb-16">
        <LimitedScreen
          wallet={<LimitedWallet />}
          loggingOut={logout.isPending}
          onLogout={() => logout.mutate(undefined, { onSettled: () => navigate('/login', { replace: true }) })}
        />
      </main>
    </div>
  );
}
