import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../lib/clock.ts';
import { requestPayload, verifySignature } from '../hmac-signature.ts';
import { HttpPaymentGateway, PAYMENT_SIGNATURE_HEADERS } from './http.ts';
import { PaymentGatewayRefusedError, PaymentGatewayUnavailableError } from './payment-gateway.ts';

/** The HTTP adapter against a scripted gateway: what it sends, and how it reads every kind of answer. */

const SECRET = 'gateway-secret';
const clock = new FakeClock(new Date('2026-01-01T00:00:00Z'));
let answer: { status: number; body: string } = { status: 200, body: '{}' };
const seen: { method: string; url: string; body: string; signature: string }[] = [];

function handle(request: IncomingMessage, response: ServerResponse) {
  let body = '';
  request.on('data', (chunk) => {
    body += chunk;
  });
  request.on('end', () => {
    const payload = requestPayload(request.method ?? '', request.url ?? '', body);
    seen.push({
      method: request.method ?? '',
      url: request.url ?? '',
      body,
      signature: verifySignature(PAYMENT_SIGNATURE_HEADERS, SECRET, clock.now().getTime(), request.headers, payload),
    });
    response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
  });
}

const server = createServer(handle);
let baseUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/gw`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function gatewayOptions() {
  return {
    code: 'WW',
    baseUrl: () => baseUrl,
    secret: SECRET,
    callbackUrl: () => 'https://wallet.example/api/webhooks/payments/WW',
    clock,
    timeoutMs: 2_000,
    sandbox: false,
  };
}

function gateway(secret = SECRET) {
  return new HttpPaymentGateway({ ...gatewayOptions(), secret });
}

const request = {
  qrcodeId: 'q'.repeat(22),
  amountMinor: 10_050n,
  currency: 'BAHT',
  merchantName: 'MERCHANT',
  expiresAt: new Date('2026-01-01T00:10:00Z'),
};

function respond(status: number, body: unknown) {
  answer = { status, body: typeof body === 'string' ? body : JSON.stringify(body) };
}

describe('HTTP payment gateway adapter', () => {
  it('sends a signed creation with the amount in minor units and reads the QR', async () => {
    respond(200, { qrcodeId: request.qrcodeId, gatewayReference: 'REF1', payload: '000201...', status: 'live' });
    expect(await gateway().createQr(request)).toEqual({ gatewayReference: 'REF1', payload: '000201...' });
    const sent = seen.at(-1);
    expect(sent).toMatchObject({ method: 'POST', url: '/gw/qrcodes', signature: 'ok' });
    expect(JSON.parse(sent?.body ?? '')).toEqual({
      qrcodeId: request.qrcodeId,
      amountMinor: '10050',
      currency: 'BAHT',
      merchantName: 'MERCHANT',
      expiresAt: '2026-01-01T00:10:00.000Z',
      callbackUrl: 'https://wallet.example/api/webhooks/payments/WW',
    });
  });

  it('reads a 4xx to a creation as a refusal, and anything unreadable or 5xx as unknown', async () => {
    respond(422, { message: 'QR_FAIL' });
    await expect(gateway().createQr(request)).rejects.toBeInstanceOf(PaymentGatewayRefusedError);
    for (const [status, body] of [
      [503, { message: 'down' }],
      [200, 'not json'],
      [200, { gatewayReference: 'REF1' }],
      [200, { gatewayReference: '', payload: 'x' }],
      [200, { gatewayReference: 'REF1', payload: 'x'.repeat(600) }],
    ] as const) {
      respond(status, body);
      await expect(gateway().createQr(request)).rejects.toBeInstanceOf(PaymentGatewayUnavailableError);
    }
    const unreachable = new HttpPaymentGateway({ ...gatewayOptions(), baseUrl: () => 'http://127.0.0.1:1' });
    await expect(unreachable.createQr(request)).rejects.toBeInstanceOf(PaymentGatewayUnavailableError);
  });

  it('reads the states of a QR by our id, and refuses to guess', async () => {
    respond(200, {
      gatewayReference: 'REF1',
      status: 'paid',
      paidAmountMinor: '9950',
      currency: 'BAHT',
      paidAt: '2026-01-01T00:05:00Z',
    });
    expect(await gateway().status('abc/def')).toEqual({
      status: 'paid',
      gatewayReference: 'REF1',
      paidAmountMinor: 9950n,
      currency: 'BAHT',
      paidAt: new Date('2026-01-01T00:05:00Z'),
    });
    expect(seen.at(-1)).toMatchObject({ method: 'GET', url: '/gw/qrcodes/abc%2Fdef', signature: 'ok' });
    respond(200, { gatewayReference: 'REF1', status: 'cancelled' });
    expect(await gateway().cancelQr('abc')).toEqual({ status: 'cancelled', gatewayReference: 'REF1' });
    expect(seen.at(-1)).toMatchObject({ method: 'POST', url: '/gw/qrcodes/abc/cancel', signature: 'ok' });
    respond(404, { message: 'NO_DATA' });
    expect(await gateway().status('abc')).toEqual({ status: 'not_found' });
    for (const body of [
      { gatewayReference: 'REF1', status: 'refunded' },
      { gatewayReference: 'REF1', status: 'paid', paidAmountMinor: '-1', currency: 'BAHT', paidAt: '2026-01-01' },
      { gatewayReference: 'REF1', status: 'paid', paidAmountMinor: '1', currency: 'BAHT', paidAt: 'soon' },
      { status: 'live' },
    ]) {
      respond(200, body);
      await expect(gateway().status('abc')).rejects.toBeInstanceOf(PaymentGatewayUnavailableError);
    }
  });

  it('signs with its own secret (a wrong one does not verify)', async () => {
    respond(200, { gatewayReference: 'REF1', status: 'live' });
    await gateway('another-secret').status('abc');
    expect(seen.at(-1)?.signature).toBe('invalid');
  });
});
