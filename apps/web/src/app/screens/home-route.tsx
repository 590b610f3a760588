import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { lazy } from 'react';
import { walletQuery } from '../../features/home/api/get-wallet.ts';
import { HomeScreen, prefetch as prefetchHome } from '../../features/home/components/home-screen.tsx';
import { spinActiveQuery } from '../../features/spin/api/get-spin-active.ts';
import { SpinHomeWidget } from '../../features/spin/components/spin-home-widget.tsx';

const DepositModal = lazy(() =>
  import('../../features/deposit/components/deposit-modal.tsx').then((module) => ({ default: module.DepositModal })),
);
const InviteFlow = lazy(() =>
  import('../../features/invite/components/invite-flow.tsx').then((module) => ({ default: module.InviteFlow })),
);
const RefundFlow = lazy(() =>
  import('../../features/refund/components/refund-flow.tsx').then((module) => ({ default: module.RefundFlow })),
);

export function prefetch(client: QueryClient): void {
  prefetchHome(client);
  void client.prefetchQuery(spinActiveQuery);
}

/**
 * The home screen with the deposit modal, the invite and refund flows and the spin wheel widget, which are
 * features of their own (features do not import each other; the app composes them). The modal and the flows
 * are lazy chunks: /user/home downloads each only when it opens.
 */
export function HomeRoute() {
  const client = useQueryClient();
  const reloadWallet = () => void client.invalidateQueries({ queryKey: walletQuery.queryKey });
  return (
    <HomeScreen
      renderDeposit={({ wallet, onClose }) => (
        <DepositModal wallet={wallet} onClose={onClose} onWalletChanged={reloadWallet} />
      )}
      renderSpinWidget={({ coins, refreshAll }) => <SpinHomeWidget coins={coins} fallback={refreshAll} />}
      renderInvite={({ wallet, collectOnly, onClose }) => (
        <InviteFlow wallet={wallet} collectOnly={collectOnly} onClose={onClose} onWalletChanged={reloadWallet} />
      )}
      renderRefund={({ wallet, onClose }) => <RefundFlow wallet={wallet} onClose={onClose} />}
    />
  );
}
