import {
  type AdjustmentStatus,
  adjustmentPage,
  adjustmentResponse,
} from '@member-wallet/contract/backoffice/adjustments';
import { BACKOFFICE_API, backofficePath } from '@member-wallet/contract/backoffice/api-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { downloadCsv } from '../../lib/download.ts';
import { request } from '../../lib/http.ts';
import { usePagedQuery } from '../../lib/paged-query.ts';

/** `all`: every adjustment; otherwise one status. */
export type AdjustmentFilter = 'all' | AdjustmentStatus;

const adjustmentsKey = ['backoffice', 'adjustments'] as const;

function filterQuery(filter: AdjustmentFilter): URLSearchParams {
  const query = new URLSearchParams();
  if (filter !== 'all') query.set('status', filter);
  return query;
}

export function useAdjustments(filter: AdjustmentFilter, page: number) {
  return usePagedQuery({
    queryKey: [...adjustmentsKey, filter, page],
    path: BACKOFFICE_API.adjustments,
    query: filterQuery(filter),
    page,
    schema: adjustmentPage,
  });
}

/** Approve or reject; the queue (and any member page) is read again afterwards, whatever the answer. */
export function useAdjustmentReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: { id: string; decision: 'approve' } | { id: string; decision: 'reject'; reason: string }) =>
      action.decision === 'approve'
        ? request(backofficePath(BACKOFFICE_API.adjustmentApprove, action.id), {
            method: 'POST',
            schema: adjustmentResponse,
          })
        : request(backofficePath(BACKOFFICE_API.adjustmentReject, action.id), {
            method: 'POST',
            body: { reason: action.reason },
            schema: adjustmentResponse,
          }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adjustmentsKey }),
        queryClient.invalidateQueries({ queryKey: ['backoffice', 'members'] }),
      ]),
  });
}

export function downloadAdjustmentsCsv(filter: AdjustmentFilter): Promise<void> {
  const query = filterQuery(filter);
  return downloadCsv(
    `${BACKOFFICE_API.adjustmentsCsv}${query.size > 0 ? `?${query}` : ''}`,
    `adjustments-${filter}.csv`,
  );
}
