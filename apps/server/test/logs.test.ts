import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownBaseUrl } from '../src/app.ts';
import { bearer, nextPhone, registration, startTestApp, type TestApp } from './helpers.ts';

const SMS_KEY = 'logs-test-sms-key';
let party: TestApp;
let t: TestApp;
beforeAll(async () => {
  // The SMS party runs as a separate sandbox server; the app under test is configured as in production.
  // Production refuses the sandbox's own key: the party is given another.
  party = await startTestApp({ SMS_API_KEY: SMS_KEY });
  t = await startTestApp({
    NODE_ENV: 'production',
    SANDBOX: '0',
    DEMO: '0',
    LOG_LEVEL: 'trace',
    SMS_BASE_URL: `${ownBaseUrl(party.app)}/sandbox/sms`,
    SMS_API_KEY: SMS_KEY,
    GAME_CREDENTIAL_KEY: 'logs-test-game-credential-key',
    OPERATOR_SECRET_KEY: 'logs-test-operator-secret-key',
    TRUELINK_KEY: `logs:${Buffer.alloc(32, 9).toString('base64')}`,
    SLIP_URL_SECRET: 'logs-test-slip-url-secret',
    METRICS_TOKEN: 'logs-test-metrics-token',
  });
});
afterAll(() => Promise.all([t.close(), party.close()]));

function standalone(value: string): RegExp {
  return new RegExp(`(?<![0-9A-Za-z_-])${value.replace(/[-]/g, '\\-')}(?![0-9A-Za-z_-])`);
}

describe('logs', () => {
  it('never carry passwords, tokens, OTP codes or authorization headers through a whole flow', async () => {
    await t.app.db.updateTable('site_settings').set({ value: 'true' }).where('key', '=', 'registerOTP').execute();
    const body = registration({ username: nextPhone(), password: 'Sup3rSecretPw' });
    const sent = (
      await t.api({ method: 'POST', url: '/api/otp/send', payload: { phoneNumber: body.username } })
    ).json();
    expect(sent.code).toBe('OTP_SENT');
    const outbox = await party.app.inject({ method: 'GET', url: `/sandbox/sms/outbox?phone=${body.username}` });
    const code = /OTP (\d{6})/.exec(outbox.json()[0].body)?.[1] ?? 'missing';
    await t.api({ method: 'POST', url: '/api/otp/verify', payload: { otpToken: sent.otpToken, otpCode: '000000' } });
    const verified = await t.api({
      method: 'POST',
      url: '/api/otp/verify',
      payload: { otpToken: sent.otpToken, otpCode: code },
    });
    expect(verified.json()).toEqual({ message: 'OTP_CODE_VALID' });
    expect((await t.api({ method: 'POST', url: '/api/account', payload: body })).statusCode).toBe(200);
    await t.api({ method: 'POST', url: '/api/login', payload: { username: body.username, password: 'WrongPw999' } });
    const { token } = (
      await t.api({ method: 'POST', url: '/api/login', payload: { username: body.username, password: body.password } })
    ).json();
    expect((await t.api({ method: 'GET', url: '/api/account/profile', headers: bearer(token) })).statusCode).toBe(200);
    const change = await t.api({
      method: 'PUT',
      url: '/api/account/changepwd',
      headers: bearer(token),
      payload: { oldPassword: body.password, newPassword: 'N3wSecretPw' },
    });
    expect(change.statusCode).toBe(200);
    expect((await t.api({ method: 'POST', url: '/api/logout', headers: bearer(token) })).statusCode).toBe(200);

    const log = t.logs.join('');
    expect(log).toContain('"reqId"');
    expect(log).toContain('/api/account/changepwd');
    for (const secret of [body.password, 'WrongPw999', 'N3wSecretPw', token, sent.otpToken]) {
      expect(log).not.toContain(secret);
    }
    expect(log).not.toMatch(standalone(code));
    expect(log.toLowerCase()).not.toContain('bearer');
    expect(log).not.toContain('sandbox SMS');
  });

  it('in sandbox mode, logs the SMS text labelled sandbox', async () => {
    const phone = nextPhone();
    await party.api({ method: 'POST', url: '/api/otp/send', payload: { phoneNumber: phone } });
    const line = party.logs.find((entry) => entry.includes('sandbox SMS'));
    expect(line).toBeDefined();
    expect(JSON.parse(line ?? '{}')).toMatchObject({
      sandbox: true,
      phone,
      sandboxSms: expect.stringMatching(/OTP \d{6}/),
    });
  });
});
