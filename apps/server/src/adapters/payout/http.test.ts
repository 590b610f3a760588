import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers.ts';
import { ownBaseUrl } from '../../app.ts';
import { SANDBOX_PAYOUT_SECRET } from '../../config.ts';
import { FakeClock, MINUTE_MS } from '../../lib/clock.ts';
import { sign, verifySignature } from '../hmac-signature.ts';
import { HttpPayout, PAYOUT_SIGNATURE_HEADERS } from './http.ts';
import { type PayoutRequest, PayoutUnavailableError } from './payout.ts';

let party: TestApp;
beforeAll(async () => {
  party = await startTestApp({ PAYOUT_SETTLE_INTERVAL_MS: '0' });
  await party.app.inject({
    method: 'PUT',
    url: '/sandbox/payout/settings',
    payload: { delayMs: MINUTE_MS, webhooks: false, failRate: 0, fault: 'none' },
  });
});
afterAll(() => party.close());

function adapter(secret = SANDBOX_PAYOUT_SECRET, baseUrl?: string) {
  return new HttpPayout({
    baseUrl: () => baseUrl ?? `${ownBaseUrl(party.app)}/sandbox/payout`,
    secret,
    callbackUrl: () => null,
    clock: party.clock,
    timeoutMs: 2_000,
  });
}

function payment(overrides: Partial<PayoutRequest> = {}): PayoutRequest {
  return {
    reference: randomUUID(),
    amountMinor: 123_45n,
    currency: 'BAHT',
    bankCode: 'KBANK',
    accountNo: '1234567890',
    accountName: 'SOMCHAI JAIDEE',
    ...overrides,
  };
}

describe('HTTP payout adapter against the sandbox party', () => {
  it('pays once per reference, and answers the status by reference', async () => {
    const payout = adapter();
    const request = payment();
    const first = await payout.pay(request);
    expect(first).toEqual({ status: 'pending', payoutId: expect.stringMatching(/^SBP-/) });
    const { payoutId } = first as { payoutId: string };
    expect(await payout.pay(request)).toEqual(first);
    expect(await payout.status(request.reference)).toEqual(first);
    party.clock.advance(2 * MINUTE_MS);
    expect(await payout.status(request.reference)).toEqual({ status: 'paid', payoutId });
    const rows = await party.app.sandboxDb
      .selectFrom('sandbox_payouts')
      .selectAll()
      .where('reference', '=', request.reference)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.amount_minor).toBe(123_45n);
  });

  it('answers not_found for a reference the party never received', async () => {
    expect(await adapter().status(randomUUID())).toEqual({ status: 'not_found' });
  });

  it('treats a refused signature, a reused reference and an unreachable party as an unknown outcome', async () => {
    const request = payment();
    await expect(adapter('wrong-secret').pay(request)).rejects.toBeInstanceOf(PayoutUnavailableError);
    expect(await adapter().status(request.reference)).toEqual({ status: 'not_found' });
    await adapter().pay(request);
    await expect(adapter().pay({ ...request, amountMinor: 999_00n })).rejects.toBeInstanceOf(PayoutUnavailableError);
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    await expect(adapter(undefined, `http://127.0.0.1:${port}`).pay(payment())).rejects.toBeInstanceOf(
      PayoutUnavailableError,
    );
  });
});

describe('payout signatures', () => {
  const clock = new FakeClock();
  const now = clock.now().getTime();
  const headers = (timestamp: number, signature: string) => ({
    [PAYOUT_SIGNATURE_HEADERS.timestamp]: String(timestamp),
    [PAYOUT_SIGNATURE_HEADERS.signature]: signature,
  });
  const seconds = Math.floor(now / 1000);

  it('accepts the right secret within the window, and nothing else', () => {
    const verify = (given: Record<string, string>, payload: string) =>
      verifySignature(PAYOUT_SIGNATURE_HEADERS, 's', now, given, payload);
    expect(verify(headers(seconds, sign('s', seconds, 'body')), 'body')).toBe('ok');
    expect(verify(headers(seconds, sign('s', seconds, 'body')), 'body!')).toBe('invalid');
    expect(verify(headers(seconds, sign('other', seconds, 'body')), 'body')).toBe('invalid');
    expect(verify(headers(seconds + 1, sign('s', seconds, 'body')), 'body')).toBe('invalid');
    const old = seconds - 301;
    expect(verify(headers(old, sign('s', old, 'body')), 'body')).toBe('stale');
    expect(verify({}, 'body')).toBe('missing');
    expect(verify(headers(seconds, 'v1=short'), 'body')).toBe('invalid');
  });
});
