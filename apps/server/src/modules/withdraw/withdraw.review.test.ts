import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedMember, noDrift, type Player } from '../../../test/games.ts';
import { bearer, startTestApp, type TestApp } from '../../../test/helpers.ts';
import { signedInOperator } from '../../../test/operators.ts';
import { askWithdrawal, reviewWithdrawal } from '../../../test/withdrawals.ts';

/**
 * Operators' review of withdrawals (docs/backoffice/withdrawals.md): above the auto-approve amount a
 * withdrawal waits; approving pays it once through the payout party, rejecting returns the money once; both
 * are audited and keep the ledger balanced.
 */
let t: TestApp;
let finance: Awaited<ReturnType<typeof signedInOperator>>;
beforeAll(async () => {
  t = await startTestApp({
    PAYOUT_SETTLE_INTERVAL_MS: '0',
    SANDBOX_PAYOUT_DELAY_MS: '0',
    WITHDRAW_RATE_PER_MINUTE: '1000',
    WITHDRAW_RATE_PER_HOUR: '10000',
  });
  // Withdrawals above 1,000 baht wait for review in this file.
  await t.app.siteSettings.setWithdrawAutoApproveMax('BAHT', 100_000n);
  finance = await signedInOperator(t, 'finance');
});
afterAll(() => t.close());

function withdraw(player: Player, amount: number) {
  return askWithdrawal(t, player, amount);
}

function review(action: 'approve' | 'reject', reference: string, headers = finance.headers, reason?: string) {
  return reviewWithdrawal(t, headers, action, reference, reason);
}

async function walletMajor(player: Player): Promise<number> {
  return (await t.api({ method: 'GET', url: '/api/wallet', headers: bearer(player.token) })).json().wallet.amount;
}

async function payoutsFor(reference: string) {
  return t.app.sandboxDb.selectFrom('sandbox_payouts').selectAll().where('reference', '=', reference).execute();
}

async function settled(reference: string) {
  for (let tries = 0; tries < 200; tries++) {
    const row = await t.app.db
      .selectFrom('withdrawals')
      .selectAll()
      .where('public_id', '=', reference)
      .executeTakeFirstOrThrow();
    if (row.status !== 'IN_PROGRESS') return row;
    await sleep(20);
  }
  throw new Error(`withdrawal ${reference} was not settled`);
}

async function auditOf(reference: string) {
  return t.app.db.selectFrom('audit_log').selectAll().where('target', '=', `withdrawal:${reference}`).execute();
}

