import { randomUUID } from 'node:crypto';
import { API } from '@member-wallet/contract/api-paths';
import { BACKOFFICE_API, backofficePath } from '@member-wallet/contract/backoffice/api-paths';
import { IDEMPOTENCY_KEY_HEADER } from '@member-wallet/contract/constants';
import { expect } from 'vitest';
import type { Player } from './games.ts';
import { bearer, type TestApp } from './helpers.ts';

/** A member's withdrawal, asked for once (its own idempotency key); answers what the member app reads. */
export async function askWithdrawal(t: TestApp, player: Player, amount: number) {
  const answer = await t.api({
    method: 'POST',
    url: API.walletWithdraw,
    headers: { ...bearer(player.token), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    payload: { amount },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as { reference: string; status: string; wallet: { amount: number } };
}

/** An operator's review of a withdrawal waiting for one: approve, or reject with `reason`. */
export function reviewWithdrawal(
  t: TestApp,
  headers: Record<string, string>,
  action: 'approve' | 'reject',
  reference: string,
  reason?: string,
) {
  const pattern = action === 'approve' ? BACKOFFICE_API.withdrawalApprove : BACKOFFICE_API.withdrawalReject;
  return t.api({
    method: 'POST',
    url: backofficePath(pattern, reference),
    headers,
    ...(action === 'reject' ? { payload: { reason } } : {}),
  });
}
