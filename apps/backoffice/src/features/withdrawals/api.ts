import {
  BACKOFFICE_API,
  backofficePath,
  type WithdrawalReviewState,
  withdrawalPage,
  withdrawalReviewResponse,
} from '@member-wallet/contract/backoffice';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { downloadCsv } from '../../lib/download.ts';
import { request } from '../../lib/http.ts';

/** Rows a page of the queue shows. */
export const PAGE_SIZE = 20;

/** `all`: every withdrawal; otherwise one review state. */
export type WithdrawalFilter = 'all' | WithdrawalReviewState;

const withdrawalsKey = ['backoffice', 'withdrawals'] as const;

function filterQuery(filter: WithdrawalFilter): URLSearchParams {
  const query = new URLSearchParams();
  if (filter !== 'all') query.set('review', filter);
  return query;
}

export function useWithdrawals(filter: WithdrawalFilter, page: number) {
  return useQuery({
    queryKey: [...withdrawalsKey, filter, page],
    queryFn: () => {
      const query = filterQuery(filter);
      query.set('page', String(page));
      query.set('limit', String(PAGE_SIZE));
      return request(`${BACKOFFICE_API.withdrawals}?${query}`, { schema: withdrawalPage });
    },
    placeholderData: keepPreviousData,
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
