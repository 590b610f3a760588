import { slipLookupResponse } from '@member-wallet/contract/slip';
import { useQuery } from '@tanstack/react-query';
import { fetchLookup } from '../../../lib/lookup.ts';

/** The daily window in which slip uploads are closed (spec section 9); read fresh, as `closed` moves with time. */
export function useSlipLookup() {
  return useQuery({
    queryKey: ['lookup', 'slip'],
    queryFn: () => fetchLookup('slip', slipLookupResponse),
    staleTime: 0,
    meta: { silent: true },
  });
}
