import { BACKOFFICE_API, backofficePath } from '@member-wallet/contract/backoffice/api-paths';
import { withdrawalReviewResponse } from '@member-wallet/contract/backoffice/withdrawals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { withdrawalsKey } from './get-withdrawals.ts';

type Review = { id: string; decision: 'approve' } | { id: string; decision: 'reject'; reason: string };

/** Approve, or reject with a reason. */
function reviewWithdrawal(action: Review) {
  return action.decision === 'approve'
    ? request(backofficePath(BACKOFFICE_API.withdrawalApprove, action.id), {
        method: 'POST',
        schema: withdrawalReviewResponse,
      })
    : request(backofficePath(BACKOFFICE_API.withdrawalReject, action.id), {
        method: 'POST',
        body: { reason: action.reason },
        schema: withdrawalReviewResponse,
      });
}

/** The queue is read again afterwards, whatever the answer (another operator may have won). */
export function useReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewWithdrawal,
    onSettled: () => queryClient.invalidateQueries({ queryKey: withdrawalsKey }),
  });
}
