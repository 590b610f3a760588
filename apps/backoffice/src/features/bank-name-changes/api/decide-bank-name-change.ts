import { BACKOFFICE_API, backofficePath } from '@member-wallet/contract/backoffice/api-paths';
import { bankNameChangeResponse } from '@member-wallet/contract/backoffice/bank-name-changes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { bankNameChangesKey } from './get-bank-name-changes.ts';

type Decision = { id: string; decision: 'approve'; note: string } | { id: string; decision: 'reject'; reason: string };

/** Approve (with an optional note) or reject (with a reason). */
function decideBankNameChange(action: Decision) {
  return action.decision === 'approve'
    ? request(backofficePath(BACKOFFICE_API.bankNameChangeApprove, action.id), {
        method: 'POST',
        body: action.note.trim() ? { note: action.note.trim() } : {},
        schema: bankNameChangeResponse,
      })
    : request(backofficePath(BACKOFFICE_API.bankNameChangeReject, action.id), {
        method: 'POST',
        body: { reason: action.reason },
        schema: bankNameChangeResponse,
      });
}

/** The queue is read again whatever the answer. */
export function useBankNameChangeDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideBankNameChange,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bankNameChangesKey }),
  });
}
