import { BACKOFFICE_API, backofficePath } from '@member-wallet/contract/backoffice/api-paths';
import { slipReviewResponse } from '@member-wallet/contract/backoffice/slips';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { slipsKey } from './get-slip-reviews.ts';

type Review = { id: string; kind: 'credit'; note: string } | { id: string; kind: 'dismiss'; reason: string };

/** Credit (with an optional note) or dismiss (with a reason). */
function reviewSlip(action: Review) {
  return action.kind === 'credit'
    ? request(backofficePath(BACKOFFICE_API.slipCredit, action.id), {
        method: 'POST',
        body: action.note ? { note: action.note } : {},
        schema: slipReviewResponse,
      })
    : request(backofficePath(BACKOFFICE_API.slipDismiss, action.id), {
        method: 'POST',
        body: { reason: action.reason },
        schema: slipReviewResponse,
      });
}

/** The list is read again afterwards, whatever the answer. */
export function useSlipReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewSlip,
    onSettled: () => queryClient.invalidateQueries({ queryKey: slipsKey }),
  });
}
