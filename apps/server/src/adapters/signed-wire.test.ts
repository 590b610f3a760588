import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../lib/clock.ts';
import { BANK_FEED_SIGNATURE_HEADERS, HttpBankFeed } from './bank-feed/http.ts';
import { requestPayload, signedHeaders } from './hmac-signature.ts';
import { HttpPaymentGateway, PAYMENT_SIGNATURE_HEADERS } from './payments/http.ts';
import { HttpPayout, PAYOUT_SIGNATURE_HEADERS } from './payout/http.ts';
import { HttpVoucherRedeemer, VOUCHER_SIGNATURE_HEADERS } from './voucher/http.ts';

/**
 * The bytes each HMAC-signed party receives from us, pinned: the request line, every header in the order sent
 * and the body of the calls of each adapter, one line a request, and the signature headers of each party
 * (docs/parties/README.md, Signatures). A refactor of the signing or of the calls must leave every one as it is.
 */

const SECRET = 'wire-secret';
const clock = new FakeClock(new Date('2026-01-01T00:00:00Z'));
const NOW_MS = clock.now().getTime();
const BODY = '{"reference":"r-1","amountMinor":"12345"}';

/** A party's signature headers, one line. */
function line(headers: Record<string, string>): string {
  return Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('; ');
}

describe('signature headers of each party', () => {
  it('signs a request the same way under the names of each party', () => {
    const payload = `POST /p?x=1\n${BODY}`;
    const feedPayload = requestPayload('GET', '/transfers?after=7&limit=2', '');
    expect([
      line(signedHeaders(PAYOUT_SIGNATURE_HEADERS, SECRET, NOW_MS, payload)),
      line(signedHeaders(PAYMENT_SIGNATURE_HEADERS, SECRET, NOW_MS, payload)),
      line(signedHeaders(BANK_FEED_SIGNATURE_HEADERS, SECRET, NOW_MS, feedPayload)),
      line(signedHeaders(VOUCHER_SIGNATURE_HEADERS, SECRET, NOW_MS, payload)),
    ]).toMatchInlineSnapshot(`
      [
        "x-payout-timestamp: 1767225600; x-payout-signature: v1=d54f7c2e44846c65567cb3b4c49ef74d3ed4006d32916c80cb708e7c6cf64661",
        "x-payment-timestamp: 1767225600; x-payment-signature: v1=d54f7c2e44846c65567cb3b4c49ef74d3ed4006d32916c80cb708e7c6cf64661",
        "x-bank-feed-timestamp: 1767225600; x-bank-feed-signature: v1=ade6e3abe67f7b08c0167abca874e31fe2ae884d1b0bdb901733e4a30741c174",
        "x-voucher-timestamp: 1767225600; x-voucher-signature: v1=d54f7c2e44846c65567cb3b4c49ef74d3ed4006d32916c80cb708e7c6cf64661",
      ]
    `);
  });

  it('signs a webhook body (payout party, payment gateways)', () => {
    expect([
      line(signedHeaders(PAYOUT_SIGNATURE_HEADERS, SECRET, NOW_MS, BODY)),
      line(signedHeaders(PAYMENT_SIGNATURE_HEADERS, SECRET, NOW_MS, BODY)),
    ]).toMatchInlineSnapshot(`
      [
        "x-payout-timestamp: 1767225600; x-payout-signature: v1=64e5196473f8a8c8653ff0390f4b950f81f2c8a975ee16e4a55363b13977e000",
        "x-payment-timestamp: 1767225600; x-payment-signature: v1=64e5196473f8a8c8653ff0390f4b950f81f2c8a975ee16e4a55363b13977e000",
      ]
    `);
  });
});

/** Each request the scripted party received: `METHOD url | name: value; ... (as sent, in order) | body`. */
let received: string[] = [];

function handle(request: IncomingMessage, response: ServerResponse) {
  let body = '';
  request.on('data', (chunk) => {
    body += chunk;
  });
  request.on('end', () => {
    const headers: string[] = [];
    for (let i = 0; i < request.rawHeaders.length; i += 2) {
      const [name, value] = [request.rawHeaders[i], request.rawHeaders[i + 1]];
      headers.push(`${name}: ${name?.toLowerCase() === 'host' ? '<host>' : value}`);
    }
    received.push(`${request.method} ${request.url} | ${headers.join('; ')} | ${body}`);
    response.writeHead(503, { 'content-type': 'application/json' }).end('{}');
  });
}

const server = createServer(handle);
let baseUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/party/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received = [];
});

/** What the party received from the calls, whatever the adapter made of the answer. */
async function sent(...calls: (() => Promise<unknown>)[]): Promise<string[]> {
  for (const call of calls) await call().catch(() => undefined);
  return received;
}

const common = { baseUrl: () => baseUrl, secret: SECRET, clock };

