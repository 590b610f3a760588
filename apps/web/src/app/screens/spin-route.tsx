import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { walletQuery } from '../../features/home/api/get-wallet.ts';
import { prefetch as prefetchSpin, SpinScreen } from '../../features/spin/components/spin-screen.tsx';

export function prefetch(client: QueryClient): void {
  prefetchSpin(client);
}

/**
 * The prize wheel page, with what it changes in another feature: a spin spends a coin and a claim credits the
 * wallet, so the home feature's wallet is reloaded with the wheel (features do not import each other; the
 * app composes them).
 */
export function SpinRoute() {
  const client = useQueryClient();
  return <SpinScreen onWalletChanged={() => void client.invalidateQueries({ queryKey: walletQuery.queryKey })} />;
}
