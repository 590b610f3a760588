import { GAME_PROVIDER_CODES } from '@member-wallet/contract/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ DEMO: '1', TRANSFER_RECONCILE_INTERVAL_MS: '0' });
});
afterAll(() => t.close());

describe('demo data', () => {
  it('gives the demo member a wallet to play with and the whole sandbox catalogue', async () => {
    const login = await t.api({
      method: 'POST',
      url: '/api/login',
      payload: { username: t.config.demoMember.phone, password: t.config.demoMember.password },
    });
    const wallet = (await t.api({ method: 'GET', url: '/api/wallet', headers: bearer(login.json().token) })).json();
    expect(wallet.wallet.amount).toBe(1000);
    const codes = wallet.slots.map((slot: { code: string }) => slot.code);
    expect(codes).toEqual(expect.arrayContaining([...GAME_PROVIDER_CODES]));
    expect(codes.length).toBeGreaterThan(GAME_PROVIDER_CODES.length);
  });
});
