import type { UpdateBankAccountNameRequest } from '@member-wallet/contract/account';
import { API } from '@member-wallet/contract/api-paths';
import { useMutation } from '@tanstack/react-query';
import { request, toastError } from '../../../lib/http.ts';

export function updateBankAccountName(body: UpdateBankAccountNameRequest): Promise<unknown> {
  return request(API.bankAccountName, { method: 'PUT', body });
}

/** The English spelling of the member's account name; a failure is a red toast (spec section 8). */
export function useUpdateBankAccountName() {
  return useMutation({ mutationFn: updateBankAccountName, onError: toastError });
}
