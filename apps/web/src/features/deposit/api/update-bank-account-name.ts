import {
  type BankAccountNameResponse,
  bankAccountNameResponse,
  type UpdateBankAccountNameRequest,
} from '@member-wallet/contract/account';
import { API } from '@member-wallet/contract/api-paths';
import { useMutation } from '@tanstack/react-query';
import { isApiError, request, toastError } from '../../../lib/http.ts';

/** `OK`: the name was applied; `REVIEW`: it is not the same name spelt differently and waits for our staff. */
export function updateBankAccountName(body: UpdateBankAccountNameRequest): Promise<BankAccountNameResponse> {
  return request(API.bankAccountName, { method: 'PUT', body, schema: bankAccountNameResponse });
}

/** An earlier name change still waits for our staff (409): the prompt says so, as after a `REVIEW`. */
export function isUnderReview(error: unknown): boolean {
  return isApiError(error) && error.code === 'BANK_NAME_UNDER_REVIEW';
}

/** The English spelling of the member's account name; any other failure is a red toast (spec section 8). */
export function useUpdateBankAccountName() {
  return useMutation({
    mutationFn: updateBankAccountName,
    onError: (error) => {
      if (!isUnderReview(error)) toastError(error);
    },
  });
}
