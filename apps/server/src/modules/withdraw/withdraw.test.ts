import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { IDEMPOTENCY_KEY_HEADER } from '@member-wallet/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountBalanceMinor, bearer, registerAndLogin, startTestApp, type TestApp } from '../../../test/helpers.ts';
import { misreportPostings, misreportReversals } from '../../../test/ledger-faults.ts';
import { signedHeaders } from '../../adapters/hmac-signature.ts';
import { PAYOUT_SIGNATURE_HEADERS } from '../../adapters/payout/http.ts';
import { SANDBOX_PAYOUT_SECRET } from '../../config.ts';
import { reconcileBalances } from '../../core/ledger/ledger.reconcile.ts';
import { LedgerRepository } from '../../core/ledger/ledger.repository.ts';
import { LedgerService } from '../../core/ledger/ledger.service.ts';
import { HOUR_MS, MINUTE_MS } from '../../lib/clock.ts';

/** Withdrawals through the HTTP API, paid by the sandbox payout party over real HTTP (docs/withdrawals.md). */

const FAST = {
  PAYOUT_SETTLE_INTERVAL_MS: '0',
  SANDBOX_PAYOUT_DELAY_MS: '0',
  WITHDRAW_RATE_PER_MINUTE: '1000',
  WITHDRAW_RATE_PER_HOUR: '10000',
};

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(FAST);
});
afterAll(() => t.close());

interface Member {
  id: bigint;
  token: string;
}

async function newMember(app: TestApp, major = 0): Promise<Member> {
  const registered = await registerAndLogin(app);
  const row = await app.app.db
    .selectFrom('members')
    .select('id')
    .where('public_id', '=', registered.publicId)
    .executeTakeFirstOrThrow();
  if (major > 0) await fund(app, row.id, major);
  return { id: row.id, token: registered.token };
}

/** A deposit straight into the ledger: deposits have routes of their own in a later issue. */
async function fund(app: TestApp, memberId: bigint, major: number) {
  const ledger = new LedgerService({ repository: new LedgerRepository(), clock: app.clock });
  const db = app.app.db;
  const wallet = await ledger.memberWallet(db, memberId, 'BAHT');
  const clearing = await ledger.ensureAccount(db, {
    kind: 'deposit_clearing',
    memberId: null,
    providerCode: null,
    currency: 'BAHT',
  });
  const amount = BigInt(Math.round(major * 100));
  await db.transaction().execute((trx) =>
    ledger.post(trx, {
      memberId,
      type: 'deposit',
      status: 'completed',
      idempotencyKey: `test-deposit:${randomUUID()}`,
      postings: [
        { account: clearing.id, amount: -amount },
        { account: wallet.id, amount },
      ],
    }),
  );
}

function withdraw(app: TestApp, member: Member, amount: unknown, options: { key?: string | null; all?: boolean } = {}) {
  const key = options.key === undefined ? randomUUID() : options.key;
  return app.api({
    method: 'POST',
    url: options.all ? '/api/wallet/withdrawAll' : '/api/wallet/withdraw',
    headers: { ...bearer(member.token), ...(key === null ? {} : { [IDEMPOTENCY_KEY_HEADER]: key }) },
    payload: { amount },
  });
}

function row(app: TestApp, reference: string) {
  return app.app.db.selectFrom('withdrawals').selectAll().where('public_id', '=', reference).executeTakeFirstOrThrow();
}

async function settledRow(app: TestApp, reference: string) {
  for (let tries = 0; tries < 200; tries++) {
    const current = await row(app, reference);
    if (current.status !== 'IN_PROGRESS') return current;
    await sleep(20);
  }
  throw new Error(`withdrawal ${reference} was not settled`);
}

async function party(app: TestApp, settings: Record<string, unknown>) {
  const answer = await app.app.inject({ method: 'PUT', url: '/sandbox/payout/settings', payload: settings });
  expect(answer.statusCode).toBe(200);
}

async function expectNoDrift(app: TestApp) {
  expect(await reconcileBalances(app.app.db)).toEqual([]);
}

