import { OTP_RULES } from '@member-wallet/contract/otp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextAddress, nextPhone, registerAndLogin, startTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function send(phone: string, remoteAddress = nextAddress()) {
  return t.api({ method: 'POST', url: '/api/otp/send', payload: { phoneNumber: phone }, remoteAddress });
}

/** Reads the code out of the sandbox SMS party's outbox, as a tester with the phone would. */
async function lastCode(phone: string): Promise<string> {
  const outbox = await t.app.inject({ method: 'GET', url: `/sandbox/sms/outbox?phone=${phone}` });
  const body = (outbox.json() as { body: string }[])[0]?.body ?? '';
  return /OTP (\d{6})/.exec(body)?.[1] ?? '';
}

function verify(otpToken: string, otpCode: string) {
  return t.api({ method: 'POST', url: '/api/otp/verify', payload: { otpToken, otpCode } });
}

function wrongCode(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

describe('OTP send', () => {
  it('sends a code through the SMS party and verifies it once', async () => {
    const phone = nextPhone();
    const sent = await send(phone);
    expect(sent.statusCode).toBe(200);
    const body = sent.json();
    expect(body).toMatchObject({ code: 'OTP_SENT', expiresIn: OTP_RULES.ttlSeconds });
    expect(body.otpRef).toMatch(/^[A-Z]{4}$/);
    expect(body.otpToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const code = await lastCode(phone);
    expect(code).toMatch(/^\d{6}$/);

    const verified = await verify(body.otpToken, code);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ message: 'OTP_CODE_VALID' });

    const replayed = await verify(body.otpToken, code);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toEqual({ message: 'OTP_TOKEN_INVALID' });

    t.clock.advance(OTP_RULES.resendAfterSeconds * 1000 + 1);
    expect((await send(phone)).json()).toEqual({ code: 'OTP_VERIFIED', otpRef: '', otpToken: '', expiresIn: 0 });
  });

  it('refuses a resend within a minute, and a sixth send within an hour', async () => {
    const phone = nextPhone();
    expect((await send(phone)).statusCode).toBe(200);
    const tooSoon = await send(phone);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toEqual({ message: 'REQUEST_LIMIT_1MIN' });
    for (let index = 1; index < OTP_RULES.maxSendsPerHour; index++) {
      t.clock.advance(61_000);
      expect((await send(phone)).statusCode).toBe(200);
    }
    t.clock.advance(61_000);
    const blocked = await send(phone);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: 'OTP_BLOCK' });
    t.clock.advance(60 * 60_000);
    expect((await send(phone)).statusCode).toBe(200);
  });

  it('limits one address to 10 sends an hour', async () => {
    const address = nextAddress();
    for (let index = 0; index < 10; index++) expect((await send(nextPhone(), address)).statusCode).toBe(200);
    const limited = await send(nextPhone(), address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'REQUEST_LIMIT' });
  });

  it('limits sends to one phone from any address, before saying whether it is registered', async () => {
    const member = await registerAndLogin(t);
    const answers = [];
    for (let index = 0; index < 12; index++) answers.push((await send(member.username)).json());
    expect(answers).toEqual([
      ...Array(10).fill({ message: 'EXISTING_USER' }),
      ...Array(2).fill({ message: 'REQUEST_LIMIT' }),
    ]);
  });

  it('refuses a registered phone and a malformed one', async () => {
    const member = await registerAndLogin(t);
    const existing = await send(member.username);
    expect(existing.statusCode).toBe(409);
    expect(existing.json()).toEqual({ message: 'EXISTING_USER' });

    const short = await send('08123');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      message: 'PHONE_NUMBER_REQUIRE_10_DIGIT',
      fields: { phoneNumber: 'PHONE_NUMBER_REQUIRE_10_DIGIT' },
    });
    const missing = await t.api({ method: 'POST', url: '/api/otp/send', payload: {} });
    expect(missing.json()).toEqual({ message: 'KEY_MISSING', fields: { phoneNumber: 'KEY_MISSING' } });
    const wrongType = await t.api({ method: 'POST', url: '/api/otp/send', payload: { phoneNumber: 812345678 } });
    expect(wrongType.json()).toEqual({ message: 'KEY_INVALID', fields: { phoneNumber: 'KEY_INVALID' } });
  });
});

describe('OTP verify', () => {
  it('blocks after five wrong codes, even the right one', async () => {
    const phone = nextPhone();
    const { otpToken } = (await send(phone)).json();
    const code = await lastCode(phone);
    for (let index = 0; index < OTP_RULES.maxAttempts; index++) {
      const wrong = await verify(otpToken, wrongCode(code));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ message: 'OTP_CODE_INVALID' });
    }
    const blocked = await verify(otpToken, code);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: 'OTP_BLOCK' });
  });

  it('accepts the right code after a few wrong ones', async () => {
    const phone = nextPhone();
    const { otpToken } = (await send(phone)).json();
    const code = await lastCode(phone);
    expect((await verify(otpToken, wrongCode(code))).statusCode).toBe(400);
    expect((await verify(otpToken, code)).json()).toEqual({ message: 'OTP_CODE_VALID' });
  });

  it('expires codes after their time', async () => {
    const phone = nextPhone();
    const { otpToken } = (await send(phone)).json();
    const code = await lastCode(phone);
    t.clock.advance(OTP_RULES.ttlSeconds * 1000 + 1);
    const expired = await verify(otpToken, code);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ message: 'OTP_EXPIRED' });
  });

  it('refuses unknown and malformed tokens and missing fields', async () => {
    expect((await verify('A'.repeat(43), '123456')).json()).toEqual({ message: 'OTP_TOKEN_INVALID' });
    expect((await verify('not a token', '123456')).json()).toEqual({ message: 'OTP_TOKEN_INVALID' });
    const missing = await t.api({ method: 'POST', url: '/api/otp/verify', payload: { otpToken: 'x' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: 'KEY_MISSING', fields: { otpCode: 'KEY_MISSING' } });
    const long = await verify('x'.repeat(500), '1');
    expect(long.json()).toMatchObject({ message: 'OTP_TOKEN_INVALID' });
  });
});
