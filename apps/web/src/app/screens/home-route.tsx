import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { lazy } from 'react';
import { walletQuery } from '../../features/home/api/get-wallet.ts';
import { HomeScreen, prefetch as prefetchHome } from '../../features/home/components/home-screen.tsx';
import { spinActiveQuery } from '../../features/spin/api/get-spin-active.ts';
import { SpinHomeWidget } from '../../features/spin/components/spin-home-widget.tsx';

const DepositModal = lazy(() =>
  import('../../features/deposit/components/deposit-modal.tsx').then((module) => ({ default: module.DepositModal })),
);

export function prefetch(client: QueryClient): void {
  prefetchHome(client);
  void client.prefetchQuery(spinActiveQuery);
}

/**
 * The home screen with the deposit modal and the spin wheel widget, which are features of their own (features
 * do not import each other; the app composes them). The modal is a lazy chunk: /user/home downloads it only
 * when it opens.
 */
export function HomeRoute() {
  const client = useQueryClient();
  return (
    <HomeScreen
      renderDeposit={({ wallet, onClose }) => (
        <DepositModal
          wallet={wallet}
          onClose={onClose}
          onWalletChanged={() => void client.invalidateQueries({ queryKey: walletQuery.queryKey })}
        />
      )}
      renderSpinWidget={({ coins, refreshAll }) => <SpinHomeWidget coins={coins} fallback={refreshAll} />}
    />
  );
}