describe('what each adapter sends', () => {
  it('payout party', async () => {
    const payout = new HttpPayout({ ...common, callbackUrl: () => 'https://us.example/api/webhooks/payout' });
    const request = {
      reference: 'r 1/ä',
      amountMinor: 12_345n,
      currency: 'BAHT',
      bankCode: 'KBANK',
      accountNo: '1234567890',
      accountName: 'Somchai',
    };
    expect(
      await sent(
        () => payout.pay(request),
        () => payout.status('r 1/ä'),
      ),
    ).toMatchInlineSnapshot(`
      [
        "POST /party/payouts | host: <host>; connection: keep-alive; x-payout-timestamp: 1767225600; x-payout-signature: v1=27e36d5659fc9cf866448a1fcbe5de8a87c8ff1e7263a511965d05e4fcad6f3d; content-type: application/json; accept: */*; accept-language: *; sec-fetch-mode: cors; user-agent: node; accept-encoding: gzip, deflate; content-length: 185 | {"reference":"r 1/ä","amountMinor":"12345","currency":"BAHT","bankCode":"KBANK","accountNo":"1234567890","accountName":"Somchai","callbackUrl":"https://us.example/api/webhooks/payout"}",
        "GET /party/payouts/r%201%2F%C3%A4 | host: <host>; connection: keep-alive; x-payout-timestamp: 1767225600; x-payout-signature: v1=41c0d8837b09d655b9b1dc509108b69107a8bdf3abe20bbac1002dc934aec703; accept: */*; accept-language: *; sec-fetch-mode: cors; user-agent: node; accept-encoding: gzip, deflate | ",
      ]
    `);
  });

  it('payment gateway', async () => {
    const gateway = new HttpPaymentGateway({
      ...common,
      code: 'KBANK',
      callbackUrl: () => null,
      timeoutMs: 2_000,
      sandbox: false,
    });
    const qr = {
      qrcodeId: 'q-1',
      amountMinor: 500n,
      currency: 'BAHT',
      merchantName: 'Shop',
      expiresAt: new Date('2026-01-01T00:15:00Z'),
    };
    expect(
      await sent(
        () => gateway.createQr(qr),
        () => gateway.status('q/1'),
        () => gateway.cancelQr('q-1'),
      ),
    ).toMatchInlineSnapshot(`
      [
        "POST /party/qrcodes | host: <host>; connection: keep-alive; x-payment-timestamp: 1767225600; x-payment-signature: v1=6af065fa7cce9cbee00e76141da859467fd7d3e85cd0e81d034ca21781e90292; content-type: application/json; accept: */*; accept-language: *; sec-fetch-mode: cors; user-agent: node; accept-encoding: gzip, deflate; content-length: 136 | {"qrcodeId":"q-1","amountMinor":"500","currency":"BAHT","merchantName":"Shop","expiresAt":"2026-01-01T00:15:00.000Z","callbackUrl":null}",
        "GET /party/qrcodes/q%2F1 | host: <host>; connection: keep-alive; x-payment-timestamp: 1767225600; x-payment-signature: v1=7b02b82be530e3278978a5a0be0135e606fcde5286e55353765dea0e44307701; accept: */*; accept-language: *; sec-fetch-mode: cors; user-agent: node; accept-encoding: gzip, deflate | ",
        "POST /party/qrcodes/q-1/cancel | host: <host>; connection: keep-alive; x-payment-timestamp: 1767225600; x-payment-signature: v1=378cf1ab5ddd66f041539623320cf5d9d2ec264a9e1ef51ae90ba197551a9069; content-type: application/json; accept: */*; accept-language: *; sec-fetch-mode: cors; user-agent: node; accept-encoding: gzip, deflate; content-length: 0 | ",
      ]
    `);
  });

  it('bank feed', async () => {
    const feed = new HttpBankFeed(common);
    expect(
      await sent(
        () => feed.transfersAfter(null, 50),
        () => feed.transfersAfter('c 1&2/ä', 9_999),
      ),
    ).toMatchInlineSnapshot(`
      [
        "GET /party/transfers?limit=50 | host: <host>; connection: keep-alive; x-bank-feed-timestamp: 1767225600; x-bank-feed-signature: v1=7a4f75b7b2160dd7af3daa9b6eebfc10dea2a9819d43b12ed4f59de571c25f4f; accept: */*; accept-language: *; sec-fetch-mode: cors; user-agent: node; accept-encoding: gzip, deflate | ",
        "GET /party/transfers?after=c+1%262%2F%C3%A4&limit=500 | host: <host>; connection: keep-alive; x-bank-feed-timestamp: 1767225600; x-bank-feed-signature: v1=203e0bd89cdca9279f45a184ad60f314422a25c0a127088a9ae35dab2f10d3ce; accept: */*; accept-language: *; sec-fetch-mode: cors; user-agent: node; accept-encoding: gzip, deflate | ",
      ]
    `);
  });

  it('voucher party', async () => {
    const voucher = new HttpVoucherRedeemer(common);
    expect(
      await sent(
        () => voucher.check('code-1'),
        () => voucher.redeem('code-1', 'ref-1'),
        () => voucher.status('ref 1/ä'),
      ),
    ).toMatchInlineSnapshot(`
      [
        "POST /party/check | host: <host>; connection: keep-alive; x-voucher-timestamp: 1767225600; x-voucher-signature: v1=e29dd8ec19aef39391ee9eaee57b85e138d236c23b49f0153f194d115e479015; content-type: application/json; accept: */*; accept-language: *; sec-fetch-mode: cors; user-agent: node; accept-encoding: gzip, deflate; content-length: 17 | {"code":"code-1"}",
        "POST /party/redeem | host: <host>; connection: keep-alive; x-voucher-timestamp: 1767225600; x-voucher-signature: v1=a9d8cf4b3f636813037a8e04d1607a281a88b70e277db7269e30c98d24745c82; content-type: application/json; accept: */*; accept-language: *; sec-fetch-mode: cors; user-agent: node; accept-encoding: gzip, deflate; content-length: 37 | {"code":"code-1","reference":"ref-1"}",
        "GET /party/redemptions/ref%201%2F%C3%A4 | host: <host>; connection: keep-alive; x-voucher-timestamp: 1767225600; x-voucher-signature: v1=ccf166124fc35b22ec749a77b89eaa2950dc504929805749ffb0a3bff39352e6; accept: */*; accept-language: *; sec-fetch-mode: cors; user-agent: node; accept-encoding: gzip, deflate | ",
      ]
    `);
  });
});
