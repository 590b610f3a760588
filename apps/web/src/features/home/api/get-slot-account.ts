import { API } from '@member-wallet/contract/api-paths';
import { type SlotAccountResponse, slotAccountResponse } from '@member-wallet/contract/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export function getSlotAccount(code: string): Promise<SlotAccountResponse> {
  return request(API.walletAccount(code), { schema: slotAccountResponse });
}

/** Credentials are never kept longer than the modal needs them. */
export function slotAccountQuery(code: string) {
  return queryOptions({
    queryKey: ['member', 'slot-account', code],
    queryFn: () => getSlotAccount(code),
    gcTime: 0,
    staleTime: 0,
  });
}

export function useSlotAccount(code: string) {
  return useQuery(slotAccountQuery(code));
}
