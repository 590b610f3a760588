import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { BonusScreen, prefetch as prefetchBonus } from '../../features/bonus/components/bonus-screen.tsx';
import { walletQuery } from '../../features/home/api/get-wallet.ts';

export function prefetch(client: QueryClient): void {
  prefetchBonus(client);
}

/**
 * The bonus page with what it changes in another feature: a bonus received or cancelled moves wallet money,
 * so the wallet the home screen shows is read again (features do not import each other; the app composes them).
 */
export function BonusRoute() {
  const client = useQueryClient();
  return <BonusScreen onWalletChanged={() => void client.invalidateQueries({ queryKey: walletQuery.queryKey })} />;
}
