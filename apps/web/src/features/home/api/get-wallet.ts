import { API } from '@member-wallet/contract/api-paths';
import { STORAGE_KEYS } from '@member-wallet/contract/constants';
import { type WalletResponse, walletResponse } from '@member-wallet/contract/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

/** Loads the wallet and records when the member's balances were last read (spec section 3, `last_sync`). */
export async function getWallet(): Promise<WalletResponse> {
  const wallet = await request(API.wallet, { schema: walletResponse });
  localStorage.setItem(STORAGE_KEYS.lastSync, new Date().toISOString());
  return wallet;
}

/** Wallet load errors are only logged (spec section 8); the screen offers a retry. */
export const walletQuery = queryOptions({
  queryKey: ['member', 'wallet'],
  queryFn: getWallet,
  meta: { silent: true },
});

export function useWallet() {
  return useQuery(walletQuery);
}
