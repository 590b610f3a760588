import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { type BankNameChangeStatus, bankNameChangePage } from '@member-wallet/contract/backoffice/bank-name-changes';
import { usePagedQuery } from '../../../lib/paged-query.ts';

/** `all`: every request; otherwise one status. */
export type BankNameChangeFilter = 'all' | BankNameChangeStatus;

export const bankNameChangesKey = ['backoffice', 'bank-name-changes'] as const;

/** The filter as the list's query, which the CSV download asks with too. */
export function bankNameChangesQuery(filter: BankNameChangeFilter): URLSearchParams {
  const query = new URLSearchParams();
  if (filter !== 'all') query.set('status', filter);
  return query;
}

export function useBankNameChanges(filter: BankNameChangeFilter, page: number) {
  return usePagedQuery({
    queryKey: [...bankNameChangesKey, filter, page],
    path: BACKOFFICE_API.bankNameChanges,
    query: bankNameChangesQuery(filter),
    page,
    schema: bankNameChangePage,
  });
}
