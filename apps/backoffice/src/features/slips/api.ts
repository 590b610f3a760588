import { BACKOFFICE_API, backofficePath } from '@member-wallet/contract/backoffice/api-paths';
import {
  type SLIP_REVIEW_FILTERS,
  type SLIP_REVIEW_REASONS,
  slipReviewPage,
  slipReviewResponse,
} from '@member-wallet/contract/backoffice/slips';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { downloadCsv } from '../../lib/download.ts';
import { request } from '../../lib/http.ts';
import { usePagedQuery } from '../../lib/paged-query.ts';

export type ReviewFilter = 'all' | (typeof SLIP_REVIEW_FILTERS)[number];
export type ReasonFilter = 'all' | (typeof SLIP_REVIEW_REASONS)[number];
export interface SlipFilters {
  review: ReviewFilter;
  reason: ReasonFilter;
}

const slipsKey = ['backoffice', 'slips'] as const;

function filterQuery(filters: SlipFilters): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.review !== 'all') query.set('review', filters.review);
  if (filters.reason !== 'all') query.set('reason', filters.reason);
  return query;
}

export function useSlipReviews(filters: SlipFilters, page: number) {
  return usePagedQuery({
    queryKey: [...slipsKey, filters.review, filters.reason, page],
    path: BACKOFFICE_API.slips,
    query: filterQuery(filters),
    page,
    schema: slipReviewPage,
  });
}

/** Credit or dismiss; the list is read again afterwards, whatever the answer. */
export function useSlipReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      action: { id: string; kind: 'credit'; note: string } | { id: string; kind: 'dismiss'; reason: string },
    ) =>
      action.kind === 'credit'
        ? request(backofficePath(BACKOFFICE_API.slipCredit, action.id), {
            method: 'POST',
            body: action.note ? { note: action.note } : {},
            schema: slipReviewResponse,
          })
        : request(backofficePath(BACKOFFICE_API.slipDismiss, action.id), {
            method: 'POST',
            body: { reason: action.reason },
            schema: slipReviewResponse,
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: slipsKey }),
  });
}

/** Downloads every slip of the filters as CSV, built by the server; fetched with the operator's token. */
export function downloadSlipsCsv(filters: SlipFilters): Promise<void> {
  return downloadCsv(
    `${BACKOFFICE_API.slipsCsv}?${filterQuery(filters)}`,
    `slips-${filters.review}-${filters.reason}.csv`,
  );
}