describe('withdrawal review', () => {
  it('pays a withdrawal up to the auto-approve amount at once, without review', async () => {
    const player = await fundedMember(t, 5_000);
    const answer = await withdraw(player, 1_000);
    expect((await settled(answer.reference)).review).toBe('auto');
    expect(await payoutsFor(answer.reference)).toHaveLength(1);
  });

  it('holds a larger one in the queue, unpaid, out of the settler’s reach', async () => {
    const player = await fundedMember(t, 5_000);
    const answer = await withdraw(player, 1_500);
    expect(answer.status).toBe('IN_PROGRESS');
    expect(answer.wallet.amount).toBe(3_500);
    await t.app.withdrawals.settlePending();
    expect(await payoutsFor(answer.reference)).toEqual([]);
    const queue = await t.api({
      method: 'GET',
      url: `${BACKOFFICE_API.withdrawals}?review=awaiting`,
      headers: finance.headers,
    });
    expect(queue.statusCode).toBe(200);
    const listed = queue.json().withdrawals.find((each: { id: string }) => each.id === answer.reference);
    expect(listed).toMatchObject({
      amountMinor: '150000',
      currency: 'BAHT',
      status: 'IN_PROGRESS',
      review: 'awaiting',
      member: { phone: player.phone },
      reviewedBy: null,
    });
  });

  it('approving pays once, whatever the number of approvals at once, and audits it once', async () => {
    const player = await fundedMember(t, 5_000);
    const { reference } = await withdraw(player, 2_000);
    const answers = await Promise.all(Array.from({ length: 5 }, () => review('approve', reference)));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    expect(answers.filter((answer) => answer.json().changed)).toHaveLength(1);
    const row = await settled(reference);
    expect(row).toMatchObject({ status: 'SUCCESS', review: 'approved', reviewed_by: finance.id });
    expect(await payoutsFor(reference)).toHaveLength(1);
    expect(await walletMajor(player)).toBe(3_000);
    const audit = await auditOf(reference);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor: finance.username,
      action: 'withdrawal.approve',
      before: { review: 'awaiting', status: 'IN_PROGRESS' },
      after: { review: 'approved' },
    });
    expect(await noDrift(t)).toBe(true);
  });

  it('rejecting returns the money once with the reason the member sees, and cannot then be approved', async () => {
    const player = await fundedMember(t, 5_000);
    const { reference } = await withdraw(player, 2_500);
    expect(await walletMajor(player)).toBe(2_500);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => review('reject', reference, finance.headers, 'Account name does not match')),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    expect(answers.filter((answer) => answer.json().changed)).toHaveLength(1);
    expect(answers[0]?.json().withdrawal).toMatchObject({
      status: 'FAILED',
      review: 'rejected',
      failureReason: 'Account name does not match',
      reviewedBy: finance.username,
    });
    expect(await walletMajor(player)).toBe(5_000);
    expect(await payoutsFor(reference)).toEqual([]);
    const statement = await t.api({
      method: 'POST',
      url: '/api/statement',
      headers: bearer(player.token),
      payload: { page: 1, limit: 10 },
    });
    expect(JSON.stringify(statement.json())).toContain('withdraw');
    const approve = await review('approve', reference);
    expect([approve.statusCode, approve.json()]).toEqual([409, { message: 'ALREADY_REVIEWED' }]);
    expect(await auditOf(reference)).toHaveLength(1);
    expect(await noDrift(t)).toBe(true);
  });

  it('refuses a rejection of an approved withdrawal, a short reason, an unknown id and the support role', async () => {
    const player = await fundedMember(t, 5_000);
    const { reference } = await withdraw(player, 1_200);
    const support = await signedInOperator(t, 'support');
    expect((await review('approve', reference, support.headers)).json()).toEqual({ message: 'FORBIDDEN' });
    expect((await review('reject', reference, finance.headers, 'no')).json()).toMatchObject({
      message: 'KEY_INVALID',
      fields: { reason: 'KEY_INVALID' },
    });
    expect((await review('approve', randomUUID())).statusCode).toBe(404);
    expect((await review('approve', reference)).statusCode).toBe(200);
    const reject = await review('reject', reference, finance.headers, 'Too late for that');
    expect([reject.statusCode, reject.json()]).toEqual([409, { message: 'ALREADY_REVIEWED' }]);
    expect((await settled(reference)).status).toBe('SUCCESS');
  });
});

describe('withdrawals CSV export', () => {
  function csv(query: string, headers = finance.headers) {
    return t.api({ method: 'GET', url: `${BACKOFFICE_API.withdrawalsCsv}${query}`, headers });
  }

  it('streams every withdrawal of the filter with a BOM, a header row and quoted fields', async () => {
    const player = await fundedMember(t, 20_000);
    await t.app.db.updateTable('members').set({ name: 'Somchai "Joe", สมชาย' }).where('id', '=', player.id).execute();
    const awaiting = await withdraw(player, 2_000);
    const rejected = await withdraw(player, 3_000);
    expect((await review('reject', rejected.reference, finance.headers, 'Name, "mismatch"')).statusCode).toBe(200);

    const answer = await csv('?review=awaiting');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="withdrawals-awaiting.csv"');
    const body = answer.rawPayload.toString('utf8');
    expect(body.startsWith('\uFEFFid,createdAt,memberId,memberPhone,memberName,amountMinor,currency,')).toBe(true);
    const lines = body.slice(1).split('\r\n');
    expect(lines.at(-1)).toBe('');
    const mine = lines.filter((line) => line.startsWith(`${awaiting.reference},`));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toContain(`,${player.id},${player.phone},"Somchai ""Joe"", สมชาย",200000,BAHT,`);
    expect(mine[0]).toMatch(/,IN_PROGRESS,awaiting,,,$/);
    // Every row of the export is an awaiting one, and the rejected withdrawal is not among them.
    expect(lines.slice(1, -1).every((line) => line.includes(',awaiting,'))).toBe(true);
    expect(body).not.toContain(rejected.reference);

    const all = (await csv('')).rawPayload.toString('utf8');
    const rejectedLine = all.split('\r\n').find((line) => line.startsWith(`${rejected.reference},`));
    expect(rejectedLine).toMatch(new RegExp(`,FAILED,rejected,${finance.username},[^,]+,"Name, ""mismatch"""$`));
    // Newest first, like the list.
    expect(all.indexOf(rejected.reference)).toBeLessThan(all.indexOf(awaiting.reference));
  });

  it('refuses support and unknown filters', async () => {
    const support = await signedInOperator(t, 'support');
    expect((await csv('', support.headers)).json()).toEqual({ message: 'FORBIDDEN' });
    expect((await csv('?review=maybe')).statusCode).toBe(400);
  });
});
