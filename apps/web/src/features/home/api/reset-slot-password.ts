import { API } from '@member-wallet/contract/api-paths';
import { type SlotAccountResponse, slotAccountResponse } from '@member-wallet/contract/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request, toastError } from '../../../lib/http.ts';
import { slotAccountQuery } from './get-slot-account.ts';

export function resetSlotPassword(code: string): Promise<SlotAccountResponse> {
  return request(API.walletResetPassword(code), { schema: slotAccountResponse });
}

/** The answer holds the new credentials: they become the modal's (spec section 4). */
export function useResetSlotPassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resetSlotPassword,
    onSuccess: (answer, code) => client.setQueryData(slotAccountQuery(code).queryKey, answer),
    onError: toastError,
  });
}
