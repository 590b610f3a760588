import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { lazy } from 'react';
import { walletQuery } from '../../features/home/api/get-wallet.ts';
import { HomeScreen, prefetch as prefetchHome } from '../../features/home/components/home-screen.tsx';

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
}

/**
 * The home screen with the deposit modal and the invite and refund flows, which are features of their own
 * (features do not import each other; the app composes them). Each is a lazy chunk: /user/home downloads it
 * only when it opens.
 */
export function HomeRoute() {
  const client = useQueryClient();
  const reloadWallet = () => void client.invalidateQueries({ queryKey: walletQuery.queryKey });
  return (
    <HomeScreen
      renderDeposit={({ wallet, onClose }) => (
        <DepositModal wallet={wallet} onClose={onClose} onWalletChanged={reloadWallet} />
      )}
      renderInvite={({ wallet, collectOnly, onClose }) => (
        <InviteFlow wallet={wallet} collectOnly={collectOnly} onClose={onClose} onWalletChanged={reloadWallet} />
      )}
      renderRefund={({ wallet, onClose }) => <RefundFlow wallet={wallet} onClose={onClose} />}
    />
  );
}
