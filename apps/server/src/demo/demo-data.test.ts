import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../test/helpers.ts';

describe('demo data', () => {
  it('creates the demo member once, through the account service, and it can log in', async () => {
    const t = await startTestApp({ DEMO: '1', DEMO_PHONE: '0899999999', DEMO_PASSWORD: 'demo-pass-1' });
    try {
      const login = await t.api({
        method: 'POST',
        url: '/api/login',
        payload: { username: '0899999999', password: 'demo-pass-1' },
      });
      expect(login.statusCode).toBe(200);
      const profile = await t.api({
        method: 'GET',
        url: '/api/account/profile',
        headers: { authorization: `Bearer ${login.json().token}` },
      });
      expect(profile.json()).toMatchObject({
        name: 'Demo Member',
        bankCode: 'KBANK',
        bankAccountName: 'SOMCHAI JAIDEE',
        bankAccountNo: '1234567890',
        currency: 'BAHT',
      });
      expect(t.logs.join('')).toContain('demo data created');
      expect(t.logs.join('')).not.toContain('demo-pass-1');
    } finally {
      await t.close();
    }
  });

  it('creates nothing with DEMO off', async () => {
    const t = await startTestApp({ DEMO: '0' });
    try {
      const login = await t.api({
        method: 'POST',
        url: '/api/login',
        payload: { username: '0812345678', password: 'demo1234' },
      });
      expect(login.json()).toEqual({ message: 'WRONG_CREDENTIAL' });
    } finally {
      await t.close();
    }
  });
});
