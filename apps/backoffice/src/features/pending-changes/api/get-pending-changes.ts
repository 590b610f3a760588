import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { type PendingChangeStatus, pendingChangeList } from '@member-wallet/contract/backoffice/pending-changes';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { pendingChangesKey } from '../../../lib/pending-changes-key.ts';

function getPendingChanges(status: PendingChangeStatus) {
  return request(`${BACKOFFICE_API.pendingChanges}?status=${status}`, { schema: pendingChangeList });
}

/** The changes of one status, newest first (at most 200: they are decided within days). */
export function usePendingChanges(status: PendingChangeStatus) {
  return useQuery({ queryKey: [...pendingChangesKey, status], queryFn: () => getPendingChanges(status) });
}
