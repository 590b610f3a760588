import { BACKOFFICE_API, backofficePath } from '@member-wallet/contract/backoffice/api-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { sessionsKey } from './get-sessions.ts';

function endSession(id: string) {
  return request(backofficePath(BACKOFFICE_API.session, id), { method: 'DELETE' });
}

/** Signs one of the operator's other devices out; the list is read again whatever the answer. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