function webhook(app: TestApp, event: Record<string, unknown>, options: { secret?: string; atMs?: number } = {}) {
  const body = JSON.stringify({ eventId: randomUUID(), payoutId: 'SBP-test', ...event });
  const headers = signedHeaders(
    PAYOUT_SIGNATURE_HEADERS,
    options.secret ?? SANDBOX_PAYOUT_SECRET,
    options.atMs ?? app.clock.now().getTime(),
    body,
  );
  // No X-App-Name: a party is not the client app.
  return app.app.inject({
    method: 'POST',
    url: '/api/webhooks/payout',
    headers: { 'content-type': 'application/json', ...headers },
    payload: body,
  });
}

describe('withdraw lookup', () => {
  it("answers the limits of the member's currency, to members only", async () => {
    expect((await t.api({ method: 'GET', url: '/api/lookup/withdraw' })).statusCode).toBe(401);
    const member = await newMember(t);
    const answer = await t.api({ method: 'GET', url: '/api/lookup/withdraw', headers: bearer(member.token) });
    expect(answer.json()).toEqual({ withdrawMin: 100, withdrawMax: 50_000 });
    await t.app.db.updateTable('members').set({ currency: 'LAK' }).where('id', '=', member.id).execute();
    const kip = await t.api({ method: 'GET', url: '/api/lookup/withdraw', headers: bearer(member.token) });
    expect(kip.json()).toEqual({ withdrawMin: 50_000, withdrawMax: 30_000_000 });
  });
});

