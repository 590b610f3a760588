import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestMember, startTestDatabase, type TestDatabase } from '../../../test/helpers.ts';
import type { LedgerAccountKind } from '../../db/tables/ledger.table.ts';
import { FakeClock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { reconcileBalances } from './ledger.reconcile.ts';
import { type LedgerAccount, LedgerRepository } from './ledger.repository.ts';
import { LedgerService, LedgerStateError, type PostInput } from './ledger.service.ts';

/**
 * Random sequences of deposits, transfers between the wallet and two game positions, withdrawals, replays of
 * earlier keys, completions and reversals, checked against a model kept in plain bigints. After every step:
 * the ledger agrees with the model account by account, no member account is below zero, every currency sums
 * to zero, and re-deriving the balances from the postings finds no drift.
 */

let t: TestDatabase;
let ledger: LedgerService;
beforeAll(async () => {
  t = await startTestDatabase();
  ledger = new LedgerService({ repository: new LedgerRepository(), clock: new FakeClock() });
});
afterAll(() => t.close());

type Place = 'wallet' | 'PG' | 'JOKER';
const PLACES: readonly Place[] = ['wallet', 'PG', 'JOKER'];

type Step =
  | { kind: 'deposit'; amount: bigint }
  | { kind: 'transfer'; from: Place; to: Place; amount: bigint; pending: boolean }
  | { kind: 'withdraw'; amount: bigint }
  | { kind: 'replay'; pick: number }
  | { kind: 'complete'; pick: number }
  | { kind: 'reverse'; pick: number; outcome: 'failed' | 'reversed' };

const amount = fc.bigInt({ min: 1n, max: 50_000n });
const pick = fc.nat({ max: 1_000 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), amount }),
  fc.record({
    kind: fc.constant('transfer' as const),
    from: fc.constantFrom(...PLACES),
    to: fc.constantFrom(...PLACES),
    amount,
    pending: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('withdraw' as const), amount }),
  fc.record({ kind: fc.constant('replay' as const), pick }),
  fc.record({ kind: fc.constant('complete' as const), pick }),
  fc.record({
    kind: fc.constant('reverse' as const),
    pick,
    outcome: fc.constantFrom('failed' as const, 'reversed' as const),
  }),
);

interface Posted {
  id: bigint;
  input: PostInput;
  status: 'pending' | 'completed' | 'failed' | 'reversed';
}

let runCounter = 0;

async function account(kind: LedgerAccountKind, memberId: bigint | null, providerCode: string | null) {
  return ledger.ensureAccount(t.db, { kind, memberId, providerCode, currency: 'BAHT' });
}

