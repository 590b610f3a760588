import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { type BankTransferFilter, bankTransferPage } from '@member-wallet/contract/backoffice/suspense';
import { usePagedQuery } from '../../../lib/paged-query.ts';

/** `all`: every transfer that went to suspense; otherwise one state. */
export type TransferFilter = 'all' | BankTransferFilter;

export const transfersKey = ['backoffice', 'bank-transfers'] as const;

/** The filter as the list's query, which the CSV download asks with too. */
export function transfersQuery(filter: TransferFilter): URLSearchParams {
  const query = new URLSearchParams();
  if (filter !== 'all') query.set('status', filter);
  return query;
}

export function useBankTransfers(filter: TransferFilter, page: number) {
  return usePagedQuery({
    queryKey: [...transfersKey, filter, page],
    path: BACKOFFICE_API.bankTransfers,
    query: transfersQuery(filter),
    page,
    schema: bankTransferPage,
  });
}
