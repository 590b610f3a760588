import { type AdjustmentStatus, adjustmentPage } from '@member-wallet/contract/backoffice/adjustments';
import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { usePagedQuery } from '../../../lib/paged-query.ts';

/** `all`: every adjustment; otherwise one status. */
export type AdjustmentFilter = 'all' | AdjustmentStatus;

export const adjustmentsKey = ['backoffice', 'adjustments'] as const;

/** The filter as the list's query, which the CSV download asks with too. */
export function adjustmentsQuery(filter: AdjustmentFilter): URLSearchParams {
  const query = new URLSearchParams();
  if (filter !== 'all') query.set('status', filter);
  return query;
}

export function useAdjustments(filter: AdjustmentFilter, page: number) {
  return usePagedQuery({
    queryKey: [...adjustmentsKey, filter, page],
    path: BACKOFFICE_API.adjustments,
    query: adjustmentsQuery(filter),
    page,
    schema: adjustmentPage,
  });
}