describe('withdraw', () => {
  it('refuses amounts outside the limits, without a key, or beyond the balance, and moves nothing', async () => {
    const member = await newMember(t, 500);
    for (const amount of [99.99, 50_000.01]) {
      const answer = await withdraw(t, member, amount);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ message: 'KEY_INVALID', fields: { amount: 'KEY_INVALID' } });
    }
    expect((await withdraw(t, member, 100.001)).json()).toMatchObject({ message: 'KEY_INVALID' });
    expect((await withdraw(t, member, 100, { key: null })).json()).toMatchObject({ message: 'KEY_MISSING' });
    const poor = await withdraw(t, member, 500.01);
    expect(poor.statusCode).toBe(400);
    expect(poor.json()).toEqual({ message: 'MONEY_NOT_ENOUGH' });
    expect(await accountBalanceMinor(t, 'member_wallet', member.id)).toBe(500_00n);
    const rows = await t.app.db.selectFrom('withdrawals').select('id').where('member_id', '=', member.id).execute();
    expect(rows).toEqual([]);
    await expectNoDrift(t);
  });

  it('writes nothing when the ledger answers another movement than the one asked: a bug, 500', async () => {
    const member = await newMember(t, 500);
    // A fault planted in the ledger's answer: the wallet posting it reports is not the amount asked.
    const wrong = misreportPostings((amount) => amount * 2n);
    try {
      const answer = await withdraw(t, member, 120);
      expect([answer.statusCode, answer.json()]).toEqual([500, { message: 'INTERNAL_SERVER_ERROR' }]);
    } finally {
      wrong.mockRestore();
    }
    expect(await accountBalanceMinor(t, 'member_wallet', member.id)).toBe(500_00n);
    const rows = await t.app.db.selectFrom('withdrawals').select('id').where('member_id', '=', member.id).execute();
    expect(rows).toEqual([]);
    await expectNoDrift(t);
  });

  it("settles nothing when the ledger answers another movement than the payout's: paid or failed, a bug", async () => {
    await party(t, { delayMs: 3_600_000, webhooks: false });
    const member = await newMember(t, 500);
    const paid = (await withdraw(t, member, 100)).json().reference;
    const failed = (await withdraw(t, member, 150)).json().reference;
    const payable = await accountBalanceMinor(t, 'withdrawal_payable');
    const clearing = await accountBalanceMinor(t, 'payout_clearing');
    // Planted faults: the settlement's entry, or the failed payout's compensation, reports another amount.
    const wrongPost = misreportPostings((amount) => amount / 2n);
    const wrongReversal = misreportReversals((amount) => amount * 3n);
    try {
      await expect(t.app.withdrawals.settle(paid, { status: 'paid', payoutId: 'SBP-1' })).rejects.toThrow(
        /a payout of 10000 settled 5000 out of payable/,
      );
      await expect(
        t.app.withdrawals.settle(failed, { status: 'failed', payoutId: null, reason: 'ACCOUNT_CLOSED' }),
      ).rejects.toThrow(/a payout of 15000 settled 45000 out of payable/);
    } finally {
      wrongPost.mockRestore();
      wrongReversal.mockRestore();
    }
    expect([(await row(t, paid)).status, (await row(t, failed)).status]).toEqual(['IN_PROGRESS', 'IN_PROGRESS']);
    expect(await accountBalanceMinor(t, 'withdrawal_payable')).toBe(payable);
    expect(await accountBalanceMinor(t, 'payout_clearing')).toBe(clearing);
    expect(await accountBalanceMinor(t, 'member_wallet', member.id)).toBe(250_00n);
    // Without the faults the same answers settle, once each.
    await t.app.withdrawals.settle(paid, { status: 'paid', payoutId: 'SBP-1' });
    await t.app.withdrawals.settle(failed, { status: 'failed', payoutId: null, reason: 'ACCOUNT_CLOSED' });
    expect([(await row(t, paid)).status, (await row(t, failed)).status]).toEqual(['SUCCESS', 'FAILED']);
    expect(await accountBalanceMinor(t, 'member_wallet', member.id)).toBe(400_00n);
    expect(await accountBalanceMinor(t, 'payout_clearing')).toBe(clearing + 100_00n);
    await expectNoDrift(t);
  });

  it('moves the amount to withdrawal payable at once, and settles it when the party pays', async () => {
    await party(t, { delayMs: 0, failRate: 0, webhooks: true });
    const member = await newMember(t, 500);
    const payableBefore = await accountBalanceMinor(t, 'withdrawal_payable');
    const clearingBefore = await accountBalanceMinor(t, 'payout_clearing');
    const answer = await withdraw(t, member, 120.5);
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body).toMatchObject({ message: 'SUCCESS', wallet: { amount: 379.5 } });
    expect(['IN_PROGRESS', 'SUCCESS']).toContain(body.status);
    const settled = await settledRow(t, body.reference);
    expect(settled).toMatchObject({
      status: 'SUCCESS',
      amount_minor: 120_50n,
      bank_code: 'KBANK',
      failure_reason: null,
      payout_reference: expect.stringMatching(/^SBP-/),
    });
    expect(await accountBalanceMinor(t, 'member_wallet', member.id)).toBe(379_50n);
    expect(await accountBalanceMinor(t, 'withdrawal_payable')).toBe(payableBefore);
    expect(await accountBalanceMinor(t, 'payout_clearing')).toBe(clearingBefore + 120_50n);
    const entry = await t.app.db
      .selectFrom('journal_entries')
      .select(['status', 'type', 'member_id'])
      .where('id', '=', settled.entry_id)
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ status: 'completed', type: 'withdraw', member_id: member.id });
    await expectNoDrift(t);
  });

  it('returns the funds with a compensating entry when the party fails the payout', async () => {
    await party(t, { delayMs: 0, failRate: 1, failReason: 'ACCOUNT_CLOSED', webhooks: true });
    try {
      const member = await newMember(t, 500);
      const answer = await withdraw(t, member, 200);
      expect(answer.json()).toMatchObject({ wallet: { amount: 300 } });
      const settled = await settledRow(t, answer.json().reference);
      expect(settled).toMatchObject({ status: 'FAILED', failure_reason: 'ACCOUNT_CLOSED' });
      expect(await accountBalanceMinor(t, 'member_wallet', member.id)).toBe(500_00n);
      const entries = await t.app.db
        .selectFrom('journal_entries')
        .select(['status', 'reversal_of'])
        .where('member_id', '=', member.id)
        .where('type', '=', 'withdraw')
        .orderBy('id')
        .execute();
      expect(entries).toEqual([
        { status: 'failed', reversal_of: null },
        { status: 'completed', reversal_of: settled.entry_id },
      ]);
      await expectNoDrift(t);
    } finally {
      await party(t, { failRate: 0 });
    }
  });

  it('replays the first answer for a retried key, and refuses the key for another amount', async () => {
    await party(t, { delayMs: 3_600_000, webhooks: false });
    const member = await newMember(t, 1000);
    const key = randomUUID();
    const first = await withdraw(t, member, 100, { key });
    const again = await withdraw(t, member, 100, { key });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const other = await withdraw(t, member, 150, { key });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ message: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await accountBalanceMinor(t, 'member_wallet', member.id)).toBe(900_00n);
    await expectNoDrift(t);
  });

  it("keeps members apart: B's key, balance and limits are B's own", async () => {
    await party(t, { delayMs: 3_600_000, webhooks: false });
    const a = await newMember(t, 500);
    const b = await newMember(t, 300);
    const key = randomUUID();
    const fromA = await withdraw(t, a, 100, { key });
    const fromB = await withdraw(t, b, 100, { key });
    expect(fromB.statusCode).toBe(200);
    expect(fromB.json().reference).not.toBe(fromA.json().reference);
    expect(fromB.json().wallet).toEqual({ amount: 200 });
    expect(await accountBalanceMinor(t, 'member_wallet', a.id)).toBe(400_00n);
    const rowB = await row(t, fromB.json().reference);
    expect(rowB.member_id).toBe(b.id);
    // B cannot take more than B holds, whatever A holds.
    expect((await withdraw(t, b, 250)).json()).toEqual({ message: 'MONEY_NOT_ENOUGH' });
    await expectNoDrift(t);
  });
});

