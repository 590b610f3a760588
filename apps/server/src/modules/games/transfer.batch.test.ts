import type { WalletEvent } from '@member-wallet/contract/live';
import { toMajor } from '@member-wallet/contract/money';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deposit, seedCatalogue } from '../../../test/games.ts';
import { insertTestMember, startTestApp, type TestApp } from '../../../test/helpers.ts';
import { type SentStatement, statementsDuring } from '../../../test/sql-statements.ts';
import { reconcileBalances } from '../../core/ledger/ledger.reconcile.ts';
import { LedgerRepository } from '../../core/ledger/ledger.repository.ts';
import { LedgerService } from '../../core/ledger/ledger.service.ts';
import { AppError } from '../../lib/errors.ts';
import { MemberEvents } from '../../lib/member-events.ts';
import { BonusDebts } from '../bonus/bonus.debt.ts';
import { BonusRepository } from '../bonus/bonus.repository.ts';
import { TransferService } from './transfer.service.ts';

/**
 * Reserves that arrive while another is under way are written together, and so are the completions of
 * wallet-to-game transfers the provider applied (docs/wallet.md, Transfers together).
 * Whatever the grouping, each call gets exactly the outcome it would get alone, in arrival order: these tests
 * submit calls at once to a service with one reserve under way at a time, so the arrival order is the order
 * of the calls, and compare every outcome and balance with that sequential model.
 */
let t: TestApp;
let ledger: LedgerService;
let transfers: TransferService;
const events = new MemberEvents((error) => {
  throw error;
});
/** What the ledger announced to members (docs/live.md). */
const heard: { memberId: bigint; event: WalletEvent }[] = [];
beforeAll(async () => {
  t = await startTestApp({ TRANSFER_RECONCILE_INTERVAL_MS: '0' });
  await seedCatalogue(t);
  ledger = new LedgerService({ repository: new LedgerRepository(), clock: t.clock, events });
  events.subscribe((memberId, event) => heard.push({ memberId, event }));
  transfers = new TransferService({
    db: t.app.db,
    ledger,
    repository: t.app.games.repository,
    registry: t.app.games.registry,
    clock: t.clock,
    bonusDebts: new BonusDebts({ ledger, repository: new BonusRepository(), clock: t.clock }),
    batching: { inFlight: 1, max: 16 },
  });
  // Account ids are remembered once read: with the suspense account's read, every reserve's postings are known
  // at once, so calls made together arrive together.
  await ledger.accountId(t.app.db, { kind: 'suspense', memberId: null, providerCode: null, currency: 'BAHT' });
});
afterAll(() => t.close());

const PROVIDER = 'PG';

/** A member whose wallet and PG position hold the given amounts (minor units), both put there by the ledger. */
async function member(walletMinor: bigint, positionMinor: bigint) {
  const db = t.app.db;
  const id = await insertTestMember(db);
  const total = walletMinor + positionMinor;
  if (total > 0n) await deposit(t, id, 'BAHT', toMajor(total));
  const wallet = await ledger.memberWalletId(db, id, 'BAHT');
  const position = await ledger.accountId(db, {
    kind: 'member_provider_position',
    memberId: id,
    providerCode: PROVIDER,
    currency: 'BAHT',
  });
  if (positionMinor > 0n) {
    const postings = [
      { account: wallet, amount: -positionMinor },
      { account: position, amount: positionMinor },
    ];
    await db
      .transaction()
      .execute((trx) =>
        ledger.post(trx, { memberId: id, type: 'transfer', status: 'completed', idempotencyKey: 'funds', postings }),
      );
  }
  return { id, wallet, position };
}

type Direction = 'to_game' | 'from_game';

/**
 * Runs `calls` while another transaction holds the row `table`.`id` locked, so that the first call waits on it
 * with its slot taken and the others arrive meanwhile; then lets go. Answers each call's outcome and the
 * statements the calls sent.
 */
