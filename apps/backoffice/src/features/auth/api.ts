import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import {
  type OperatorLoginRequest,
  type OperatorProfile,
  operatorLoginResponse,
  operatorProfile,
} from '@member-wallet/contract/backoffice/operators';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../lib/http.ts';
import { clearToken, storeToken } from '../../lib/session.ts';

export const meQueryKey = ['backoffice', 'me'] as const;

/** The signed-in operator: name and role, for the shell. */
export function useMe() {
  return useQuery<OperatorProfile>({
    queryKey: meQueryKey,
    queryFn: () => request(BACKOFFICE_API.me, { schema: operatorProfile }),
    staleTime: 5 * 60_000,
  });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OperatorLoginRequest) =>
      request(BACKOFFICE_API.login, { method: 'POST', body: input, schema: operatorLoginResponse }),
    onSuccess: (answer) => {
      queryClient.clear();
      queryClient.setQueryData(meQueryKey, answer.operator);
      storeToken(answer.token);
    },
  });
}

/** Ends the session on the server, and locally whatever the server said (the tab may be the last to know). */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request(BACKOFFICE_API.logout, { method: 'POST' }),
    onSettled: () => {
      clearToken();
      queryClient.clear();
    },
  });
}
