import type { Currency } from '@member-wallet/contract/constants';
import { currenciesResponse } from '@member-wallet/contract/lookup';
import { useQuery } from '@tanstack/react-query';
import { fetchLookup } from '../../../lib/lookup.ts';

export function getCurrencies(): Promise<Currency[]> {
  return fetchLookup('currencies', currenciesResponse);
}

/** Only the Laos build asks for a currency; elsewhere the lookup is not called at all. */
export function useCurrencies(enabled: boolean) {
  return useQuery({ queryKey: ['lookup', 'currencies'], queryFn: getCurrencies, enabled, meta: { silent: true } });
}
