import { API } from '@member-wallet/contract/api-paths';
import type { WalletEventType } from '@member-wallet/contract/live';
import {
  type AddRequest,
  type MoneyActionResponse,
  moneyActionResponse,
  type TransferAllRequest,
  type TransferRequest,
  type WithdrawAllRequest,
  type WithdrawRequest,
} from '@member-wallet/contract/wallet';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { useIdempotencyKey } from '../../../lib/idempotency.ts';
import { noteOwnRequest } from '../../../lib/own-requests.ts';

/**
 * The money-moving calls (spec section 7, Wallet). Each carries the idempotency key of the member's action,
 * so a retry after a lost answer is applied once; its live news is this tab's own (lib/own-requests.ts).
 */
function post<Body>(path: string, moves: WalletEventType) {
  return (body: Body, idempotencyKey: string): Promise<MoneyActionResponse> => {
    noteOwnRequest(moves);
    return request(path, { method: 'POST', body, schema: moneyActionResponse, idempotencyKey });
  };
}

export const addToSlot = post<AddRequest>(API.walletAdd, 'transfer');
export const transfer = post<TransferRequest>(API.walletTransfer, 'transfer');
export const transferAll = post<TransferAllRequest>(API.walletTransferAll, 'transfer');
export const withdraw = post<WithdrawRequest>(API.walletWithdraw, 'withdraw');
export const withdrawAll = post<WithdrawAllRequest>(API.walletWithdrawAll, 'withdraw');

/** A mutation for one money call; each new body is a new action with a new key, a retry reuses it. */
export function useMoneyAction<Body>(call: (body: Body, key: string) => Promise<MoneyActionResponse>) {
  const idempotency = useIdempotencyKey();
  return useMutation({
    mutationFn: (body: Body) => call(body, idempotency.keyFor(body)),
    onSettled: (_answer, error) => idempotency.settle(error ?? undefined),
  });
}
