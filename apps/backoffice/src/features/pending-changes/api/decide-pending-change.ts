import { BACKOFFICE_API, backofficePath } from '@member-wallet/contract/backoffice/api-paths';
import { pendingChangeResponse } from '@member-wallet/contract/backoffice/pending-changes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { pendingChangesKey } from '../../../lib/pending-changes-key.ts';

type Decision = { id: string; decision: 'approve' } | { id: string; decision: 'reject'; reason: string };

function decidePendingChange(action: Decision) {
  return action.decision === 'approve'
    ? request(backofficePath(BACKOFFICE_API.pendingChangeApprove, action.id), {
        method: 'POST',
        schema: pendingChangeResponse,
      })
    : request(backofficePath(BACKOFFICE_API.pendingChangeReject, action.id), {
        method: 'POST',
        body: { reason: action.reason },
        schema: pendingChangeResponse,
      });
}

/** A decision changes settings or an operator's role: every back-office list is read again, whatever the answer. */
export function usePendingChangeDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decidePendingChange,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: pendingChangesKey }),
        queryClient.invalidateQueries({ queryKey: ['backoffice', 'settings'] }),
        queryClient.invalidateQueries({ queryKey: ['backoffice', 'operators'] }),
      ]),
  });
}
