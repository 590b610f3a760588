import { BACKOFFICE_API, backofficePath } from '@member-wallet/contract/backoffice/api-paths';
import { memberPage } from '@member-wallet/contract/backoffice/members';
import {
  type BankTransferFilter,
  bankTransferPage,
  bankTransferSettleResponse,
} from '@member-wallet/contract/backoffice/suspense';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { downloadCsv } from '../../lib/download.ts';
import { request } from '../../lib/http.ts';
import { usePagedQuery } from '../../lib/paged-query.ts';

/** `all`: every transfer that went to suspense; otherwise one state. */
export type TransferFilter = 'all' | BankTransferFilter;

const transfersKey = ['backoffice', 'bank-transfers'] as const;

function filterQuery(filter: TransferFilter): URLSearchParams {
  const query = new URLSearchParams();
  if (filter !== 'all') query.set('status', filter);
  return query;
}

export function useBankTransfers(filter: TransferFilter, page: number) {
  return usePagedQuery({
    queryKey: [...transfersKey, filter, page],
    path: BACKOFFICE_API.bankTransfers,
    query: filterQuery(filter),
    page,
    schema: bankTransferPage,
  });
}

/** Members whose phone, name or bank account matches `q` (the members API), for choosing whom to assign to. */
export function useMemberSearch(q: string) {
  return useQuery({
    queryKey: ['backoffice', 'members', 'search', q],
    queryFn: () =>
      request(`${BACKOFFICE_API.members}?${new URLSearchParams({ q, limit: '10' })}`, { schema: memberPage }),
    enabled: q.length > 0,
  });
}

/** Assign or refund; the list is read again afterwards, whatever the answer (another operator may have won). */
export function useSettle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      action:
        | { id: string; kind: 'assign'; memberId: string; note: string }
        | { id: string; kind: 'refund'; reason: string },
    ) =>
      action.kind === 'assign'
        ? request(backofficePath(BACKOFFICE_API.bankTransferAssign, action.id), {
            method: 'POST',
            body: { memberId: action.memberId, ...(action.note ? { note: action.note } : {}) },
            schema: bankTransferSettleResponse,
          })
        : request(backofficePath(BACKOFFICE_API.bankTransferRefund, action.id), {
            method: 'POST',
            body: { reason: action.reason },
            schema: bankTransferSettleResponse,
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: transfersKey }),
  });
}

/** Downloads every transfer of the filter as CSV, built by the server; fetched with the operator's token. */
export function downloadBankTransfersCsv(filter: TransferFilter): Promise<void> {
  return downloadCsv(`${BACKOFFICE_API.bankTransfersCsv}?${filterQuery(filter)}`, `bank-transfers-${filter}.csv`);
}
