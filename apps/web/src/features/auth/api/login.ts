import { API } from '@member-wallet/contract/api-paths';
import { type LoginRequest, type LoginResponse, loginResponse } from '@member-wallet/contract/login';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { storeToken } from '../../../lib/session.ts';

export function login(body: LoginRequest): Promise<LoginResponse> {
  return request(API.login, { method: 'POST', body, schema: loginResponse });
}

export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (answer, variables) => storeToken(answer.token, variables.remember === true),
  });
}
