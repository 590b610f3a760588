import { API } from '@member-wallet/contract/api-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endBrowserPush } from '../../../lib/browser-push.ts';
import { request } from '../../../lib/http.ts';
import { clearSession } from '../../../lib/session.ts';

/**
 * Ends the session at the server, which forgets this browser's push subscription with it, and unsubscribes the
 * browser too. The request is made first: it reads the token before anything clears it.
 */
export function logout(): Promise<unknown> {
  const revoked = request(API.logout, { method: 'POST', redirects: false });
  void endBrowserPush();
  return revoked;
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
