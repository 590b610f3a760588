import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestMember, startTestDatabase, type TestDatabase } from '../../../test/helpers.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import { FakeClock } from '../../lib/clock.ts';
import { reconcileBalances } from './ledger.reconcile.ts';
import { type LedgerAccount, LedgerRepository } from './ledger.repository.ts';
import { LedgerService, LedgerStateError, type PostInput } from './ledger.service.ts';

/**
 * Races on one database. On PostgreSQL the transactions really run side by side (a pool of 10
 * connections); PGlite has one connection, so there they queue, and the same assertions must still hold.
 */

let t: TestDatabase;
let ledger: LedgerService;
beforeAll(async () => {
  t = await startTestDatabase();
  ledger = new LedgerService({ repository: new LedgerRepository(), clock: new FakeClock() });
});
afterAll(() => t.close());

let keyCounter = 0;
function nextKey(): string {
  keyCounter += 1;
  return `race:${keyCounter}`;
}

function post(input: PostInput) {
  return t.db.transaction().execute((trx) => ledger.post(trx, input));
}

function move(memberId: bigint, from: LedgerAccount, to: LedgerAccount, amount: bigint, key = nextKey()) {
  return post({
    memberId,
    type: from.kind === 'member_wallet' && to.kind === 'withdrawal_payable' ? 'withdraw' : 'transfer',
    status: 'completed',
    idempotencyKey: key,
    postings: [
      { account: from.id, amount: -amount },
      { account: to.id, amount },
    ],
  });
}

async function balances(...accounts: LedgerAccount[]): Promise<bigint[]> {
  const rows = await t.db
    .selectFrom('ledger_accounts')
    .select(['id', 'balance'])
    .where(
      'id',
      'in',
      accounts.map((account) => account.id),
    )
    .execute();
  return accounts.map((account) => rows.find((row) => row.id === account.id)?.balance ?? -1n);
}

async function memberWithWallet(amount: bigint) {
  const memberId = await insertTestMember(t.db);
  const wallet = await ledger.memberWallet(t.db, memberId, 'BAHT');
  const position = await ledger.ensureAccount(t.db, {
    kind: 'member_provider_position',
    memberId,
    providerCode: 'PG',
    currency: 'BAHT',
  });
  const clearing = await ledger.ensureAccount(t.db, {
    kind: 'deposit_clearing',
    memberId: null,
    providerCode: null,
    currency: 'BAHT',
  });
  await move(memberId, clearing, wallet, amount);
  return { memberId, wallet, position };
}

function codesOf(outcomes: PromiseSettledResult<unknown>[]): string[] {
  return outcomes.map((outcome) =>
    outcome.status === 'fulfilled' ? 'ok' : String((outcome.reason as { code?: unknown }).code ?? outcome.reason),
  );
}

