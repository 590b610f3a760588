import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { type WithdrawalReviewState, withdrawalPage } from '@member-wallet/contract/backoffice/withdrawals';
import { usePagedQuery } from '../../../lib/paged-query.ts';

/** `all`: every withdrawal; otherwise one review state. */
export type WithdrawalFilter = 'all' | WithdrawalReviewState;

export const withdrawalsKey = ['backoffice', 'withdrawals'] as const;

/** The filter as the list's query, which the CSV download asks with too. */
export function withdrawalsQuery(filter: WithdrawalFilter): URLSearchParams {
  const query = new URLSearchParams();
  if (filter !== 'all') query.set('review', filter);
  return query;
}

export function useWithdrawals(filter: WithdrawalFilter, page: number) {
  return usePagedQuery({
    queryKey: [...withdrawalsKey, filter, page],
    path: BACKOFFICE_API.withdrawals,
    query: withdrawalsQuery(filter),
    page,
    schema: withdrawalPage,
  });
}
