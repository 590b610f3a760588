import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totp } from '../src/lib/totp.ts';
import { startTestApp, type TestApp } from './helpers.ts';

/** The sandbox's back-office helpers, for end-to-end tests: only ever mounted in sandbox mode. */
let sandbox: TestApp;
let production: TestApp;
beforeAll(async () => {
  [sandbox, production] = await Promise.all([startTestApp(), startTestApp({ SANDBOX: '0' })]);
});
afterAll(() => Promise.all([sandbox.close(), production.close()]));

const operator = { username: 'e2e-finance', role: 'finance', password: 'a long sandbox password' };

describe('sandbox operators', () => {
  it('creates an operator and answers the TOTP secret it signs in with', async () => {
    const created = await sandbox.api({ method: 'POST', url: '/sandbox/operators', payload: operator });
    expect(created.statusCode, created.body).toBe(200);
    const { totpSecret, role, username } = created.json();
    expect([username, role]).toEqual(['e2e-finance', 'finance']);
    const login = await sandbox.api({
      method: 'POST',
      url: BACKOFFICE_API.login,
      payload: { username, password: operator.password, totp: totp(totpSecret, sandbox.clock.now().getTime()) },
    });
    expect(login.statusCode, login.body).toBe(200);
    const again = await sandbox.api({ method: 'POST', url: '/sandbox/operators', payload: operator });
    expect([again.statusCode, again.json().message]).toEqual([400, 'KEY_INVALID']);
    const common = await sandbox.api({
      method: 'POST',
      url: '/sandbox/operators',
      payload: { ...operator, username: 'e2e-common', password: 'qwerty123456' },
    });
    expect([common.statusCode, common.json()]).toEqual([
      400,
      { message: 'PASSWORD_TOO_COMMON', fields: { password: 'PASSWORD_TOO_COMMON' } },
    ]);
  });

  it('sets the auto-approve amount of a currency', async () => {
    const answer = await sandbox.api({
      method: 'PUT',
      url: '/sandbox/settings/withdrawAutoApprove',
      payload: { currency: 'BAHT', maxMinor: 100 },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await sandbox.app.siteSettings.withdrawAutoApproveMax('BAHT')).toBe(100n);
  });

  it('is not there outside sandbox mode', async () => {
    const created = await production.api({ method: 'POST', url: '/sandbox/operators', payload: operator });
    expect([created.statusCode, created.json()]).toEqual([404, { message: 'NO_DATA' }]);
    const setting = await production.api({
      method: 'PUT',
      url: '/sandbox/settings/withdrawAutoApprove',
      payload: { currency: 'BAHT', maxMinor: 0 },
    });
    expect(setting.statusCode).toBe(404);
  });
});
