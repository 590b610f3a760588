import { withdrawLookupResponse } from '@member-wallet/contract/wallet';
import { useQuery } from '@tanstack/react-query';
import { fetchLookup } from '../../../lib/lookup.ts';

export function useWithdrawLimits() {
  return useQuery({
    queryKey: ['lookup', 'withdraw'],
    queryFn: () => fetchLookup('withdraw', withdrawLookupResponse),
  });
}
