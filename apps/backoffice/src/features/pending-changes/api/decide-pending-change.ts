import { BACKOFFICE_API, backofficePath } from '@member-wallet/contract/backoffice/api-paths';
import { pendingChangeResponse } from '@member-wallet/contract/backoffice/pending-changes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { pendingChangesKey } from '../../../lib/pending-changes-key.ts';

type Decision = { id: string; decision: 'approve' | 'withdraw' } | { id: string; decision: 'reject'; reason: string };

const PATHS = {
  approve: BACKOFFICE_API.pendingChangeApprove,
  reject: BACKOFFICE_API.pendingChangeReject,
  withdraw: BACKOFFICE_API.pendingChangeWithdraw,
} as const;

/** Another admin approves or rejects (with a reason); the proposer withdraws their own. */
function decidePendingChange(action: Decision) {
  return request(backofficePath(PATHS[action.decision], action.id), {
    method: 'POST',
    ...(action.decision === 'reject' ? { body: { reason: action.reason } } : {}),
    schema: pendingChangeResponse,
  });
}

/**
 * A decision changes settings, an operator's role or a reward's terms: their lists are read again, whatever the
 * answer.
 */
export function usePendingChangeDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decidePendingChange,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: pendingChangesKey }),
        queryClient.invalidateQueries({ queryKey: ['backoffice', 'settings'] }),
        queryClient.invalidateQueries({ queryKey: ['backoffice', 'operators'] }),
        queryClient.invalidateQueries({ queryKey: ['backoffice', 'promotions'] }),
      ]),
  });
}