async function whileHeld<T>(
  table: 'ledger_accounts' | 'game_transfers',
  id: bigint | string,
  calls: (() => Promise<T>)[],
): Promise<{ outcomes: PromiseSettledResult<T>[]; sent: SentStatement[] }> {
  let locked = () => {};
  let release = () => {};
  const holding = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const holder = t.app.db.transaction().execute(async (trx) => {
    await sql`select 1 from ${sql.table(table)} where id = ${id} for update`.execute(trx);
    locked();
    await released;
  });
  await holding;
  let outcomes: PromiseSettledResult<T>[] = [];
  const sent = await statementsDuring(async () => {
    const running = Promise.allSettled(calls.map((call) => call()));
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await holder;
    outcomes = await running;
  });
  return { outcomes, sent };
}

function reserve(memberId: bigint, direction: Direction, amountMinor: bigint, key: string) {
  return transfers.reserve({ memberId, currency: 'BAHT', providerCode: PROVIDER, direction, amountMinor, key });
}

describe('reserves together', () => {
  it('reserves arriving while one is under way share one transaction', async () => {
    const members = await Promise.all([member(10_000n, 0n), member(10_000n, 5_000n), member(300n, 0n)]);
    const calls: [number, Direction, bigint][] = [
      [0, 'to_game', 1_000n],
      [1, 'to_game', 2_000n],
      [1, 'from_game', 500n],
      [2, 'to_game', 200n],
      [0, 'to_game', 3_000n],
      [2, 'to_game', 200n], // 100 left: refused
      [1, 'to_game', 8_000n],
      [0, 'from_game', 100n], // the position holds 4,000 by now
    ];
    const { outcomes, sent } = await whileHeld(
      'ledger_accounts',
      members[0]?.wallet ?? 0n,
      calls.map(
        ([who, direction, amount], index) =>
          () =>
            reserve(members[who]?.id ?? 0n, direction, amount, `together-${index}`),
      ),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect((outcomes[5] as PromiseRejectedResult).reason).toEqual(new AppError('MONEY_NOT_ENOUGH'));
    // The first call ran alone; the seven that arrived meanwhile went in one transaction.
    expect(sent.filter((statement) => /^begin\b/i.test(statement.sql))).toHaveLength(2);
    const balance = (account: bigint) => ledger.balanceOf(t.app.db, account);
    expect(await balance(members[0]?.wallet ?? 0n)).toBe(6_000n);
    expect(await balance(members[0]?.position ?? 0n)).toBe(3_900n);
    expect(await balance(members[1]?.wallet ?? 0n)).toBe(0n);
    expect(await balance(members[1]?.position ?? 0n)).toBe(14_500n);
    expect(await balance(members[2]?.wallet ?? 0n)).toBe(100n);
    expect(await reconcileBalances(t.app.db)).toEqual([]);
  });

  it('any grouping gives each call the outcome it would get alone, in arrival order (random sequences)', async () => {
    const call = fc.record({
      who: fc.nat({ max: 2 }),
      direction: fc.constantFrom<Direction>('to_game', 'to_game', 'from_game'),
      amount: fc.bigInt({ min: 1n, max: 4_000n }),
      // Mostly a key of its own (null); else one of a small pool, so that calls repeat keys within a round and
      // from the round before (the ledger then has them posted one by one).
      key: fc.oneof({ arbitrary: fc.constant(null), weight: 3 }, { arbitrary: fc.nat({ max: 5 }), weight: 1 }),
    });
    const funds = fc.tuple(fc.bigInt({ min: 0n, max: 8_000n }), fc.bigInt({ min: 0n, max: 4_000n }));
    await fc.assert(
      fc.asyncProperty(
        fc.array(funds, { minLength: 3, maxLength: 3 }),
        fc.array(fc.array(call, { minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 3 }),
        async (startFunds, rounds) => {
          const members = await Promise.all(startFunds.map(([wallet, position]) => member(wallet, position)));
          // The model: each member's two balances, and the transfer each (member, key) first reserved.
          const model = startFunds.map(([wallet, position]) => ({ wallet, position }));
          const firstOf = new Map<string, string>();
          for (const [roundIndex, round] of rounds.entries()) {
            const keys = round.map(({ key }, index) => (key === null ? `own-${roundIndex}-${index}` : `k${key}`));
            const outcomes = await Promise.allSettled(
              round.map(({ who, direction, amount }, index) =>
                reserve(members[who]?.id ?? 0n, direction, amount, keys[index] ?? ''),
              ),
            );
            round.forEach(({ who, direction, amount }, index) => {
              const outcome = outcomes[index];
              const place = `${who}:${keys[index]}`;
              const first = firstOf.get(place);
              const balances = model[who];
              if (!outcome || !balances) throw new Error('no outcome');
              if (first !== undefined) {
                // A key used before answers the transfer it made, whatever this call asks.
                expect(outcome.status === 'fulfilled' && outcome.value.id).toBe(first);
                return;
              }
              const from = direction === 'to_game' ? 'wallet' : 'position';
              if (balances[from] < amount) {
                expect(outcome.status === 'rejected' && outcome.reason).toEqual(new AppError('MONEY_NOT_ENOUGH'));
                return;
              }
              if (outcome.status !== 'fulfilled') throw outcome.reason;
              expect(outcome.value).toMatchObject({ state: 'reserved', direction, amount_minor: amount });
              firstOf.set(place, outcome.value.id);
              balances[from] -= amount;
              if (direction === 'to_game') balances.position += amount;
            });
            for (const [index, accounts] of members.entries()) {
              expect({
                wallet: await ledger.balanceOf(t.app.db, accounts.wallet),
                position: await ledger.balanceOf(t.app.db, accounts.position),
              }).toEqual(model[index]);
            }
          }
          expect(await reconcileBalances(t.app.db)).toEqual([]);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('completions arriving while one is under way share one statement, and a transfer completes once', async () => {
    const owner = await member(10_000n, 0n);
    const reserved = [];
    for (const index of [0, 1, 2, 3]) reserved.push(await reserve(owner.id, 'to_game', 1_000n, `complete-${index}`));
    const [first, second, third, fourth] = reserved;
    if (!first || !second || !third || !fourth) throw new Error('not reserved');
    // The live request and reconcilers settling the same transfers at once, in one group with others.
    const racing = [first, second, second, third, second, fourth, third];
    heard.length = 0;
    const { outcomes, sent } = await whileHeld(
      'game_transfers',
      first.id,
      racing.map((transfer) => () => transfers.settleApplied(transfer)),
    );
    const settled = outcomes.map((outcome) => {
      if (outcome.status === 'rejected') throw outcome.reason;
      return outcome.value;
    });
    expect(settled.map((transfer) => [transfer.id, transfer.state])).toEqual(
      racing.map((transfer) => [transfer.id, 'completed']),
    );
    // The first alone, the six that arrived meanwhile in one statement.
    expect(
      sent.filter((statement) => /update journal_entries set status = 'completed'/.test(statement.sql)),
    ).toHaveLength(2);
    const entries = await t.app.db
      .selectFrom('journal_entries')
      .select(['status', 'updated_at'])
      .where(
        'id',
        'in',
        reserved.map((transfer) => transfer.reservation_entry_id),
      )
      .execute();
    expect(entries.map((entry) => entry.status)).toEqual(['completed', 'completed', 'completed', 'completed']);
    // Each completion told once, with the wallet as it is.
    expect(
      heard.map(({ memberId, event }) => [memberId, event.type, event.status, event.amount, event.balance]),
    ).toEqual(reserved.map(() => [owner.id, 'transfer', 'SUCCESS', -10, 60]));
    expect(await ledger.balanceOf(t.app.db, owner.wallet)).toBe(6_000n);
    expect(await ledger.balanceOf(t.app.db, owner.position)).toBe(4_000n);
    expect(await reconcileBalances(t.app.db)).toEqual([]);
  });
});
