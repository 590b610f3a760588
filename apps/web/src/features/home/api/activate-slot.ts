import { API } from '@member-wallet/contract/api-paths';
import { type SlotAccountResponse, slotAccountResponse } from '@member-wallet/contract/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request, toastError } from '../../../lib/http.ts';
import { slotAccountQuery } from './get-slot-account.ts';
import { walletQuery } from './get-wallet.ts';

/** Opens the member's account at a provider; the answer is the new account's credentials. */
export function activateSlot(code: string): Promise<SlotAccountResponse> {
  return request(API.walletActivate(code), { schema: slotAccountResponse });
}

export function useActivateSlot() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: activateSlot,
    onSuccess: (account, code) => {
      client.setQueryData(slotAccountQuery(code).queryKey, account);
      void client.invalidateQueries({ queryKey: walletQuery.queryKey });
    },
    onError: toastError,
  });
}
