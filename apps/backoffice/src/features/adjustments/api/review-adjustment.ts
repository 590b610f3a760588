import { adjustmentResponse } from '@member-wallet/contract/backoffice/adjustments';
import { BACKOFFICE_API, backofficePath } from '@member-wallet/contract/backoffice/api-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { adjustmentsKey } from './get-adjustments.ts';

type Review = { id: string; decision: 'approve' } | { id: string; decision: 'reject'; reason: string };

/** Approve, or reject with a reason. */
function reviewAdjustment(action: Review) {
  return action.decision === 'approve'
    ? request(backofficePath(BACKOFFICE_API.adjustmentApprove, action.id), {
        method: 'POST',
        schema: adjustmentResponse,
      })
    : request(backofficePath(BACKOFFICE_API.adjustmentReject, action.id), {
        method: 'POST',
        body: { reason: action.reason },
        schema: adjustmentResponse,
      });
}

/** The queue (and any member page) is read again afterwards, whatever the answer. */
export function useAdjustmentReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewAdjustment,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adjustmentsKey }),
        queryClient.invalidateQueries({ queryKey: ['backoffice', 'members'] }),
      ]),
  });
}
