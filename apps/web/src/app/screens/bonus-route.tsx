import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { BonusScreen, prefetch as prefetchBonus } from '../../features/bonus/components/bonus-screen.tsx';
import { useWallet, walletQuery } from '../../features/home/api/get-wallet.ts';
import { displayCurrency } from '../../lib/format.ts';

export function prefetch(client: QueryClient): void {
  prefetchBonus(client);
}

/**
 * The bonus page with what it shares with the wallet: a bonus received or cancelled moves wallet money, so the
 * wallet the home screen shows is read again, and amounts are shown in the wallet's currency (features do not
 * import each other; the app composes them).
 */
export function BonusRoute() {
  const client = useQueryClient();
  const wallet = useWallet();
  return (
    <BonusScreen
      currency={wallet.data ? displayCurrency(wallet.data.wallet.currency) : undefined}
      onWalletChanged={() => void client.invalidateQueries({ queryKey: walletQuery.queryKey })}
    />
  );
}
