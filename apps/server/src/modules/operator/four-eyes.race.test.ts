import { BACKOFFICE_API, backofficePath, settingsPath } from '@member-wallet/contract/backoffice/api-paths';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adjustedMember, askAdjustment, type Operator } from '../../../test/adjustments.ts';
import { fundedMember } from '../../../test/games.ts';
import { startTestApp, type TestApp } from '../../../test/helpers.ts';
import { signedInOperator } from '../../../test/operators.ts';
import { askWithdrawal } from '../../../test/withdrawals.ts';

/**
 * Decisions that race (docs/backoffice/four-eyes.md, Races), on PGlite and, in CI, on PostgreSQL: one pending
 * change decided by two admins at once, and an adjustment or a withdrawal approved while its approver loses the
 * role to approve.
 */
let t: TestApp;
let proposer: Operator;
let first: Operator;
let rival: Operator;
beforeAll(async () => {
  // Withdrawals above 1,000 baht wait for review; the payout party pays at once and nothing settles by itself.
  t = await startTestApp({
    PAYOUT_SETTLE_INTERVAL_MS: '0',
    SANDBOX_PAYOUT_DELAY_MS: '0',
    WITHDRAW_RATE_PER_MINUTE: '1000',
    WITHDRAW_RATE_PER_HOUR: '10000',
  });
  await t.app.siteSettings.setWithdrawAutoApproveMax('BAHT', 100_000n);
  [proposer, first, rival] = [
    await signedInOperator(t, 'admin'),
    await signedInOperator(t, 'admin'),
    await signedInOperator(t, 'admin'),
  ];
});
afterAll(() => t.close());

function post(url: string, operator: Operator, payload?: object) {
  return t.api({ method: 'POST', url, headers: operator.headers, ...(payload ? { payload } : {}) });
}

describe('two admins deciding one settings change at once', () => {
  it('lets exactly one decision win; the other answers 409 CHANGE_DECIDED, ten times', async () => {
    const url = settingsPath(BACKOFFICE_API.settingsAdjustment, { currency: 'LAK' });
    for (let round = 0; round < 10; round++) {
      const asked = String(30_000_000 + (round + 1) * 1_000);
      const proposed = await t.api({
        method: 'PUT',
        url,
        headers: proposer.headers,
        payload: { approvalAbove: asked },
      });
      expect(proposed.statusCode, proposed.body).toBe(202);
      const id: string = proposed.json().change.id;
      const answers = await Promise.all([
        post(backofficePath(BACKOFFICE_API.pendingChangeApprove, id), first),
        post(backofficePath(BACKOFFICE_API.pendingChangeReject, id), rival, { reason: 'racing it' }),
      ]);
      const codes = answers.map((answer) => answer.statusCode).sort();
      expect(codes, answers.map((answer) => answer.body).join(' | ')).toEqual([200, 409]);
      const loser = answers.find((answer) => answer.statusCode === 409);
      expect(loser?.json()).toEqual({ message: 'CHANGE_DECIDED' });
      const approved = answers[0]?.statusCode === 200;
      const stored = await t.app.siteSettings.adjustmentApprovalAbove('LAK');
      if (approved) expect(stored).toBe(BigInt(asked));
      else expect(stored).not.toBe(BigInt(asked));
      const decisions = await t.app.db
        .selectFrom('audit_log')
        .select('action')
        .where('target', '=', `pending-change:${id}`)
        .where('action', 'in', ['change.approve', 'change.reject'])
        .execute();
      expect(decisions, `round ${round}`).toHaveLength(1);
      // Back below the asked amounts: a lowering applies at once.
      await t.api({ method: 'PUT', url, headers: proposer.headers, payload: { approvalAbove: '30000000' } });
    }
  });
});

