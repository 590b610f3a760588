import { PageSpinner } from '@member-wallet/ui/spinner';
import type { QueryClient } from '@tanstack/react-query';
import { useWallet, walletQuery } from '../../features/home/api/get-wallet.ts';
import { useBanks } from '../../features/register/api/get-banks.ts';
import {
  prefetch as prefetchStatement,
  StatementScreen,
} from '../../features/statement/components/statement-screen.tsx';
import { useTranslation } from '../../i18n/i18n.ts';
import { bankItemName } from '../../lib/bank-name.ts';
import { displayCurrency } from '../../lib/format.ts';

/** The statement names games and shows amounts in the member's currency, both of which the wallet knows. */
export function prefetch(client: QueryClient): void {
  prefetchStatement(client);
  void client.prefetchQuery(walletQuery);
}

/**
 * The statement screen with what it borrows from the wallet and the bank list (features do not import each other;
 * the app composes them). A wallet that cannot be read leaves slot codes and amounts without a currency; a bank list
 * not read yet leaves bank codes as they are.
 */
export function StatementRoute() {
  const { i18n } = useTranslation();
  const wallet = useWallet();
  const banks = useBanks();
  if (wallet.isPending) return <PageSpinner />;
  const data = wallet.data;
  const names = new Map(data?.slots.map((slot) => [slot.code, slot.name]));
  for (const bank of banks.data ?? []) names.set(bank.code, bankItemName(bank, i18n.language));
  return (
    <StatementScreen
      currency={data ? displayCurrency(data.wallet.currency) : undefined}
      names={(code) => names.get(code)}
    />
  );
}
