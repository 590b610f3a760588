import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { type DepositChannel, depositPage } from '@member-wallet/contract/backoffice/deposits';
import { usePagedQuery } from '../../../lib/paged-query.ts';
import { filterQuery } from '../filter-query.ts';

export interface DepositFilters {
  channel: DepositChannel | '';
  status: string;
  currency: string;
  /** The start of the member's phone number. */
  q: string;
}

export function useDeposits(filters: DepositFilters, page: number) {
  return usePagedQuery({
    queryKey: ['backoffice', 'deposits', filters, page],
    path: BACKOFFICE_API.deposits,
    query: filterQuery(filters),
    page,
    schema: depositPage,
  });
}
