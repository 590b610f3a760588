import { type BankItem, banksResponse } from '@member-wallet/contract/lookup';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/i18n.ts';
import { fetchLookup, lookupQueryKey } from '../../../lib/lookup.ts';

export function getBanks(): Promise<BankItem[]> {
  return fetchLookup('banks', banksResponse);
}

export function useBanks() {
  const { i18n } = useTranslation();
  return useQuery({ queryKey: lookupQueryKey('banks', i18n.language), queryFn: getBanks, staleTime: 5 * 60_000 });
}