describe('withdrawAll', () => {
  it('withdraws exactly the whole wallet, and refuses any other amount with KEY_INVALID', async () => {
    await party(t, { delayMs: 3_600_000, webhooks: false });
    const member = await newMember(t, 300);
    for (const amount of [299.99, 300.01]) {
      const answer = await withdraw(t, member, amount, { all: true });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ message: 'KEY_INVALID', fields: { amount: 'KEY_INVALID' } });
    }
    expect(await accountBalanceMinor(t, 'member_wallet', member.id)).toBe(300_00n);
    const all = await withdraw(t, member, 300, { all: true });
    expect(all.json()).toMatchObject({ status: 'IN_PROGRESS', wallet: { amount: 0 } });
    expect(await accountBalanceMinor(t, 'member_wallet', member.id)).toBe(0n);
    await expectNoDrift(t);
  });

  it('keeps the limits: a wallet below the minimum cannot be withdrawn', async () => {
    const member = await newMember(t, 50);
    expect((await withdraw(t, member, 50, { all: true })).json()).toMatchObject({ message: 'KEY_INVALID' });
  });
});

describe('payout webhook', () => {
  async function pendingWithdrawal(amount = 100) {
    await party(t, { delayMs: 3_600_000, webhooks: false });
    const member = await newMember(t, 1000);
    const answer = await withdraw(t, member, amount);
    expect(answer.json().status).toBe('IN_PROGRESS');
    return { member, reference: answer.json().reference as string };
  }

  it('refuses unsigned, badly signed and stale notifications', async () => {
    const { reference } = await pendingWithdrawal();
    const event = { reference, status: 'paid' };
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/webhooks/payout', payload: event });
    expect(unsigned.statusCode).toBe(401);
    expect((await webhook(t, event, { secret: 'wrong' })).statusCode).toBe(401);
    const stale = await webhook(t, event, { atMs: t.clock.now().getTime() - 10 * MINUTE_MS });
    expect(stale.statusCode).toBe(401);
    expect((await row(t, reference)).status).toBe('IN_PROGRESS');
    expect((await webhook(t, { reference: 'not-ours', status: 'paid' })).statusCode).toBe(404);
  });

  it('lands while the site is terminated: payouts settle whatever the site shows members', async () => {
    const { reference } = await pendingWithdrawal();
    await t.app.inject({ method: 'PUT', url: '/sandbox/settings', payload: { terminated: true } });
    try {
      expect((await webhook(t, { reference, status: 'paid' })).statusCode).toBe(200);
      expect((await row(t, reference)).status).toBe('SUCCESS');
    } finally {
      await t.app.inject({ method: 'PUT', url: '/sandbox/settings', payload: { terminated: false } });
    }
  });

  it('settles once, whatever the duplicates, replays and contradicting or late notifications', async () => {
    const { member, reference } = await pendingWithdrawal(100);
    const clearingBefore = await accountBalanceMinor(t, 'payout_clearing');
    const eventId = randomUUID();
    expect((await webhook(t, { eventId, reference, status: 'pending' })).statusCode).toBe(200);
    expect((await row(t, reference)).status).toBe('IN_PROGRESS');
    const paid = { eventId: randomUUID(), reference, status: 'paid' };
    expect((await webhook(t, paid)).statusCode).toBe(200);
    expect((await webhook(t, paid)).statusCode).toBe(200);
    expect((await webhook(t, { reference, status: 'paid' })).statusCode).toBe(200);
    expect((await webhook(t, { reference, status: 'failed', reason: 'LATE' })).statusCode).toBe(200);
    expect((await webhook(t, { reference, status: 'pending' })).statusCode).toBe(200);
    expect(await row(t, reference)).toMatchObject({ status: 'SUCCESS', failure_reason: null });
    expect(await accountBalanceMinor(t, 'payout_clearing')).toBe(clearingBefore + 100_00n);
    expect(await accountBalanceMinor(t, 'member_wallet', member.id)).toBe(900_00n);
    // The settler's poll afterwards changes nothing either (it settles other tests' withdrawals meanwhile).
    const settled = await row(t, reference);
    t.clock.advance(2 * HOUR_MS);
    await t.app.withdrawals.settlePending();
    expect(await row(t, reference)).toEqual(settled);
    const settlements = await t.app.db
      .selectFrom('journal_entries')
      .select('id')
      .where('idempotency_key', '=', `payout:${reference}`)
      .execute();
    expect(settlements).toHaveLength(1);
    await expectNoDrift(t);
  });

  it('returns the funds once when a failure arrives first and a payment later', async () => {
    const { member, reference } = await pendingWithdrawal(100);
    await Promise.all([
      webhook(t, { reference, status: 'failed', reason: 'BANK_DOWN' }),
      webhook(t, { reference, status: 'failed', reason: 'BANK_DOWN' }),
    ]);
    await webhook(t, { reference, status: 'paid' });
    expect(await row(t, reference)).toMatchObject({ status: 'FAILED', failure_reason: 'BANK_DOWN' });
    expect(await accountBalanceMinor(t, 'member_wallet', member.id)).toBe(1000_00n);
    await expectNoDrift(t);
  });
});

