import {
  BACKOFFICE_API,
  backofficePath,
  type SLIP_REVIEW_FILTERS,
  type SLIP_REVIEW_REASONS,
  slipReviewPage,
  slipReviewResponse,
} from '@member-wallet/contract/backoffice';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { downloadCsv } from '../../lib/download.ts';
import { request } from '../../lib/http.ts';

/** Rows a page of the list shows. */
export const PAGE_SIZE = 20;

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
  return useQuery({
    queryKey: [...slipsKey, filters.review, filters.reason, page],
    queryFn: () => {
      const query = filterQuery(filters);
      query.set('page', String(page));
      query.set('limit', String(PAGE_SIZE));
      return request(`${BACKOFFICE_API.slips}?${query}`, { schema: slipReviewPage });
    },
    placeholderData: keepPreviousData,
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
