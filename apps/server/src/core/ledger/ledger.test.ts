import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestMember, startTestDatabase, type TestDatabase } from '../../../test/helpers.ts';
import type { LedgerAccountKind } from '../../db/tables/ledger.table.ts';
import { FakeClock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { reconcileBalances } from './ledger.reconcile.ts';
import { type LedgerAccount, LedgerRepository } from './ledger.repository.ts';
import { LedgerInvariantError } from './ledger.rules.ts';
import { LedgerService, LedgerStateError, type PostedEntry, type PostInput } from './ledger.service.ts';

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
  return `test:${keyCounter}`;
}

function post(input: PostInput): Promise<PostedEntry> {
  return t.db.transaction().execute((trx) => ledger.post(trx, input));
}

function system(kind: LedgerAccountKind, currency = 'BAHT'): Promise<LedgerAccount> {
  return ledger.ensureAccount(t.db, { kind, memberId: null, providerCode: null, currency });
}

async function balanceOf(account: LedgerAccount): Promise<bigint> {
  const row = await t.db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('id', '=', account.id)
    .executeTakeFirstOrThrow();
  return row.balance;
}

/** A member with a wallet holding `amount` (from deposit clearing) and an empty position at provider PG. */
async function memberWithWallet(amount: bigint) {
  const memberId = await insertTestMember(t.db);
  const wallet = await ledger.memberWallet(t.db, memberId, 'BAHT');
  const position = await ledger.ensureAccount(t.db, {
    kind: 'member_provider_position',
    memberId,
    providerCode: 'PG',
    currency: 'BAHT',
  });
  const clearing = await system('deposit_clearing');
  if (amount > 0n) {
    await post({
      memberId,
      type: 'deposit',
      status: 'completed',
      idempotencyKey: nextKey(),
      postings: [
        { account: clearing.id, amount: -amount },
        { account: wallet.id, amount },
      ],
    });
  }
  return { memberId, wallet, position, clearing };
}

function transfer(memberId: bigint, from: LedgerAccount, to: LedgerAccount, amount: bigint, key = nextKey()) {
  return post({
    memberId,
    type: 'transfer',
    status: 'completed',
    idempotencyKey: key,
    postings: [
      { account: from.id, amount: -amount },
      { account: to.id, amount },
    ],
  });
}

/** The rejection's `code` (PostgreSQL's SQLSTATE), from PostgreSQL and PGlite alike. */
async function sqlState(promise: Promise<unknown>): Promise<string | undefined> {
  const error = await promise.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error, 'the database accepted it').toBeDefined();
  return (error as { code?: string }).code;
}

describe('accounts', () => {
  it('creates one account per key, even when asked concurrently', async () => {
    const memberId = await insertTestMember(t.db);
    const key = { kind: 'member_wallet' as const, memberId, providerCode: null, currency: 'BAHT' };
    const accounts = await Promise.all(Array.from({ length: 10 }, () => ledger.ensureAccount(t.db, key)));
    expect(new Set(accounts.map((account) => account.id)).size).toBe(1);
    expect(accounts[0]).toMatchObject({ kind: 'member_wallet', member_id: memberId, balance: 0n });
    const floats = await Promise.all(
      ['PG', 'PG', 'JOKER'].map((providerCode) =>
        ledger.ensureAccount(t.db, { kind: 'provider_float', memberId: null, providerCode, currency: 'BAHT' }),
      ),
    );
    expect(floats[0]?.id).toBe(floats[1]?.id);
    expect(floats[2]?.id).not.toBe(floats[0]?.id);
    expect((await system('bonus_expense')).id).toBe((await system('bonus_expense')).id);
    expect((await system('bonus_expense', 'LAK')).id).not.toBe((await system('bonus_expense')).id);
  });

  it('refuses accounts whose owner does not fit their kind', async () => {
    const memberId = await insertTestMember(t.db);
    const insert = (kind: string, member: bigint | null, provider: string | null) =>
      sql`insert into ledger_accounts (kind, member_id, provider_code, currency)
          values (${kind}, ${member}, ${provider}, 'BAHT')`.execute(t.db);
    expect(await sqlState(insert('member_wallet', null, null))).toBe('23514');
    expect(await sqlState(insert('member_provider_position', memberId, null))).toBe('23514');
    expect(await sqlState(insert('provider_float', memberId, 'PG'))).toBe('23514');
    expect(await sqlState(insert('bonus_expense', memberId, null))).toBe('23514');
    expect(await sqlState(insert('casino_vault', null, null))).toBe('23514');
  });
});

