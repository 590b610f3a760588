import { BACKOFFICE_API, settingsPath } from '@member-wallet/contract/backoffice/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adjustedMember, askAdjustment, type Operator } from '../../../test/adjustments.ts';
import { startTestApp, type TestApp } from '../../../test/helpers.ts';
import { auditLines, decideChange, signedInOperator } from '../../../test/operators.ts';

/**
 * Settings that bound money change only with a second admin, and never past the deployment's ceilings
 * (issue 39, finding 1; docs/backoffice/four-eyes.md).
 */
let t: TestApp;
let admin: Operator;
let second: Operator;
let finance: Operator;
beforeAll(async () => {
  t = await startTestApp();
  admin = await signedInOperator(t, 'admin');
  second = await signedInOperator(t, 'admin');
  finance = await signedInOperator(t, 'finance');
});
afterAll(() => t.close());

const adjustmentUrl = settingsPath(BACKOFFICE_API.settingsAdjustment, { currency: 'BAHT' });
const withdrawUrl = settingsPath(BACKOFFICE_API.settingsWithdraw, { currency: 'BAHT' });

function put(url: string, payload: object, operator: Operator = admin) {
  return t.api({ method: 'PUT', url, headers: operator.headers, payload });
}

function decide(kind: 'approve' | 'reject' | 'withdraw', id: string, operator: Operator, payload?: object) {
  return decideChange(t, kind, id, operator, payload);
}

const approvalAbove = () => t.app.siteSettings.adjustmentApprovalAbove('BAHT');

const auditOf = (target: string) => auditLines(t, target);

describe('the adjustment approval amount', () => {
  it('refuses an amount over the deployment ceiling, so an admin alone never credits 50,000,000 baht at once', async () => {
    const answer = await put(adjustmentUrl, { approvalAbove: '100000000000' });
    expect([answer.statusCode, answer.json()]).toEqual([
      400,
      { message: 'CEILING_EXCEEDED', fields: { approvalAbove: 'KEY_INVALID' } },
    ]);
    expect(await approvalAbove()).toBe(100_000n);
    const player = await adjustedMember(t);
    const credit = await askAdjustment(t, admin, player.publicId, { amountMinor: '5000000000' });
    expect(credit.statusCode, credit.body).toBe(200);
    expect(credit.json().adjustment.status).toBe('awaiting');
  });

  it('waits for a second admin to raise it: the proposer may not approve, another admin applies it, audited', async () => {
    const proposed = await put(adjustmentUrl, { approvalAbove: '200000' });
    expect(proposed.statusCode, proposed.body).toBe(202);
    const { change } = proposed.json();
    expect(change).toMatchObject({
      kind: 'settings.adjustment',
      target: 'setting:adjustment:BAHT',
      status: 'pending',
      before: { currency: 'BAHT', approvalAbove: '100000' },
      after: { currency: 'BAHT', approvalAbove: '200000' },
      proposedBy: admin.username,
    });
    expect(await approvalAbove()).toBe(100_000n);
    const again = await put(adjustmentUrl, { approvalAbove: '150000' }, second);
    expect([again.statusCode, again.json().message]).toEqual([409, 'CHANGE_PENDING']);

    const own = await decide('approve', change.id, admin);
    expect([own.statusCode, own.json()]).toEqual([409, { message: 'CHANGE_OWN' }]);
    const byFinance = await decide('approve', change.id, finance);
    expect(byFinance.statusCode).toBe(403);
    expect(await approvalAbove()).toBe(100_000n);

    const approved = await decide('approve', change.id, second);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().change).toMatchObject({ status: 'applied', decidedBy: second.username });
    expect(await approvalAbove()).toBe(200_000n);
    const twice = await decide('reject', change.id, second, { reason: 'too late' });
    expect([twice.statusCode, twice.json().message]).toEqual([409, 'CHANGE_DECIDED']);

    const lines = await auditOf(`pending-change:${change.id}`);
    expect(lines.map((line) => [line.actor, line.action])).toEqual([
      [admin.username, 'change.propose'],
      [second.username, 'change.approve'],
    ]);
    const [applied] = (await auditOf('setting:adjustment:BAHT')).slice(-1);
    expect(applied).toMatchObject({
      actor: second.username,
      action: 'settings.adjustment',
      before: { currency: 'BAHT', approvalAbove: '100000' },
      after: { currency: 'BAHT', approvalAbove: '200000' },
    });
  });

  it('applies a lowering at once: it can only make more adjustments wait', async () => {
    const answer = await put(adjustmentUrl, { approvalAbove: '100000' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().change).toMatchObject({ status: 'applied', decidedBy: null });
    expect(answer.json().settings.adjustment).toContainEqual({ currency: 'BAHT', approvalAbove: '100000' });
    expect(await approvalAbove()).toBe(100_000n);
  });

  it('is closed by a rejection with a reason, changing nothing', async () => {
    const { change } = (await put(adjustmentUrl, { approvalAbove: '300000' })).json();
    const noReason = await decide('reject', change.id, second, {});
    expect(noReason.statusCode).toBe(400);
    const rejected = await decide('reject', change.id, second, { reason: 'not this month' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().change).toMatchObject({ status: 'rejected', rejectReason: 'not this month' });
    expect(await approvalAbove()).toBe(100_000n);
    const listed = await t.api({ method: 'GET', url: BACKOFFICE_API.pendingChanges, headers: second.headers });
    expect(listed.json().changes.map((row: { id: string }) => row.id)).not.toContain(change.id);
  });

  it('is withdrawn by its proposer alone, who may then tighten at once; audited', async () => {
    // A waiting raise held back its own proposer's urgent lowering (409 CHANGE_PENDING) until another admin rejected it.
    const { change } = (await put(adjustmentUrl, { approvalAbove: '500000' })).json();
    const tighten = await put(adjustmentUrl, { approvalAbove: '50000' });
    expect([tighten.statusCode, tighten.json().message]).toEqual([409, 'CHANGE_PENDING']);
    const withdraw = (operator: Operator) => decide('withdraw', change.id, operator);
    expect((await withdraw(second)).statusCode).toBe(403);
    const withdrawn = await withdraw(admin);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().change).toMatchObject({ status: 'withdrawn', decidedBy: admin.username });
    expect((await withdraw(admin)).json()).toEqual({ message: 'CHANGE_DECIDED' });
    expect((await decide('approve', change.id, second)).json()).toEqual({ message: 'CHANGE_DECIDED' });
    expect(await approvalAbove()).toBe(100_000n);
    const lowered = await put(adjustmentUrl, { approvalAbove: '50000' });
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect(await approvalAbove()).toBe(50_000n);
    const restore = (await put(adjustmentUrl, { approvalAbove: '100000' })).json().change;
    expect((await decide('approve', restore.id, second)).statusCode).toBe(200);
    const lines = await auditOf(`pending-change:${change.id}`);
    expect(lines.map((line) => [line.actor, line.action])).toEqual([
      [admin.username, 'change.propose'],
      [admin.username, 'change.withdraw'],
    ]);
  });

  it('refuses at approval a change over the ceiling, as one proposed under an earlier, higher ceiling', async () => {
    const { change } = (await put(adjustmentUrl, { approvalAbove: '400000' })).json();
    await t.app.db
      .updateTable('pending_changes')
      .set({ after: JSON.stringify({ currency: 'BAHT', approvalAbove: '90000000' }) })
      .where('id', '=', BigInt(change.id))
      .execute();
    const answer = await decide('approve', change.id, second);
    expect([answer.statusCode, answer.json().message]).toEqual([400, 'CEILING_EXCEEDED']);
    expect(await approvalAbove()).toBe(100_000n);
    expect((await decide('reject', change.id, second, { reason: 'over the ceiling' })).statusCode).toBe(200);
  });
});

