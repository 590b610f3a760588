import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WalletEvent } from '@member-wallet/contract/live';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestMember, startTestDatabase, type TestDatabase } from '../../../test/helpers.ts';
import type { JournalEntryType } from '../../db/tables/ledger.table.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import { FakeClock } from '../../lib/clock.ts';
import { MemberEvents } from '../../lib/member-events.ts';
import { LedgerRepository } from './ledger.repository.ts';
import { LedgerService } from './ledger.service.ts';

/** The ledger announces each committed change of a member's wallet (docs/live.md), and nothing else. */

let t: TestDatabase;
let ledger: LedgerService;
const heard: { memberId: bigint; event: WalletEvent }[] = [];
beforeAll(async () => {
  t = await startTestDatabase();
  const events = new MemberEvents((error) => {
    throw error;
  });
  events.subscribe((memberId, event) => heard.push({ memberId, event }));
  ledger = new LedgerService({ repository: new LedgerRepository(), clock: new FakeClock(), events });
});
afterAll(() => t.close());

let keyCounter = 0;
const nextKey = () => `events-test:${++keyCounter}`;

async function accounts() {
  const memberId = await insertTestMember(t.db);
  const wallet = await ledger.memberWallet(t.db, memberId, 'BAHT');
  const system = { memberId: null, providerCode: null, currency: 'BAHT' };
  const clearing = await ledger.ensureAccount(t.db, { kind: 'deposit_clearing', ...system });
  const payable = await ledger.ensureAccount(t.db, { kind: 'withdrawal_payable', ...system });
  return { memberId, wallet: wallet.id, clearing: clearing.id, payable: payable.id };
}

/** Money into the member's wallet, as each kind of credit posts it (completed). */
function credit(a: Awaited<ReturnType<typeof accounts>>, type: JournalEntryType, minor: bigint, key = nextKey()) {
  return transactionWithRetry(t.db, (trx) =>
    ledger.post(trx, {
      memberId: a.memberId,
      type,
      status: 'completed',
      idempotencyKey: key,
      postings: [
        { account: a.clearing, amount: -minor },
        { account: a.wallet, amount: minor },
      ],
    }),
  );
}

function withdrawal(a: Awaited<ReturnType<typeof accounts>>, minor: bigint) {
  return transactionWithRetry(t.db, (trx) =>
    ledger.post(trx, {
      memberId: a.memberId,
      type: 'withdraw',
      status: 'pending',
      idempotencyKey: nextKey(),
      postings: [
        { account: a.wallet, amount: -minor },
        { account: a.payable, amount: minor },
      ],
    }),
  );
}

