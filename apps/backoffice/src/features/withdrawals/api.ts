import { BACKOFFICE_API, backofficePath } from '@member-wallet/contract/backoffice/api-paths';
import {
  type WithdrawalReviewState,
  withdrawalPage,
  withdrawalReviewResponse,
} from '@member-wallet/contract/backoffice/withdrawals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { downloadCsv } from '../../lib/download.ts';
import { request } from '../../lib/http.ts';
import { usePagedQuery } from '../../lib/paged-query.ts';

/** `all`: every withdrawal; otherwise one review state. */
export type WithdrawalFilter = 'all' | WithdrawalReviewState;

const withdrawalsKey = ['backoffice', 'withdrawals'] as const;

function filterQuery(filter: WithdrawalFilter): URLSearchParams {
  const query = new URLSearchParams();
  if (filter !== 'all') query.set('review', filter);
  return query;
}

export function useWithdrawals(filter: WithdrawalFilter, page: number) {
  return usePagedQuery({
    queryKey: [...withdrawalsKey, filter, page],
    path: BACKOFFICE_API.withdrawals,
    query: filterQuery(filter),
    page,
    schema: withdrawalPage,
  });
}

/** Approve or reject; the queue is read again afterwards, whatever the answer (another operator may have won). */
export function useReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: { id: string; decision: 'approve' } | { id: string; decision: 'reject'; reason: string }) =>
      action.decision === 'approve'
        ? request(backofficePath(BACKOFFICE_API.withdrawalApprove, action.id), {
            method: 'POST',
            schema: withdrawalReviewResponse,
          })
        : request(backofficePath(BACKOFFICE_API.withdrawalReject, action.id), {
            method: 'POST',
            body: { reason: action.reason },
            schema: withdrawalReviewResponse,
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: withdrawalsKey }),
  });
}

/** Downloads every withdrawal of the filter as CSV, built by the server (GET …/withdrawals.csv). */
export function downloadWithdrawalsCsv(filter: WithdrawalFilter): Promise<void> {
  return downloadCsv(`${BACKOFFICE_API.withdrawalsCsv}?${filterQuery(filter)}`, `withdrawals-${filter}.csv`);
}
