import { API } from '@member-wallet/contract/api-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { clearSession } from '../../../lib/session.ts';

export function logout(): Promise<unknown> {
  return request(API.logout, { method: 'POST', redirects: false });
}

/** The session is dropped locally even when the server cannot be reached: logging out must always work. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => logout().catch(() => undefined),
    onSettled: () => {
      clearSession();
      queryClient.removeQueries({ queryKey: ['member'] });
    },
  });
}
