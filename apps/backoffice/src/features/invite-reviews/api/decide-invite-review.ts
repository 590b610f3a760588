import { BACKOFFICE_API, backofficePath } from '@member-wallet/contract/backoffice/api-paths';
import { inviteReviewResponse } from '@member-wallet/contract/backoffice/invite-reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { reviewsKey } from './get-invite-reviews.ts';

type Decision = { id: string; decision: 'release'; note: string } | { id: string; decision: 'reject'; reason: string };

/** Release (with an optional note) or reject (with a reason). */
function decideInviteReview(action: Decision) {
  return action.decision === 'release'
    ? request(backofficePath(BACKOFFICE_API.inviteReviewRelease, action.id), {
        method: 'POST',
        body: action.note.trim() ? { note: action.note.trim() } : {},
        schema: inviteReviewResponse,
      })
    : request(backofficePath(BACKOFFICE_API.inviteReviewReject, action.id), {
        method: 'POST',
        body: { reason: action.reason },
        schema: inviteReviewResponse,
      });
}

/** The queue is read again whatever the answer. */
export function useInviteReviewDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideInviteReview,
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewsKey }),
  });
}