/** Waits until `count` sessions of this database wait for a lock, or `done` says to stop; bounded. */
async function lockWaiters(count: number, done: () => boolean = () => false): Promise<void> {
  for (let poll = 0; poll < 500 && !done(); poll++) {
    const { rows } = await sql<{ waiting: number }>`select count(*)::int as waiting from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(t.app.db);
    if ((rows[0]?.waiting ?? 0) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * On PostgreSQL, the worst order is forced: the adjustment's row is held by the test while the approval (already
 * past its session check) waits for it, and the demotion is sent meanwhile. PGlite runs one transaction at a time,
 * so there the two race freely (the window is between the session read and the approval's transaction).
 */
async function approveWhileDemoted(id: string, approver: Operator, kind: 'adjustment' | 'withdrawal' = 'adjustment') {
  const pattern = kind === 'adjustment' ? BACKOFFICE_API.adjustmentApprove : BACKOFFICE_API.withdrawalApprove;
  const approve = () => post(backofficePath(pattern, id), approver);
  const demote = () =>
    t.api({
      method: 'PUT',
      url: backofficePath(BACKOFFICE_API.operator, String(approver.id)),
      headers: first.headers,
      payload: { role: 'support' },
    });
  if (!process.env.DATABASE_URL) return Promise.all([approve(), demote()]);
  let approval: ReturnType<typeof approve> | undefined;
  let demotion: ReturnType<typeof demote> | undefined;
  await t.app.db.transaction().execute(async (trx) => {
    const held = kind === 'adjustment' ? sql`adjustments` : sql`withdrawals`;
    await sql`select id from ${held} where public_id = ${id} for update`.execute(trx);
    approval = approve();
    await lockWaiters(1);
    let demoted = false;
    demotion = demote().finally(() => {
      demoted = true;
    });
    await lockWaiters(2, () => demoted);
  });
  return Promise.all([approval, demotion]);
}

describe('an adjustment approval racing its approver’s demotion', () => {
  it('never approves with the old role after the new one took effect, ten times', async () => {
    for (let round = 0; round < 10; round++) {
      const approver = await signedInOperator(t, 'finance');
      const player = await adjustedMember(t);
      const asked = await askAdjustment(t, proposer, player.publicId, { amountMinor: '900000' });
      const id: string = asked.json().adjustment.id;
      const [approval, demotion] = await approveWhileDemoted(id, approver);
      expect(demotion?.statusCode, demotion?.body).toBe(200);
      const lines = await t.app.db
        .selectFrom('audit_log')
        .select(['id', 'action'])
        .where('target', 'in', [`adjustment:${id}`, `operator:${approver.id}`])
        .where('action', 'in', ['adjustment.approve', 'operator.update'])
        .orderBy('id')
        .execute();
      if (approval?.statusCode === 200) {
        expect(
          lines.map((line) => line.action),
          `round ${round}`,
        ).toEqual(['adjustment.approve', 'operator.update']);
      } else {
        expect([approval?.statusCode, approval?.json().message], `round ${round}`).toEqual([403, 'FORBIDDEN']);
        expect(lines.map((line) => line.action)).toEqual(['operator.update']);
      }
    }
  });
});

describe('a withdrawal approval racing its approver’s demotion', () => {
  it('never approves with the old role after the new one took effect, ten times', async () => {
    for (let round = 0; round < 10; round++) {
      const approver = await signedInOperator(t, 'finance');
      const player = await fundedMember(t, 2000);
      const { reference, status } = await askWithdrawal(t, player, 1500);
      expect(status).toBe('IN_PROGRESS');
      const [approval, demotion] = await approveWhileDemoted(reference, approver, 'withdrawal');
      expect(demotion?.statusCode, demotion?.body).toBe(200);
      const lines = await t.app.db
        .selectFrom('audit_log')
        .select(['id', 'action'])
        .where('target', 'in', [`withdrawal:${reference}`, `operator:${approver.id}`])
        .where('action', 'in', ['withdrawal.approve', 'operator.update'])
        .orderBy('id')
        .execute();
      const order = lines.map((line) => line.action);
      if (approval?.statusCode === 200)
        expect(order, `round ${round}`).toEqual(['withdrawal.approve', 'operator.update']);
      else {
        expect([approval?.statusCode, approval?.json().message], `round ${round}`).toEqual([403, 'FORBIDDEN']);
        expect(order).toEqual(['operator.update']);
      }
    }
  });
});
