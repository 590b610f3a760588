import { BACKOFFICE_API, backofficePath } from '@member-wallet/contract/backoffice/api-paths';
import { bankTransferSettleResponse } from '@member-wallet/contract/backoffice/suspense';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { transfersKey } from './get-bank-transfers.ts';

type Settlement =
  | { id: string; kind: 'assign'; memberId: string; note: string }
  | { id: string; kind: 'refund'; reason: string; accountNo?: string };

/** Assign to a member (with an optional note) or refund (with a reason, and the sender's whole account when masked). */
function settleBankTransfer(action: Settlement) {
  return action.kind === 'assign'
    ? request(backofficePath(BACKOFFICE_API.bankTransferAssign, action.id), {
        method: 'POST',
        body: { memberId: action.memberId, ...(action.note ? { note: action.note } : {}) },
        schema: bankTransferSettleResponse,
      })
    : request(backofficePath(BACKOFFICE_API.bankTransferRefund, action.id), {
        method: 'POST',
        body: { reason: action.reason, ...(action.accountNo ? { accountNo: action.accountNo } : {}) },
        schema: bankTransferSettleResponse,
      });
}

/** The list is read again afterwards, whatever the answer (another operator may have won). */
export function useSettle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: settleBankTransfer,
    onSettled: () => queryClient.invalidateQueries({ queryKey: transfersKey }),
  });
}
