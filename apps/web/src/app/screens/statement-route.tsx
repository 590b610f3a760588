import { PageSpinner } from '@member-wallet/ui/spinner';
import type { QueryClient } from '@tanstack/react-query';
import { useWallet, walletQuery } from '../../features/home/api/get-wallet.ts';
import {
  prefetch as prefetchStatement,
  StatementScreen,
} from '../../features/statement/components/statement-screen.tsx';
import { displayCurrency } from '../../lib/format.ts';

/** The statement names games and shows amounts in the member's currency, both of which the wallet knows. */
export function prefetch(client: QueryClient): void {
  prefetchStatement(client);
  void client.prefetchQuery(walletQuery);
}

/**
 * The statement screen with what it borrows from the wallet (features do not import each other; the app
 * composes them). A wallet that cannot be read leaves slot codes and amounts without a currency.
 */
export function StatementRoute() {
  const wallet = useWallet();
  if (wallet.isPending) return <PageSpinner />;
  const data = wallet.data;
  const names = new Map(data?.slots.map((slot) => [slot.code, slot.name]));
  return (
    <StatementScreen
      currency={data ? displayCurrency(data.wallet.currency) : undefined}
      slotName={(code) => names.get(code)}
    />
  );
}
