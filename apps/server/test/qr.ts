import { API } from '@member-wallet/contract/api-paths';
import { expect } from 'vitest';
import { bearer, type TestApp } from './helpers.ts';

/** A member's deposit QR of `amount` baht, made and then paid at the sandbox KBank gateway: money in for real. */
export async function payQrDeposit(t: TestApp, token: string, amount: number): Promise<void> {
  const created = await t.api({
    method: 'POST',
    url: API.qrcode('KBANK'),
    headers: bearer(token),
    payload: { amount },
  });
  expect(created.statusCode, created.body).toBe(200);
  const paid = await t.app.inject({
    method: 'POST',
    url: '/sandbox/payments/KBANK/pay',
    payload: { qrcodeId: created.json().qrcodeId },
  });
  expect(paid.statusCode, paid.body).toBe(200);
}