describe('settler', () => {
  it('polls a payout whose webhook never came', async () => {
    await party(t, { delayMs: MINUTE_MS, webhooks: false });
    const member = await newMember(t, 500);
    const { reference } = (await withdraw(t, member, 100)).json();
    // Not due yet: the webhook normally comes first.
    await t.app.withdrawals.settlePending();
    expect((await row(t, reference)).status).toBe('IN_PROGRESS');
    t.clock.advance(2 * MINUTE_MS);
    await t.app.withdrawals.settlePending();
    expect((await row(t, reference)).status).toBe('SUCCESS');
    await expectNoDrift(t);
  });

  it('asks again when the party never received the payout request', async () => {
    await party(t, { delayMs: MINUTE_MS, webhooks: false });
    const member = await newMember(t, 500);
    const { reference } = (await withdraw(t, member, 100)).json();
    // The request was lost on its way: the party has no record of it.
    await t.app.sandboxDb.deleteFrom('sandbox_payouts').where('reference', '=', reference).execute();
    t.clock.advance(2 * MINUTE_MS);
    await t.app.withdrawals.settlePending();
    expect((await row(t, reference)).status).toBe('IN_PROGRESS');
    expect(
      await t.app.sandboxDb
        .selectFrom('sandbox_payouts')
        .select('status')
        .where('reference', '=', reference)
        .executeTakeFirst(),
    ).toEqual({ status: 'pending' });
    t.clock.advance(HOUR_MS);
    await t.app.withdrawals.settlePending();
    expect((await row(t, reference)).status).toBe('SUCCESS');
    expect(await accountBalanceMinor(t, 'member_wallet', member.id)).toBe(400_00n);
    await expectNoDrift(t);
  });

  it('keeps a withdrawal in progress while the party is down, and pays it once it is back', async () => {
    await party(t, { delayMs: 0, webhooks: true, fault: 'unavailable' });
    const member = await newMember(t, 500);
    const answer = await withdraw(t, member, 100);
    expect(answer.json()).toMatchObject({ status: 'IN_PROGRESS', wallet: { amount: 400 } });
    const { reference } = answer.json();
    await party(t, { fault: 'none' });
    t.clock.advance(2 * MINUTE_MS);
    await t.app.withdrawals.settlePending();
    expect((await settledRow(t, reference)).status).toBe('SUCCESS');
    expect(await accountBalanceMinor(t, 'member_wallet', member.id)).toBe(400_00n);
    await expectNoDrift(t);
  });

  it('never pays twice when the answer to a payout request was lost', async () => {
    await party(t, { delayMs: MINUTE_MS, webhooks: false, fault: 'lostAnswer' });
    const member = await newMember(t, 500);
    const { reference, status } = (await withdraw(t, member, 100)).json();
    expect(status).toBe('IN_PROGRESS');
    await party(t, { fault: 'none' });
    t.clock.advance(2 * MINUTE_MS);
    await t.app.withdrawals.settlePending();
    expect((await row(t, reference)).status).toBe('SUCCESS');
    const payouts = await t.app.sandboxDb
      .selectFrom('sandbox_payouts')
      .select('status')
      .where('reference', '=', reference)
      .execute();
    expect(payouts).toEqual([{ status: 'paid' }]);
    await expectNoDrift(t);
  });

  it('goes on past a withdrawal it cannot settle, and looks at that one again later', async () => {
    const own = await startTestApp(FAST);
    try {
      await party(own, { delayMs: MINUTE_MS, webhooks: false, failRate: 1 });
      const member = await newMember(own, 500);
      const broken = (await withdraw(own, member, 100)).json().reference;
      const sound = (await withdraw(own, member, 100)).json().reference;
      // An entry an operator marked by hand: reversing it as failed is refused by the ledger.
      const { entry_id, attempts } = await row(own, broken);
      await own.app.db.updateTable('journal_entries').set({ status: 'reversed' }).where('id', '=', entry_id).execute();
      own.clock.advance(2 * MINUTE_MS);
      expect(await own.app.withdrawals.settlePending()).toEqual({ checked: 2, settled: 1 });
      expect(await row(own, broken)).toMatchObject({ status: 'IN_PROGRESS', attempts: attempts + 1 });
      expect((await row(own, sound)).status).toBe('FAILED');
      expect(own.logs.join('')).toContain('withdrawal could not be settled');
      expect(await own.app.withdrawals.settlePending()).toEqual({ checked: 0, settled: 0 });
    } finally {
      await own.close();
    }
  });

  it('runs by itself in the server on its interval', async () => {
    const timed = await startTestApp({ ...FAST, PAYOUT_SETTLE_INTERVAL_MS: '50' });
    try {
      await party(timed, { delayMs: MINUTE_MS, webhooks: false });
      const member = await newMember(timed, 500);
      const { reference } = (await withdraw(timed, member, 100)).json();
      timed.clock.advance(2 * MINUTE_MS);
      expect((await settledRow(timed, reference)).status).toBe('SUCCESS');
      await expectNoDrift(timed);
    } finally {
      await timed.close();
    }
  });

  it('settles after a restart: a new app on the same database finishes what the first one started', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'mw-withdraw-'));
    // On PostgreSQL both apps use a database of this test; on PGlite, the same folder.
    const database = process.env.DATABASE_URL ? await sharedDatabase() : null;
    const shared: Record<string, string> = database ? { DATABASE_URL: database.url } : { DATA_DIR: dataDir };
    try {
      const first = await startTestApp({ ...FAST, ...shared });
      await party(first, { delayMs: HOUR_MS, webhooks: false });
      const member = await newMember(first, 500);
      const { reference } = (await withdraw(first, member, 100)).json();
      await first.close();
      const second = await startTestApp({ ...FAST, ...shared });
      try {
        second.clock.advance(2 * HOUR_MS);
        expect(await second.app.withdrawals.settlePending()).toMatchObject({ settled: 1 });
        expect((await row(second, reference)).status).toBe('SUCCESS');
        expect(await accountBalanceMinor(second, 'member_wallet', member.id)).toBe(400_00n);
        await expectNoDrift(second);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
      await database?.drop();
    }
  });
});