describe('concurrent movements', () => {
  it('lets exactly the affordable debits through: 20 debits of 10 from a wallet of 100', async () => {
    const { memberId, wallet, position } = await memberWithWallet(100n);
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => move(memberId, wallet, position, 10n)));
    const codes = codesOf(outcomes);
    expect(codes.filter((code) => code === 'ok')).toHaveLength(10);
    expect(codes.filter((code) => code === 'MONEY_NOT_ENOUGH')).toHaveLength(10);
    expect(await balances(wallet, position)).toEqual([0n, 100n]);
    expect(await reconcileBalances(t.db)).toEqual([]);
  });

  it('keeps the sum to the satang under 200 mixed transfers and withdrawals', async () => {
    const { memberId, wallet, position } = await memberWithWallet(1_000_00n);
    const payable = await ledger.ensureAccount(t.db, {
      kind: 'withdrawal_payable',
      memberId: null,
      providerCode: null,
      currency: 'BAHT',
    });
    const [payableBefore] = await balances(payable);
    const amounts = Array.from({ length: 200 }, (_, index) => BigInt(5_00 + (index % 7) * 1_01));
    const outcomes = await Promise.allSettled(
      amounts.map((amount, index) => move(memberId, wallet, index % 2 === 0 ? position : payable, amount)),
    );
    const codes = codesOf(outcomes);
    expect(codes.every((code) => code === 'ok' || code === 'MONEY_NOT_ENOUGH')).toBe(true);
    const moved = amounts.filter((_, index) => codes[index] === 'ok').reduce((sum, amount) => sum + amount, 0n);
    const [walletAfter, positionAfter, payableAfter] = await balances(wallet, position, payable);
    expect(walletAfter).toBe(1_000_00n - moved);
    expect((positionAfter ?? 0n) + (payableAfter ?? 0n) - (payableBefore ?? 0n)).toBe(moved);
    // Every refused debit was unaffordable when it ran: the wallet holds less than the smallest amount.
    expect(walletAfter).toBeLessThan(5_00n + 6n * 1_01n);
    expect(await reconcileBalances(t.db)).toEqual([]);
  });

  it('runs opposite transfers between two accounts side by side without a deadlock', async () => {
    const { memberId, wallet, position } = await memberWithWallet(500n);
    await move(memberId, wallet, position, 250n);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 40 }, (_, index) =>
        index % 2 === 0 ? move(memberId, wallet, position, 3n) : move(memberId, position, wallet, 3n),
      ),
    );
    expect(codesOf(outcomes)).toEqual(Array.from({ length: 40 }, () => 'ok'));
    expect(await balances(wallet, position)).toEqual([250n, 250n]);
    expect(await reconcileBalances(t.db)).toEqual([]);
  });

  it('moves money once for one key sent 50 times at once, and gives every caller the same entry', async () => {
    const { memberId, wallet, position } = await memberWithWallet(100n);
    const key = nextKey();
    const answers = await Promise.all(Array.from({ length: 50 }, () => move(memberId, wallet, position, 30n, key)));
    expect(answers.filter((answer) => !answer.replayed)).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.entry.id)).size).toBe(1);
    expect(await balances(wallet, position)).toEqual([70n, 30n]);
  });

  it('settles a pending entry exactly one way when completion and failure race', async () => {
    const { memberId, wallet, position } = await memberWithWallet(100n);
    const pending = await post({
      memberId,
      type: 'transfer',
      status: 'pending',
      idempotencyKey: nextKey(),
      postings: [
        { account: wallet.id, amount: -40n },
        { account: position.id, amount: 40n },
      ],
    });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, index) =>
        t.db
          .transaction()
          .execute((trx) =>
            index % 2 === 0 ? ledger.complete(trx, pending.entry.id) : ledger.reverse(trx, pending.entry.id, 'failed'),
          ),
      ),
    );
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(LedgerStateError);
    }
    const entry = await t.db
      .selectFrom('journal_entries')
      .select('status')
      .where('id', '=', pending.entry.id)
      .executeTakeFirstOrThrow();
    const reversals = await t.db
      .selectFrom('journal_entries')
      .select('id')
      .where('reversal_of', '=', pending.entry.id)
      .execute();
    if (entry.status === 'completed') {
      expect(reversals).toHaveLength(0);
      expect(await balances(wallet, position)).toEqual([60n, 40n]);
    } else {
      expect(entry.status).toBe('failed');
      expect(reversals).toHaveLength(1);
      expect(await balances(wallet, position)).toEqual([100n, 0n]);
    }
    expect(await reconcileBalances(t.db)).toEqual([]);
  });
});

describe('transactionWithRetry', () => {
  it('runs a transaction again after a serialization failure or deadlock, a bounded number of times', async () => {
    let runs = 0;
    const answer = await transactionWithRetry(t.db, async () => {
      runs += 1;
      if (runs < 3) throw Object.assign(new Error('deadlock detected'), { code: runs === 1 ? '40P01' : '40001' });
      return 'done';
    });
    expect([answer, runs]).toEqual(['done', 3]);

    runs = 0;
    const always = transactionWithRetry(t.db, async () => {
      runs += 1;
      throw Object.assign(new Error('could not serialize access'), { code: '40001' });
    });
    await expect(always).rejects.toMatchObject({ code: '40001' });
    expect(runs).toBe(3);

    runs = 0;
    const other = transactionWithRetry(t.db, async () => {
      runs += 1;
      throw Object.assign(new Error('check violation'), { code: '23514' });
    });
    await expect(other).rejects.toMatchObject({ code: '23514' });
    expect(runs).toBe(1);
  });
});
