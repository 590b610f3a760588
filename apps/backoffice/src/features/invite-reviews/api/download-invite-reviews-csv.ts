import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { downloadCsv } from '../../../lib/download.ts';
import { type InviteReviewFilter, reviewsQuery } from './get-invite-reviews.ts';

export function downloadInviteReviewsCsv(filter: InviteReviewFilter): Promise<void> {
  const query = reviewsQuery(filter);
  return downloadCsv(
    `${BACKOFFICE_API.inviteReviewsCsv}${query.size > 0 ? `?${query}` : ''}`,
    `invite-reviews-${filter}.csv`,
  );
}
