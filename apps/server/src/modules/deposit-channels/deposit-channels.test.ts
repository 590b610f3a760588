import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerAndLogin, startTestApp, type TestApp } from '../../../test/helpers.ts';
import { SANDBOX_DEPOSIT_CHANNELS, SANDBOX_DEPOSIT_WALLETS } from '../../sandbox/deposit-channels.ts';
import { DepositChannelsRepository } from './deposit-channels.repository.ts';

/** `GET /api/lookup/deposit` over the sandbox's channels (docs/deposits/README.md, deposit channels). */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('GET /api/lookup/deposit', () => {
  it("lists the enabled channels of the member's currency in the operator's order", async () => {
    const member = await registerAndLogin(t);
    const answer = await t.api({ method: 'GET', url: '/api/lookup/deposit', headers: bearer(member.token) });
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.banks.map((bank: { bankCode: string; mode: string }) => `${bank.bankCode}:${bank.mode}`)).toEqual([
      'KBANK:AUTO',
      'SCB:MANUAL',
      'KBANK:QR',
      'WW:QR',
      'FP:QR',
      'PAYONEX:QR',
    ]);
    expect(body.banks[0]).toEqual({
      bankCode: 'KBANK',
      bankType: 'BANK',
      mode: 'AUTO',
      bankNameTH: 'ธนาคารกสิกรไทย',
      bankNameEN: 'Kasikornbank',
      bankNameLO: 'ທະນາຄານກະສິກອນໄທ',
      accountName: 'MEMBER WALLET (SANDBOX)',
      accountNo: '9990001234',
      currency: 'BAHT',
      minAmount: 0,
    });
    // Spec section 9: the first QR provider takes anything above 0, WW and PAYONEX 100, FP 10.
    const minimums = Object.fromEntries(
      body.banks
        .filter((bank: { mode: string }) => bank.mode === 'QR')
        .map((bank: { bankCode: string; minAmount: number }) => [bank.bankCode, bank.minAmount]),
    );
    expect(minimums).toEqual({ KBANK: 0, WW: 100, FP: 10, PAYONEX: 100 });
    expect(body.wallets).toEqual([{ mode: 'GIFT_LINK', walletAccountName: 'MEMBER WALLET (SANDBOX)' }]);
    expect(body.isManual).toBe(true);
  });

  it('leaves out disabled channels, and isManual follows the slip-only accounts', async () => {
    const member = await registerAndLogin(t);
    await t.app.db.updateTable('deposit_channels').set({ enabled: false }).where('mode', '=', 'MANUAL').execute();
    try {
      const body = (await t.api({ method: 'GET', url: '/api/lookup/deposit', headers: bearer(member.token) })).json();
      expect(body.banks.some((bank: { bankCode: string }) => bank.bankCode === 'SCB')).toBe(false);
      expect(body.isManual).toBe(false);
    } finally {
      await t.app.db.updateTable('deposit_channels').set({ enabled: true }).where('mode', '=', 'MANUAL').execute();
    }
  });

  it('refuses a caller without a token', async () => {
    const answer = await t.api({ method: 'GET', url: '/api/lookup/deposit' });
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toEqual({ message: 'invalid-token' });
  });

  it("mounting the sandbox again adds nothing and keeps an operator's change", async () => {
    await t.app.db
      .updateTable('deposit_channels')
      .set({ min_amount_minor: 5_000n })
      .where('bank_code', '=', 'FP')
      .execute();
    const before = await t.app.db.selectFrom('deposit_channels').select('id').execute();
    await new DepositChannelsRepository(t.app.db).ensure(SANDBOX_DEPOSIT_CHANNELS, SANDBOX_DEPOSIT_WALLETS);
    expect(await t.app.db.selectFrom('deposit_channels').select('id').execute()).toHaveLength(before.length);
    expect(await t.app.db.selectFrom('deposit_wallets').select('id').execute()).toHaveLength(1);
    const fp = await new DepositChannelsRepository(t.app.db).qrChannel('FP', 'BAHT');
    expect(fp?.min_amount_minor).toBe(5_000n);
  });
});

describe('the Laos build', () => {
  let laos: TestApp;
  beforeAll(async () => {
    laos = await startTestApp({ COUNTRY: 'LA' });
  });
  afterAll(() => laos.close());

  it('shows a kip member the BCEL account and QR', async () => {
    const member = await registerAndLogin(laos, { bankCode: 'BCEL', currency: 'LAK', username: '02055512345' });
    const body = (await laos.api({ method: 'GET', url: '/api/lookup/deposit', headers: bearer(member.token) })).json();
    expect(body.banks.map((bank: { bankCode: string; mode: string }) => `${bank.bankCode}:${bank.mode}`)).toEqual([
      'BCEL:AUTO',
      'BCEL:QR',
    ]);
    expect(body.wallets).toEqual([]);
    expect(body.isManual).toBe(false);
  });
});