describe('posting', () => {
  it('writes a balanced entry and moves the balances by its postings', async () => {
    const { memberId, wallet, position } = await memberWithWallet(100_00n);
    const posted = await post({
      memberId,
      type: 'transfer',
      status: 'completed',
      idempotencyKey: nextKey(),
      reference: { providerTransactionId: 'pg-1' },
      metadata: { from: 'wallet', to: 'PG' },
      postings: [
        { account: wallet.id, amount: -30_25n },
        { account: position.id, amount: 30_25n },
      ],
    });
    expect(posted.replayed).toBe(false);
    expect(posted.entry).toMatchObject({
      member_id: memberId,
      type: 'transfer',
      status: 'completed',
      reversal_of: null,
      reference: { providerTransactionId: 'pg-1' },
      metadata: { from: 'wallet', to: 'PG' },
    });
    expect(posted.postings.map((posting) => [posting.account_id, posting.amount])).toEqual([
      [wallet.id, -30_25n],
      [position.id, 30_25n],
    ]);
    expect(await balanceOf(wallet)).toBe(69_75n);
    expect(await balanceOf(position)).toBe(30_25n);
    expect(await reconcileBalances(t.db)).toEqual([]);
  });

  it('refuses unbalanced, single, zero, repeated and foreign postings, and moves nothing', async () => {
    const { memberId, wallet, position, clearing } = await memberWithWallet(50_00n);
    const other = await memberWithWallet(50_00n);
    const attempts: PostInput['postings'][] = [
      [
        { account: wallet.id, amount: -10n },
        { account: position.id, amount: 9n },
      ],
      [{ account: clearing.id, amount: 0n }],
      [
        { account: wallet.id, amount: -10n },
        { account: position.id, amount: 10n },
        { account: clearing.id, amount: 0n },
      ],
      [
        { account: wallet.id, amount: -10n },
        { account: wallet.id, amount: 10n },
      ],
      [
        { account: wallet.id, amount: -10n },
        { account: other.wallet.id, amount: 10n },
      ],
      [
        { account: wallet.id, amount: -10n },
        { account: 999_999_999n, amount: 10n },
      ],
      Array.from({ length: 17 }, (_, index) => ({ account: BigInt(index + 1), amount: index === 0 ? -16n : 1n })),
    ];
    for (const postings of attempts) {
      const attempt = post({ memberId, type: 'transfer', status: 'completed', idempotencyKey: nextKey(), postings });
      await expect(attempt).rejects.toBeInstanceOf(LedgerInvariantError);
    }
    expect(await balanceOf(wallet)).toBe(50_00n);
    expect(await balanceOf(other.wallet)).toBe(50_00n);
    expect(await balanceOf(position)).toBe(0n);
  });

  it('refuses an entry that mixes currencies', async () => {
    const { memberId, wallet } = await memberWithWallet(10_00n);
    const lak = await system('suspense', 'LAK');
    const attempt = transfer(memberId, wallet, lak, 1_00n);
    await expect(attempt).rejects.toThrow(/one currency/);
  });

  it('answers MONEY_NOT_ENOUGH rather than take a member below zero; system accounts may go below', async () => {
    const { memberId, wallet, position, clearing } = await memberWithWallet(10_00n);
    await expect(transfer(memberId, wallet, position, 10_01n)).rejects.toEqual(new AppError('MONEY_NOT_ENOUGH'));
    await transfer(memberId, wallet, position, 10_00n);
    expect(await balanceOf(wallet)).toBe(0n);
    await expect(transfer(memberId, position, wallet, 10_00n + 1n)).rejects.toMatchObject({ code: 'MONEY_NOT_ENOUGH' });
    expect(await balanceOf(clearing)).toBeLessThan(0n);
  });

  it('holds member balances at zero or above in SQL itself', async () => {
    const { wallet, position } = await memberWithWallet(5_00n);
    for (const account of [wallet, position]) {
      const update = sql`update ledger_accounts set balance = -1 where id = ${account.id}`.execute(t.db);
      expect(await sqlState(update)).toBe('23514');
    }
    expect(await balanceOf(wallet)).toBe(5_00n);
  });

  it('refuses, at commit, entries whose postings do not sum to zero or number fewer than two', async () => {
    const { memberId, wallet, position } = await memberWithWallet(0n);
    const rawEntry = (postings: [bigint, bigint][]) =>
      t.db.transaction().execute(async (trx) => {
        const entry = await sql<{ id: bigint }>`
          insert into journal_entries (member_id, type, status, idempotency_key)
          values (${memberId}, 'adjustment', 'completed', ${nextKey()}) returning id`.execute(trx);
        const entryId = entry.rows[0]?.id;
        for (const [account, amount] of postings) {
          await sql`insert into postings (entry_id, account_id, amount) values (${entryId}, ${account}, ${amount})`.execute(
            trx,
          );
        }
      });
    expect(await sqlState(rawEntry([]))).toBe('23514');
    expect(await sqlState(rawEntry([[wallet.id, 5n]]))).toBe('23514');
    expect(
      await sqlState(
        rawEntry([
          [wallet.id, 5n],
          [position.id, -4n],
        ]),
      ),
    ).toBe('23514');
    expect(await sqlState(rawEntry([[wallet.id, 0n]]))).toBe('23514');
    expect(await reconcileBalances(t.db)).toEqual([]);
  });
});