/** A database of this suite's own on the PostgreSQL server, for two apps in turn. */
async function sharedDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const { default: pg } = await import('pg');
  const adminUrl = process.env.DATABASE_URL ?? '';
  const name = `mw_test_restart_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const drop = async () => {
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  };
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop };
}

describe('rate limit', () => {
  it('refuses a member past the per-minute limit, before the key is looked at', async () => {
    const limited = await startTestApp({ ...FAST, WITHDRAW_RATE_PER_MINUTE: '2' });
    try {
      await party(limited, { delayMs: HOUR_MS, webhooks: false });
      const member = await newMember(limited, 1000);
      const key = randomUUID();
      expect((await withdraw(limited, member, 100, { key })).statusCode).toBe(200);
      expect((await withdraw(limited, member, 100, { key })).statusCode).toBe(200);
      const third = await withdraw(limited, member, 100, { key });
      expect(third.statusCode).toBe(429);
      expect(third.json()).toEqual({ message: 'REQUEST_LIMIT_1MIN' });
      // The first ran, the second replayed it (a retry counts too), the refused third moved nothing.
      expect(await accountBalanceMinor(limited, 'member_wallet', member.id)).toBe(900_00n);
      // Redis windows follow Redis's clock, not the test clock: the window's end is checked in memory only.
      if (!process.env.REDIS_URL) {
        limited.clock.advance(MINUTE_MS + 1);
        expect((await withdraw(limited, member, 100)).statusCode).toBe(200);
        expect(await accountBalanceMinor(limited, 'member_wallet', member.id)).toBe(800_00n);
      }
    } finally {
      await limited.close();
    }
  });
});

describe('concurrent withdrawals from one wallet', () => {
  it('lets exactly the affordable ones through; the rest get MONEY_NOT_ENOUGH and nothing is lost', async () => {
    await party(t, { delayMs: HOUR_MS, webhooks: false });
    const member = await newMember(t, 1000);
    const answers = await Promise.all(Array.from({ length: 40 }, () => withdraw(t, member, 100)));
    const codes = answers.map((answer) => (answer.statusCode === 200 ? 'OK' : answer.json().message));
    expect(codes.filter((code) => code === 'OK')).toHaveLength(10);
    expect(codes.filter((code) => code === 'MONEY_NOT_ENOUGH')).toHaveLength(30);
    expect(await accountBalanceMinor(t, 'member_wallet', member.id)).toBe(0n);
    const sums = await t.app.db
      .selectFrom('ledger_accounts')
      .select((eb) => eb.fn.sum<bigint>('balance').as('total'))
      .executeTakeFirstOrThrow();
    expect(BigInt(sums.total)).toBe(0n);
    const count = await t.app.db
      .selectFrom('withdrawals')
      .select((eb) => eb.fn.countAll<bigint>().as('n'))
      .where('member_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(10);
    await expectNoDrift(t);
  });

  it('moves money once for one key sent 20 times in parallel', async () => {
    await party(t, { delayMs: HOUR_MS, webhooks: false });
    const member = await newMember(t, 1000);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => withdraw(t, member, 100, { key })));
    const ok = answers.filter((answer) => answer.statusCode === 200);
    const busy = answers.filter((answer) => answer.statusCode === 409);
    expect(ok.length + busy.length).toBe(20);
    expect(new Set(ok.map((answer) => answer.json().reference)).size).toBe(1);
    for (const answer of busy) expect(answer.json()).toEqual({ message: 'IDEMPOTENCY_KEY_IN_PROGRESS' });
    expect(await accountBalanceMinor(t, 'member_wallet', member.id)).toBe(900_00n);
    await expectNoDrift(t);
  });

  it('settles once when contradicting notifications and settler passes race each other', async () => {
    await party(t, { delayMs: HOUR_MS, webhooks: false });
    const member = await newMember(t, 1000);
    const { reference } = (await withdraw(t, member, 100)).json();
    t.clock.advance(2 * HOUR_MS);
    await Promise.all([
      ...Array.from({ length: 5 }, () => webhook(t, { reference, status: 'paid' })),
      ...Array.from({ length: 5 }, () => webhook(t, { reference, status: 'failed', reason: 'RACE' })),
      t.app.withdrawals.settlePending(),
      t.app.withdrawals.settlePending(),
    ]);
    const settled = await row(t, reference);
    const count = async (column: 'idempotency_key' | 'reversal_of', value: string | bigint) =>
      (
        await t.app.db
          .selectFrom('journal_entries')
          .select('id')
          .where(column, '=', value as never)
          .execute()
      ).length;
    const settlements = await count('idempotency_key', `payout:${reference}`);
    const compensations = await count('reversal_of', settled.entry_id);
    const wallet = await accountBalanceMinor(t, 'member_wallet', member.id);
    if (settled.status === 'SUCCESS') expect([wallet, settlements, compensations]).toEqual([900_00n, 1, 0]);
    else expect([settled.status, wallet, settlements, compensations]).toEqual(['FAILED', 1000_00n, 0, 1]);
    await expectNoDrift(t);
  });
});
