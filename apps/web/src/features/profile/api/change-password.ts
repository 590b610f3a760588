import type { ChangePasswordRequest } from '@member-wallet/contract/account';
import { API } from '@member-wallet/contract/api-paths';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export function changePassword(body: ChangePasswordRequest): Promise<unknown> {
  return request(API.changePassword, { method: 'PUT', body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
