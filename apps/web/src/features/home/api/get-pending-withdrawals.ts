import { API } from '@member-wallet/contract/api-paths';
import { type PendingWithdrawalsResponse, pendingWithdrawalsResponse } from '@member-wallet/contract/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

/** The member's withdrawals still in progress (docs/live.md); live events refetch it (`['member', 'withdrawals']`). */
export const pendingWithdrawalsQuery = queryOptions({
  queryKey: ['member', 'withdrawals', 'pending'],
  queryFn: (): Promise<PendingWithdrawalsResponse> =>
    request(API.walletPendingWithdrawals, { schema: pendingWithdrawalsResponse }),
  // A failed load only hides the list: the wallet above it is what home is for.
  meta: { silent: true },
});

export function usePendingWithdrawals() {
  return useQuery(pendingWithdrawalsQuery);
}
