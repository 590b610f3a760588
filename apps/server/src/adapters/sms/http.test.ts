import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextPhone, startTestApp, type TestApp } from '../../../test/helpers.ts';
import { ownBaseUrl } from '../../app.ts';
import { SANDBOX_SMS_API_KEY } from '../../config.ts';
import { HttpSmsSender } from './http.ts';
import { SmsSendError } from './sms-sender.ts';

let party: TestApp;
beforeAll(async () => {
  party = await startTestApp();
});
afterAll(() => party.close());

async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

describe('HTTP SMS adapter against the sandbox party', () => {
  it('delivers a message over real HTTP, newest first in the outbox', async () => {
    const sender = new HttpSmsSender({
      baseUrl: () => `${ownBaseUrl(party.app)}/sandbox/sms`,
      apiKey: SANDBOX_SMS_API_KEY,
    });
    const phone = nextPhone();
    const first = await sender.send(phone, 'first message');
    await sender.send(phone, 'second message');
    expect(first.messageId).toMatch(/^[0-9a-f-]{36}$/);
    const outbox = await party.app.inject({ method: 'GET', url: `/sandbox/sms/outbox?phone=${phone}` });
    expect(outbox.json()).toEqual([
      { phone, body: 'second message', createdAt: expect.any(String) },
      { phone, body: 'first message', createdAt: expect.any(String) },
    ]);
  });

  it('fails on a wrong key without retrying, and the party stores nothing', async () => {
    const sender = new HttpSmsSender({ baseUrl: () => `${ownBaseUrl(party.app)}/sandbox/sms`, apiKey: 'wrong' });
    const phone = nextPhone();
    await expect(sender.send(phone, 'hello')).rejects.toThrow(/answered 401/);
    expect((await party.app.inject({ method: 'GET', url: `/sandbox/sms/outbox?phone=${phone}` })).json()).toEqual([]);
  });

  it('retries a network error a bounded number of times, then fails', async () => {
    const url = await closedPortUrl();
    let calls = 0;
    const sender = new HttpSmsSender({
      baseUrl: () => {
        calls += 1;
        return url;
      },
      apiKey: 'x',
      retries: 2,
      retryDelayMs: 1,
    });
    await expect(sender.send('0812345678', 'x')).rejects.toBeInstanceOf(SmsSendError);
    expect(calls).toBe(3);
  });

  it('gives up after its timeout', async () => {
    const server = createServer(() => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const sender = new HttpSmsSender({
        baseUrl: () => `http://127.0.0.1:${port}`,
        apiKey: 'x',
        timeoutMs: 100,
        retries: 0,
      });
      await expect(sender.send('0812345678', 'x')).rejects.toBeInstanceOf(SmsSendError);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('makes an OTP send answer OTP_SEND_FAIL when the party is down, and lets the member retry at once', async () => {
    const broken = await startTestApp({ SMS_BASE_URL: await closedPortUrl(), SMS_API_KEY: 'x' });
    try {
      const phone = nextPhone();
      const send = () => broken.api({ method: 'POST', url: '/api/otp/send', payload: { phoneNumber: phone } });
      const failed = await send();
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toEqual({ message: 'OTP_SEND_FAIL' });
      expect((await send()).json()).toEqual({ message: 'OTP_SEND_FAIL' });
    } finally {
      await broken.close();
    }
  });

  it('refuses the sandbox outbox without a phone', async () => {
    const answer = await party.app.inject({ method: 'GET', url: '/sandbox/sms/outbox' });
    expect(answer.statusCode).toBe(400);
  });
});
