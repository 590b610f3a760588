import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers.ts';
import { ownBaseUrl } from '../../app.ts';
import { DEV_TRUELINK_KEY, loadConfig, SANDBOX_VOUCHER_SECRET } from '../../config.ts';
import { HttpVoucherRedeemer } from './http.ts';
import { VoucherUnavailableError } from './voucher-redeemer.ts';

let party: TestApp;
beforeAll(async () => {
  party = await startTestApp({ TRUELINK_SETTLE_INTERVAL_MS: '0' });
});
afterAll(() => party.close());

function adapter(secret = SANDBOX_VOUCHER_SECRET, baseUrl?: string) {
  return new HttpVoucherRedeemer({
    baseUrl: () => baseUrl ?? `${ownBaseUrl(party.app)}/sandbox/truemoney`,
    secret,
    clock: party.clock,
    timeoutMs: 2_000,
  });
}

async function newVoucher(amount: number): Promise<string> {
  const answer = await party.app.inject({ method: 'POST', url: '/sandbox/truemoney/vouchers', payload: { amount } });
  return answer.json().code;
}

describe('HTTP voucher adapter against the sandbox party', () => {
  it('checks, redeems once per reference, and finds the redemption by reference', async () => {
    const code = await newVoucher(12.5);
    const voucher = adapter();
    expect(await voucher.check(code)).toEqual({ status: 'available', amountMinor: 1250n, currency: 'BAHT' });
    const reference = randomUUID();
    expect(await voucher.status(reference)).toEqual({ status: 'not_found' });
    const first = await voucher.redeem(code, reference);
    expect(first).toEqual({
      status: 'redeemed',
      amountMinor: 1250n,
      currency: 'BAHT',
      redemptionId: expect.any(String),
    });
    expect(await voucher.redeem(code, reference)).toEqual(first);
    expect(await voucher.status(reference)).toEqual(first);
    expect(await voucher.check(code)).toEqual({ status: 'redeemed' });
    expect(await voucher.redeem(code, randomUUID())).toEqual({ status: 'already_redeemed' });
    expect(await voucher.check('0123456789abcdef')).toEqual({ status: 'invalid' });
    expect(await voucher.redeem('0123456789abcdef', randomUUID())).toEqual({ status: 'invalid' });
  });

  it('treats a refused signature and an unreachable party as an unknown outcome', async () => {
    const code = await newVoucher(5);
    await expect(adapter('wrong-secret').redeem(code, randomUUID())).rejects.toBeInstanceOf(VoucherUnavailableError);
    expect(await adapter().check(code)).toMatchObject({ status: 'available' });
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    await expect(adapter(undefined, `http://127.0.0.1:${port}`).check(code)).rejects.toBeInstanceOf(
      VoucherUnavailableError,
    );
  });
});

describe('TRUELINK_KEY', () => {
  const key = Buffer.alloc(32, 3).toString('base64');

  it('reads id:key pairs, the first one current, and defaults to the development key', () => {
    expect(loadConfig({}).truemoney.linkKeys).toEqual([DEV_TRUELINK_KEY]);
    const config = loadConfig({ TRUELINK_KEY: `new:${key}, old:${DEV_TRUELINK_KEY.key}` });
    expect(config.truemoney.linkKeys).toEqual([
      { id: 'new', key },
      { id: 'old', key: DEV_TRUELINK_KEY.key },
    ]);
  });

  it('refuses a short key, a missing id, a repeated id, without echoing the value', () => {
    for (const value of [`k:${Buffer.alloc(16).toString('base64')}`, key, `a:${key},a:${key}`, `bad id:${key}`]) {
      expect(() => loadConfig({ TRUELINK_KEY: value })).toThrow(/TRUELINK_KEY must be .*\(got "\.\.\."\)/);
    }
  });
});
