import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from '../../../test/helpers.ts';
import { ACCRUAL_GRACE_MS } from './invite.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ DEMO: '1', TRANSFER_RECONCILE_INTERVAL_MS: '0' });
});
afterAll(() => t.close());

describe('demo invite and refund programmes', () => {
  it('make the demo member the inviter of a demo friend who deposited yesterday, with banners in each language', async () => {
    const login = await t.api({
      method: 'POST',
      url: '/api/login',
      payload: { username: t.config.demoMember.phone, password: t.config.demoMember.password },
    });
    const headers = bearer(login.json().token);
    // Past any midnight's grace: yesterday has closed whatever the hour the test runs at.
    t.clock.advance(ACCRUAL_GRACE_MS);
    const invites = await t.api({ method: 'POST', url: '/api/invite', headers, payload: { page: 1, limit: 10 } });
    // 5% of the friend's 2,000-baht deposit of yesterday.
    expect(invites.json()).toMatchObject({ total: 1, invites: [{ from: { name: 'Demo Friend' }, amount: 100 }] });
    const wallet = (await t.api({ method: 'GET', url: '/api/wallet', headers })).json();
    expect(wallet.invite).toEqual({ amount: 100, success: 80, fail: 20 });
    for (const locale of ['th', 'lo', 'en']) {
      for (const url of ['/api/invite/banners', '/api/refund/banners']) {
        const banners = await t.api({ method: 'GET', url, headers: { ...headers, 'accept-language': locale } });
        expect(banners.json()).toHaveLength(1);
      }
    }
    const check = (await t.api({ method: 'GET', url: '/api/refund/check', headers })).json();
    expect(check).toMatchObject({ result: false, bonus: false, info: { state: 'NO_REFUND', percent: 5 } });
  });
});
