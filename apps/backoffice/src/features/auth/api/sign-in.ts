import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { type OperatorLoginRequest, operatorLoginResponse } from '@member-wallet/contract/backoffice/operators';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { storeToken } from '../../../lib/session.ts';
import { meQueryKey } from './get-me.ts';

function signIn(input: OperatorLoginRequest) {
  return request(BACKOFFICE_API.login, { method: 'POST', body: input, schema: operatorLoginResponse });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (answer) => {
      queryClient.clear();
      queryClient.setQueryData(meQueryKey, answer.operator);
      storeToken(answer.token);
    },
  });
}
