import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import {
  type SLIP_REVIEW_FILTERS,
  type SLIP_REVIEW_REASONS,
  slipReviewPage,
} from '@member-wallet/contract/backoffice/slips';
import { usePagedQuery } from '../../../lib/paged-query.ts';

export type ReviewFilter = 'all' | (typeof SLIP_REVIEW_FILTERS)[number];
export type ReasonFilter = 'all' | (typeof SLIP_REVIEW_REASONS)[number];
export interface SlipFilters {
  review: ReviewFilter;
  reason: ReasonFilter;
}

export const slipsKey = ['backoffice', 'slips'] as const;

/** The filters as the list's query, which the CSV download asks with too. */
export function slipsQuery(filters: SlipFilters): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.review !== 'all') query.set('review', filters.review);
  if (filters.reason !== 'all') query.set('reason', filters.reason);
  return query;
}

export function useSlipReviews(filters: SlipFilters, page: number) {
  return usePagedQuery({
    queryKey: [...slipsKey, filters.review, filters.reason, page],
    path: BACKOFFICE_API.slips,
    query: slipsQuery(filters),
    page,
    schema: slipReviewPage,
  });
}