describe('the withdrawal amounts', () => {
  it('refuses an auto-approve or a maximum over its ceiling, and waits for a second admin to raise either', async () => {
    const over = await put(withdrawUrl, { min: 10_000, max: 5_000_000, autoApprove: 50_000_000 }, finance);
    expect([over.statusCode, over.json()]).toEqual([
      400,
      { message: 'CEILING_EXCEEDED', fields: { autoApprove: 'KEY_INVALID' } },
    ]);
    const overMax = await put(withdrawUrl, { min: 10_000, max: 900_000_000, autoApprove: 0 });
    expect(overMax.json()).toEqual({ message: 'CEILING_EXCEEDED', fields: { max: 'KEY_INVALID' } });

    const proposed = await put(withdrawUrl, { min: 10_000, max: 5_000_000, autoApprove: 1_000_000 }, finance);
    expect(proposed.statusCode, proposed.body).toBe(202);
    expect(await t.app.siteSettings.withdrawAutoApproveMax('BAHT')).toBe(500_000n);
    const { change } = proposed.json();
    expect((await decide('approve', change.id, second)).statusCode).toBe(200);
    expect(await t.app.siteSettings.withdrawAutoApproveMax('BAHT')).toBe(1_000_000n);
  });

  it('applies at once a change that only tightens: a lower auto-approve and maximum, a higher minimum', async () => {
    const answer = await put(withdrawUrl, { min: 20_000, max: 4_000_000, autoApprove: 400_000 }, finance);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await t.app.siteSettings.withdrawLimits('BAHT')).toEqual({ min: 20_000n, max: 4_000_000n });
    const loosening = await put(withdrawUrl, { min: 10_000, max: 4_000_000, autoApprove: 400_000 }, finance);
    expect(loosening.statusCode).toBe(202);
    expect(await t.app.siteSettings.withdrawLimits('BAHT')).toEqual({ min: 20_000n, max: 4_000_000n });
  });
});
