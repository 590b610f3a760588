import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { clearToken } from '../../../lib/session.ts';

function signOut() {
  return request(BACKOFFICE_API.logout, { method: 'POST' });
}

/** Ends the session on the server, and locally whatever the server said (the tab may be the last to know). */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSettled: () => {
      clearToken();
      queryClient.clear();
    },
  });
}
