import type { ValidateAccountRequest } from '@member-wallet/contract/account';
import { API } from '@member-wallet/contract/api-paths';
import { type MessageResponse, messageResponse } from '@member-wallet/contract/http';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export function validateAccount(body: ValidateAccountRequest): Promise<MessageResponse> {
  return request(API.accountValidate, { method: 'POST', body, schema: messageResponse });
}

export function useValidateAccount() {
  return useMutation({ mutationFn: validateAccount });
}