describe('idempotency keys', () => {
  it('replays the first entry for a repeated key and moves nothing', async () => {
    const { memberId, wallet, position } = await memberWithWallet(100_00n);
    const key = nextKey();
    const first = await transfer(memberId, wallet, position, 40_00n, key);
    const again = await transfer(memberId, wallet, position, 40_00n, key);
    expect(again.replayed).toBe(true);
    expect(again.entry.id).toBe(first.entry.id);
    expect(again.postings).toEqual(first.postings);
    expect(await balanceOf(wallet)).toBe(60_00n);
    await expect(transfer(memberId, wallet, position, 41_00n, key)).rejects.toEqual(
      new AppError('IDEMPOTENCY_KEY_REUSED'),
    );
    await expect(transfer(memberId, position, wallet, 40_00n, key)).rejects.toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    expect(await balanceOf(wallet)).toBe(60_00n);
  });

  it('keeps each member’s keys apart, and system entries in one scope of their own', async () => {
    const a = await memberWithWallet(10_00n);
    const b = await memberWithWallet(10_00n);
    const key = nextKey();
    const fromA = await transfer(a.memberId, a.wallet, a.position, 1_00n, key);
    const fromB = await transfer(b.memberId, b.wallet, b.position, 1_00n, key);
    expect(fromB.replayed).toBe(false);
    expect(fromB.entry.id).not.toBe(fromA.entry.id);
    expect(await balanceOf(b.wallet)).toBe(9_00n);

    const float = await ledger.ensureAccount(t.db, {
      kind: 'provider_float',
      memberId: null,
      providerCode: 'PG',
      currency: 'BAHT',
    });
    const suspense = await system('suspense');
    const systemEntry = (): Promise<PostedEntry> =>
      post({
        memberId: null,
        type: 'adjustment',
        status: 'completed',
        idempotencyKey: key,
        postings: [
          { account: float.id, amount: 7_00n },
          { account: suspense.id, amount: -7_00n },
        ],
      });
    const firstSystem = await systemEntry();
    const secondSystem = await systemEntry();
    expect(firstSystem.replayed).toBe(false);
    expect(secondSystem).toMatchObject({ replayed: true, entry: { id: firstSystem.entry.id } });
  });
});

