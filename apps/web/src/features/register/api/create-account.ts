import { type RegisterRequest, type RegisterResponse, registerResponse } from '@member-wallet/contract/account';
import { API } from '@member-wallet/contract/api-paths';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export function createAccount(body: RegisterRequest): Promise<RegisterResponse> {
  return request(API.account, { method: 'POST', body, schema: registerResponse });
}

export function useCreateAccount() {
  return useMutation({ mutationFn: createAccount });
}
