import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { type InviteReviewStatus, inviteReviewPage } from '@member-wallet/contract/backoffice/invite-reviews';
import { usePagedQuery } from '../../../lib/paged-query.ts';

/** `all`: every reviewed link; otherwise one status. */
export type InviteReviewFilter = 'all' | InviteReviewStatus;

export const reviewsKey = ['backoffice', 'invite-reviews'] as const;

/** The filter as the list's query, which the CSV download asks with too. */
export function reviewsQuery(filter: InviteReviewFilter): URLSearchParams {
  const query = new URLSearchParams();
  if (filter !== 'all') query.set('status', filter);
  return query;
}

export function useInviteReviews(filter: InviteReviewFilter, page: number) {
  return usePagedQuery({
    queryKey: [...reviewsKey, filter, page],
    path: BACKOFFICE_API.inviteReviews,
    query: reviewsQuery(filter),
    page,
    schema: inviteReviewPage,
  });
}
