import { API } from '@member-wallet/contract/api-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request, toastError } from '../../../lib/http.ts';
import { walletQuery } from './get-wallet.ts';

/** Asks every provider for the member's balances, then reads the wallet again. */
export function refreshSlots(): Promise<unknown> {
  return request(API.walletRefreshSlots);
}

export function useRefreshSlots() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: refreshSlots,
    onSuccess: () => client.refetchQueries({ queryKey: walletQuery.queryKey }),
    onError: toastError,
  });
}
