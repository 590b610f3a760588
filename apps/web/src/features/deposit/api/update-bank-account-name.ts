import {
  type BankAccountNameResponse,
  bankAccountNameResponse,
  type UpdateBankAccountNameRequest,
} from '@member-wallet/contract/account';
import { API } from '@member-wallet/contract/api-paths';
import { useMutation } from '@tanstack/react-query';
import { request, toastError } from '../../../lib/http.ts';

/** `OK`: the name was applied; `REVIEW`: it is not the same name spelt differently and waits for our staff. */
export function updateBankAccountName(body: UpdateBankAccountNameRequest): Promise<BankAccountNameResponse> {
  return request(API.bankAccountName, { method: 'PUT', body, schema: bankAccountNameResponse });
}

/** The English spelling of the member's account name; a failure is a red toast (spec section 8). */
export function useUpdateBankAccountName() {
  return useMutation({ mutationFn: updateBankAccountName, onError: toastError });
}
