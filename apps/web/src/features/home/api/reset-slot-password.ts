import { API } from '@member-wallet/contract/api-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request, toastError } from '../../../lib/http.ts';
import { slotAccountQuery } from './get-slot-account.ts';

export function resetSlotPassword(code: string): Promise<unknown> {
  return request(API.walletResetPassword(code));
}

/** After a reset the credentials are read again (spec section 4). */
export function useResetSlotPassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resetSlotPassword,
    onSuccess: (_answer, code) => client.refetchQueries({ queryKey: slotAccountQuery(code).queryKey }),
    onError: toastError,
  });
}
