import { BACKOFFICE_API, backofficePath } from '@member-wallet/contract/backoffice/api-paths';
import {
  type InviteReviewStatus,
  inviteReviewPage,
  inviteReviewResponse,
} from '@member-wallet/contract/backoffice/invite-reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { downloadCsv } from '../../lib/download.ts';
import { request } from '../../lib/http.ts';
import { usePagedQuery } from '../../lib/paged-query.ts';

/** `all`: every reviewed link; otherwise one status. */
export type InviteReviewFilter = 'all' | InviteReviewStatus;

const reviewsKey = ['backoffice', 'invite-reviews'] as const;

function filterQuery(filter: InviteReviewFilter): URLSearchParams {
  const query = new URLSearchParams();
  if (filter !== 'all') query.set('status', filter);
  return query;
}

export function useInviteReviews(filter: InviteReviewFilter, page: number) {
  return usePagedQuery({
    queryKey: [...reviewsKey, filter, page],
    path: BACKOFFICE_API.inviteReviews,
    query: filterQuery(filter),
    page,
    schema: inviteReviewPage,
  });
}

/** Release (with an optional note) or reject (with a reason); the queue is read again whatever the answer. */
export function useInviteReviewDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      action: { id: string; decision: 'release'; note: string } | { id: string; decision: 'reject'; reason: string },
    ) =>
      action.decision === 'release'
        ? request(backofficePath(BACKOFFICE_API.inviteReviewRelease, action.id), {
            method: 'POST',
            body: action.note.trim() ? { note: action.note.trim() } : {},
            schema: inviteReviewResponse,
          })
        : request(backofficePath(BACKOFFICE_API.inviteReviewReject, action.id), {
            method: 'POST',
            body: { reason: action.reason },
            schema: inviteReviewResponse,
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewsKey }),
  });
}

export function downloadInviteReviewsCsv(filter: InviteReviewFilter): Promise<void> {
  const query = filterQuery(filter);
  return downloadCsv(
    `${BACKOFFICE_API.inviteReviewsCsv}${query.size > 0 ? `?${query}` : ''}`,
    `invite-reviews-${filter}.csv`,
  );
}
