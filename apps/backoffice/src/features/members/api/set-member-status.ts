import { BACKOFFICE_API, backofficePath } from '@member-wallet/contract/backoffice/api-paths';
import { memberStatusResponse } from '@member-wallet/contract/backoffice/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { membersKey } from './get-members.ts';

type StatusChange = { lock: true; reason: string } | { lock: false };

/** Lock (with a reason) or unlock. */
function setMemberStatus(id: string, action: StatusChange) {
  return action.lock
    ? request(backofficePath(BACKOFFICE_API.memberLock, id), {
        method: 'POST',
        body: { reason: action.reason },
        schema: memberStatusResponse,
      })
    : request(backofficePath(BACKOFFICE_API.memberUnlock, id), { method: 'POST', schema: memberStatusResponse });
}

/** The member is read again afterwards. */
export function useSetMemberStatus(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: StatusChange) => setMemberStatus(id, action),
    onSettled: () => queryClient.invalidateQueries({ queryKey: membersKey }),
  });
}
