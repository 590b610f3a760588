import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestMember, startTestDatabase, type TestDatabase } from '../../../test/helpers.ts';
import { misreportPostings } from '../../../test/ledger-faults.ts';
import { FakeClock } from '../../lib/clock.ts';
import { reconcileBalances } from './ledger.reconcile.ts';
import { LedgerRepository } from './ledger.repository.ts';
import { LedgerInvariantError } from './ledger.rules.ts';
import { LedgerService } from './ledger.service.ts';

/**
 * Every reward (bonus, wheel prize, invite commission, loss refund) is paid through `creditReward`, and every deposit
 * (QR, TrueMoney, slip, bank transfer, statement line, an operator's assignment out of suspense) is one
 * `postDeposit`: each asserts what it moved.
 */
let t: TestDatabase;
let ledger: LedgerService;
beforeAll(async () => {
  t = await startTestDatabase();
  ledger = new LedgerService({ repository: new LedgerRepository(), clock: new FakeClock() });
});
afterAll(() => t.close());

async function accounts() {
  const memberId = await insertTestMember(t.db);
  const wallet = await ledger.memberWallet(t.db, memberId, 'BAHT');
  const expense = await ledger.ensureAccount(t.db, {
    kind: 'bonus_expense',
    memberId: null,
    providerCode: null,
    currency: 'BAHT',
  });
  return { memberId, from: expense.id, to: wallet.id };
}

function credit(input: Awaited<ReturnType<typeof accounts>>, amountMinor: bigint, key: string) {
  return t.db
    .transaction()
    .execute((trx) =>
      ledger.creditReward(trx, { ...input, amountMinor, idempotencyKey: key, reference: { test: true } }),
    );
}

describe('a reward credit', () => {
  it('moves the amount from the expense account into the wallet, as one bonus entry', async () => {
    const member = await accounts();
    const posted = await credit(member, 150n, 'reward:paid');
    expect(posted.entry).toMatchObject({ type: 'bonus', status: 'completed', member_id: member.memberId });
    expect(await ledger.balanceOf(t.db, member.to)).toBe(150n);
  });

  it('refuses, as a bug, a reward of nothing or a debit dressed as a reward, writing nothing', async () => {
    const member = await accounts();
    await expect(credit(member, 0n, 'reward:zero')).rejects.toThrow(LedgerInvariantError);
    await expect(credit(member, -500n, 'reward:debit')).rejects.toThrow(/a reward of -500/);
    expect(await ledger.balanceOf(t.db, member.to)).toBe(0n);
  });

  it('writes nothing when the entry written is not the credit asked (a fault planted in post)', async () => {
    const member = await accounts();
    const wrong = misreportPostings((amount) => amount + 1n);
    try {
      await expect(credit(member, 70n, 'reward:wrong')).rejects.toThrow(/a reward of 70 credited 71/);
    } finally {
      wrong.mockRestore();
    }
    expect(await ledger.balanceOf(t.db, member.to)).toBe(0n);
    expect(await reconcileBalances(t.db)).toEqual([]);
  });
});

async function depositAccounts() {
  const memberId = await insertTestMember(t.db);
  const { wallet, clearing } = await ledger.depositAccounts(t.db, memberId, 'BAHT');
  return { memberId, from: clearing.id, to: wallet.id };
}

function deposit(input: Awaited<ReturnType<typeof depositAccounts>>, amountMinor: bigint, key: string) {
  return t.db
    .transaction()
    .execute((trx) =>
      ledger.postDeposit(trx, { ...input, amountMinor, idempotencyKey: key, reference: { test: true } }),
    );
}

describe('a deposit', () => {
  it('moves the amount from clearing into the wallet, as one completed deposit entry', async () => {
    const member = await depositAccounts();
    const posted = await deposit(member, 500n, 'deposit:paid');
    expect(posted.entry).toMatchObject({ type: 'deposit', status: 'completed', member_id: member.memberId });
    expect(await ledger.balanceOf(t.db, member.to)).toBe(500n);
  });

  it('refuses, as a bug, a deposit of nothing or a debit dressed as a deposit, writing nothing', async () => {
    const member = await depositAccounts();
    await expect(deposit(member, 0n, 'deposit:zero')).rejects.toThrow(LedgerInvariantError);
    await expect(deposit(member, -300n, 'deposit:debit')).rejects.toThrow(/a deposit of -300/);
    expect(await ledger.balanceOf(t.db, member.to)).toBe(0n);
  });

  it('writes nothing when the entry written is not the credit asked (a fault planted in post)', async () => {
    const member = await depositAccounts();
    const wrong = misreportPostings((amount) => amount - 1n);
    try {
      await expect(deposit(member, 90n, 'deposit:wrong')).rejects.toThrow(/a deposit of 90 credited 89/);
    } finally {
      wrong.mockRestore();
    }
    expect(await ledger.balanceOf(t.db, member.to)).toBe(0n);
    expect(await reconcileBalances(t.db)).toEqual([]);
  });
});