async function scenario(steps: readonly Step[]) {
  runCounter += 1;
  const memberId = await insertTestMember(t.db);
  const places: Record<Place, LedgerAccount> = {
    wallet: await ledger.memberWallet(t.db, memberId, 'BAHT'),
    PG: await account('member_provider_position', memberId, 'PG'),
    JOKER: await account('member_provider_position', memberId, 'JOKER'),
  };
  const clearing = await account('deposit_clearing', null, null);
  const payable = await account('withdrawal_payable', null, null);
  const before = new Map<bigint, bigint>();
  for (const row of await t.db.selectFrom('ledger_accounts').select(['id', 'balance']).execute()) {
    before.set(row.id, row.balance);
  }
  // The model: what each account of this run should hold, relative to where it started.
  const model = new Map<bigint, bigint>();
  const held = (id: bigint) => model.get(id) ?? 0n;
  const memberAccounts = new Set(Object.values(places).map((place) => place.id));
  const posted: Posted[] = [];
  let keyCounter = 0;

  function affordable(postings: PostInput['postings']): boolean {
    return postings.every(({ account: id, amount: delta }) => !memberAccounts.has(id) || held(id) + delta >= 0n);
  }
  function apply(postings: PostInput['postings']) {
    for (const { account: id, amount: delta } of postings) model.set(id, held(id) + delta);
  }

  async function post(input: PostInput) {
    const expectedOk = affordable(input.postings);
    try {
      const result = await t.db.transaction().execute((trx) => ledger.post(trx, input));
      expect(expectedOk, `posted ${input.idempotencyKey} though the model says it is not affordable`).toBe(true);
      expect(result.replayed).toBe(false);
      apply(input.postings);
      posted.push({ id: result.entry.id, input, status: input.status });
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'MONEY_NOT_ENOUGH') throw error;
      expect(expectedOk, `refused ${input.idempotencyKey} though the model says it is affordable`).toBe(false);
    }
  }

  for (const current of steps) {
    keyCounter += 1;
    const key = `prop:${runCounter}:${keyCounter}`;
    switch (current.kind) {
      case 'deposit':
        await post({
          memberId,
          type: 'deposit',
          status: 'completed',
          idempotencyKey: key,
          postings: [
            { account: clearing.id, amount: -current.amount },
            { account: places.wallet.id, amount: current.amount },
          ],
        });
        break;
      case 'transfer':
        if (current.from === current.to) break;
        await post({
          memberId,
          type: 'transfer',
          status: current.pending ? 'pending' : 'completed',
          idempotencyKey: key,
          postings: [
            { account: places[current.from].id, amount: -current.amount },
            { account: places[current.to].id, amount: current.amount },
          ],
        });
        break;
      case 'withdraw':
        await post({
          memberId,
          type: 'withdraw',
          status: 'pending',
          idempotencyKey: key,
          postings: [
            { account: places.wallet.id, amount: -current.amount },
            { account: payable.id, amount: current.amount },
          ],
        });
        break;
      case 'replay': {
        const earlier = posted[current.pick % Math.max(posted.length, 1)];
        if (!earlier) break;
        const result = await t.db.transaction().execute((trx) => ledger.post(trx, earlier.input));
        expect(result.replayed).toBe(true);
        expect(result.entry.id).toBe(earlier.id);
        break;
      }
      case 'complete': {
        const earlier = posted[current.pick % Math.max(posted.length, 1)];
        if (!earlier) break;
        try {
          await t.db.transaction().execute((trx) => ledger.complete(trx, earlier.id));
          expect(['pending', 'completed']).toContain(earlier.status);
          earlier.status = 'completed';
        } catch (error) {
          if (!(error instanceof LedgerStateError)) throw error;
          expect(['failed', 'reversed']).toContain(earlier.status);
        }
        break;
      }
      case 'reverse': {
        const earlier = posted[current.pick % Math.max(posted.length, 1)];
        if (!earlier) break;
        const undo = earlier.input.postings.map((posting) => ({ account: posting.account, amount: -posting.amount }));
        const allowed =
          earlier.status === 'pending' || (earlier.status === 'completed' && current.outcome === 'reversed');
        const replay = earlier.status === current.outcome;
        try {
          const result = await t.db.transaction().execute((trx) => ledger.reverse(trx, earlier.id, current.outcome));
          if (replay) {
            expect(result.replayed).toBe(true);
            break;
          }
          expect(allowed && affordable(undo)).toBe(true);
          apply(undo);
          earlier.status = current.outcome;
        } catch (error) {
          if (error instanceof LedgerStateError) expect(allowed || replay).toBe(false);
          else if (error instanceof AppError && error.code === 'MONEY_NOT_ENOUGH') expect(affordable(undo)).toBe(false);
          else throw error;
        }
        break;
      }
    }

    const rows = await t.db.selectFrom('ledger_accounts').select(['id', 'kind', 'balance']).execute();
    for (const row of rows) {
      const expected = (before.get(row.id) ?? 0n) + held(row.id);
      expect(row.balance, `account ${row.id} (${row.kind}) after ${current.kind}`).toBe(expected);
      if (row.kind === 'member_wallet' || row.kind === 'member_provider_position') {
        expect(row.balance >= 0n).toBe(true);
      }
    }
    expect(rows.reduce((sum, row) => sum + row.balance, 0n)).toBe(0n);
  }
  expect(await reconcileBalances(t.db)).toEqual([]);
}

describe('the ledger under random sequences of money movements', () => {
  it('keeps every entry balanced, no member below zero and the stored balances equal to the postings', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 30 }), (steps) => scenario(steps)),
      { numRuns: 100 },
    );
  }, 240_000);
});