describe('pending entries and reversals', () => {
  it('reserves with a pending entry, then fails it: balances return and both entries stay', async () => {
    const { memberId, wallet, position } = await memberWithWallet(100_00n);
    const pending = await post({
      memberId,
      type: 'transfer',
      status: 'pending',
      idempotencyKey: nextKey(),
      reference: { ourTransactionId: 'tx-1' },
      postings: [
        { account: wallet.id, amount: -25_00n },
        { account: position.id, amount: 25_00n },
      ],
    });
    expect([await balanceOf(wallet), await balanceOf(position)]).toEqual([75_00n, 25_00n]);

    const reversal = await t.db
      .transaction()
      .execute((trx) => ledger.reverse(trx, pending.entry.id, 'failed', { reason: 'TRANSFER_FAIL' }));
    expect(reversal.entry).toMatchObject({
      member_id: memberId,
      type: 'transfer',
      status: 'completed',
      reversal_of: pending.entry.id,
      reference: { ourTransactionId: 'tx-1' },
      metadata: { reason: 'TRANSFER_FAIL' },
    });
    expect(reversal.postings.map((posting) => [posting.account_id, posting.amount])).toEqual([
      [wallet.id, 25_00n],
      [position.id, -25_00n],
    ]);
    expect([await balanceOf(wallet), await balanceOf(position)]).toEqual([100_00n, 0n]);
    const entries = await t.db
      .selectFrom('journal_entries')
      .select(['id', 'status', 'reversal_of'])
      .where('id', 'in', [pending.entry.id, reversal.entry.id])
      .orderBy('id')
      .execute();
    expect(entries).toEqual([
      { id: pending.entry.id, status: 'failed', reversal_of: null },
      { id: reversal.entry.id, status: 'completed', reversal_of: pending.entry.id },
    ]);

    const again = await t.db.transaction().execute((trx) => ledger.reverse(trx, pending.entry.id, 'failed'));
    expect(again).toMatchObject({ replayed: true, entry: { id: reversal.entry.id } });
    expect(await balanceOf(wallet)).toBe(100_00n);
    await expect(t.db.transaction().execute((trx) => ledger.complete(trx, pending.entry.id))).rejects.toBeInstanceOf(
      LedgerStateError,
    );
    await expect(
      t.db.transaction().execute((trx) => ledger.reverse(trx, reversal.entry.id, 'reversed')),
    ).rejects.toBeInstanceOf(LedgerInvariantError);
    expect(await reconcileBalances(t.db)).toEqual([]);
  });

  it('completes a pending entry once, moving nothing more, and reverses a completed one', async () => {
    const { memberId, wallet, position } = await memberWithWallet(100_00n);
    const pending = await post({
      memberId,
      type: 'transfer',
      status: 'pending',
      idempotencyKey: nextKey(),
      postings: [
        { account: wallet.id, amount: -10_00n },
        { account: position.id, amount: 10_00n },
      ],
    });
    const completed = await t.db.transaction().execute((trx) => ledger.complete(trx, pending.entry.id));
    expect(completed).toMatchObject({ replayed: false, entry: { status: 'completed' } });
    const again = await t.db.transaction().execute((trx) => ledger.complete(trx, pending.entry.id));
    expect(again).toMatchObject({ replayed: true, entry: { status: 'completed' } });
    expect([await balanceOf(wallet), await balanceOf(position)]).toEqual([90_00n, 10_00n]);

    await expect(
      t.db.transaction().execute((trx) => ledger.reverse(trx, pending.entry.id, 'failed')),
    ).rejects.toBeInstanceOf(LedgerStateError);
    await t.db.transaction().execute((trx) => ledger.reverse(trx, pending.entry.id, 'reversed'));
    expect([await balanceOf(wallet), await balanceOf(position)]).toEqual([100_00n, 0n]);
    const original = await t.db
      .selectFrom('journal_entries')
      .select('status')
      .where('id', '=', pending.entry.id)
      .executeTakeFirstOrThrow();
    expect(original.status).toBe('reversed');
  });

  it('will not reverse money the member has already moved on', async () => {
    const { memberId, wallet, position, clearing } = await memberWithWallet(0n);
    const deposit = await post({
      memberId,
      type: 'deposit',
      status: 'completed',
      idempotencyKey: nextKey(),
      postings: [
        { account: clearing.id, amount: -20_00n },
        { account: wallet.id, amount: 20_00n },
      ],
    });
    await transfer(memberId, wallet, position, 15_00n);
    await expect(
      t.db.transaction().execute((trx) => ledger.reverse(trx, deposit.entry.id, 'reversed')),
    ).rejects.toMatchObject({ code: 'MONEY_NOT_ENOUGH' });
    const original = await t.db
      .selectFrom('journal_entries')
      .select('status')
      .where('id', '=', deposit.entry.id)
      .executeTakeFirstOrThrow();
    expect(original.status).toBe('completed');
  });

  it('keeps postings append-only: no update, no delete', async () => {
    const { memberId, wallet, position } = await memberWithWallet(10_00n);
    const posted = await transfer(memberId, wallet, position, 1_00n);
    const postingId = posted.postings[0]?.id;
    expect(await sqlState(sql`update postings set amount = 1 where id = ${postingId}`.execute(t.db))).toBe('42501');
    expect(await sqlState(sql`delete from postings where id = ${postingId}`.execute(t.db))).toBe('42501');
    expect(await sqlState(sql`truncate postings cascade`.execute(t.db))).toBe('42501');
    const stored = await t.db.selectFrom('postings').selectAll().where('id', '=', postingId!).executeTakeFirst();
    expect(stored?.amount).toBe(-1_00n);
  });
});

describe('reconcileBalances', () => {
  it('finds no drift in a sound ledger, and reports a balance changed behind its back', async () => {
    const { memberId, wallet, position } = await memberWithWallet(30_00n);
    await transfer(memberId, wallet, position, 12_34n);
    expect(await reconcileBalances(t.db)).toEqual([]);

    await sql`update ledger_accounts set balance = balance + 1 where id = ${wallet.id}`.execute(t.db);
    try {
      expect(await reconcileBalances(t.db)).toEqual([{ accountId: wallet.id, stored: 17_67n, derived: 17_66n }]);
    } finally {
      await sql`update ledger_accounts set balance = balance - 1 where id = ${wallet.id}`.execute(t.db);
    }
    expect(await reconcileBalances(t.db)).toEqual([]);
  });
});