describe('the ledger announces committed wallet changes', () => {
  it.each<JournalEntryType>(['deposit', 'bonus', 'finish_bonus', 'transfer', 'adjustment', 'refund', 'invite', 'spin'])(
    'a %s credited: its type, amount, the new balance and its statement row, to its member only',
    async (type) => {
      const a = await accounts();
      heard.length = 0;
      await credit(a, type, 100_00n);
      const posted = await credit(a, type, 25_50n);
      expect(heard).toEqual([
        {
          memberId: a.memberId,
          event: {
            type,
            status: 'SUCCESS',
            amount: 100,
            balance: 100,
            currency: 'BAHT',
            reference: expect.any(String),
          },
        },
        {
          memberId: a.memberId,
          event: {
            type,
            status: 'SUCCESS',
            amount: 25.5,
            balance: 125.5,
            currency: 'BAHT',
            reference: String(posted.entry.id),
          },
        },
      ]);
    },
  );

  it('a withdrawal in progress, then paid, or failed with the money back', async () => {
    const a = await accounts();
    await credit(a, 'deposit', 500_00n);
    heard.length = 0;
    const paid = await withdrawal(a, 120_00n);
    await transactionWithRetry(t.db, (trx) => ledger.complete(trx, paid.entry.id));
    const failed = await withdrawal(a, 80_00n);
    await transactionWithRetry(t.db, (trx) => ledger.reverse(trx, failed.entry.id, 'failed'));
    const row = (entry: bigint) => ({ type: 'withdraw', currency: 'BAHT', reference: String(entry) });
    expect(heard.map(({ event }) => event)).toEqual([
      { ...row(paid.entry.id), status: 'IN_PROGRESS', amount: -120, balance: 380 },
      { ...row(paid.entry.id), status: 'SUCCESS', amount: -120, balance: 380 },
      { ...row(failed.entry.id), status: 'IN_PROGRESS', amount: -80, balance: 300 },
      { ...row(failed.entry.id), status: 'FAILED', amount: 80, balance: 380 },
    ]);
  });

  it('never announces a transaction that rolled back, a replay, or a transaction it cannot see commit', async () => {
    const a = await accounts();
    const key = nextKey();
    await credit(a, 'deposit', 10_00n, key);
    heard.length = 0;
    await credit(a, 'deposit', 10_00n, key);
    await expect(
      transactionWithRetry(t.db, async (trx) => {
        await ledger.post(trx, {
          memberId: a.memberId,
          type: 'deposit',
          status: 'completed',
          idempotencyKey: nextKey(),
          postings: [
            { account: a.clearing, amount: -5_00n },
            { account: a.wallet, amount: 5_00n },
          ],
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await t.db.transaction().execute((trx) =>
      ledger.post(trx, {
        memberId: a.memberId,
        type: 'deposit',
        status: 'completed',
        idempotencyKey: nextKey(),
        postings: [
          { account: a.clearing, amount: -1_00n },
          { account: a.wallet, amount: 1_00n },
        ],
      }),
    );
    expect(heard).toEqual([]);
  });

  it('announces nothing of a system entry', async () => {
    const a = await accounts();
    heard.length = 0;
    await transactionWithRetry(t.db, (trx) =>
      ledger.post(trx, {
        memberId: null,
        type: 'withdraw',
        status: 'completed',
        idempotencyKey: nextKey(),
        postings: [
          { account: a.clearing, amount: -1_00n },
          { account: a.payable, amount: 1_00n },
        ],
      }),
    );
    expect(heard).toEqual([]);
  });
});

const SOURCE = fileURLToPath(new URL('../../', import.meta.url));

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'sandbox' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('money moves only in transactions that can announce it', () => {
  it('no server file moves ledger money in a transaction of its own, but the demo data', () => {
    // afterCommit sees only transactionWithRetry's commits: money moved in another transaction is never told.
    const moves = /ledger\.(post|postDeposit|creditReward|reverse|complete)\(/;
    const own = sourceFiles(SOURCE)
      .filter((path) => {
        // A repeatable-read snapshot is a page read (slips, refunds, invites), never a movement.
        const source = readFileSync(path, 'utf8').replace(
          /\.transaction\(\)\s*\.setIsolationLevel\('repeatable read'\)/g,
          '',
        );
        return /\.transaction\(\)/.test(source) && moves.test(source);
      })
      .map((path) => relative(SOURCE, path));
    // The demo member's opening deposits, made at start-up before any socket can listen.
    expect(own.sort()).toEqual(['modules/games/games.module.ts', 'modules/invite/invite.module.ts']);
  });

  it('the one ledger the server builds is given where to announce', () => {
    // A ledger without `events` would move its members' money unannounced. There is one, the Core's
    // (module-graph.test.ts), and the Core hands it the members' events.
    const built = sourceFiles(SOURCE).filter((path) => readFileSync(path, 'utf8').includes('new LedgerService('));
    expect(built.map((path) => relative(SOURCE, path))).toEqual(['core.ts']);
    const core = readFileSync(built[0]!, 'utf8');
    expect(core).toMatch(/new LedgerService\(\{[^}]*events/);
    expect(core).toMatch(/createLedger\(config, clock, memberEvents\)/);
  });
});
