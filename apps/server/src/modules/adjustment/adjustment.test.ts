import { randomUUID } from 'node:crypto';
import { BACKOFFICE_API, backofficePath, settingsPath } from '@member-wallet/contract/backoffice/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adjustedMember, askAdjustment, type Operator } from '../../../test/adjustments.ts';
import { deposit, type Player } from '../../../test/games.ts';
import { accountBalanceMinor, bearer, startTestApp, type TestApp } from '../../../test/helpers.ts';
import { signedInOperator } from '../../../test/operators.ts';
import { checkLedger } from '../../core/ledger/ledger.reconcile.ts';

/** Manual adjustments (docs/backoffice/members.md): applied at once up to the approval amount, else a second operator's. */

let t: TestApp;
let admin: Operator;
let finance: Operator;
let support: Operator;
beforeAll(async () => {
  t = await startTestApp();
  [admin, finance, support] = [
    await signedInOperator(t, 'admin'),
    await signedInOperator(t, 'finance'),
    await signedInOperator(t, 'support'),
  ];
});
afterAll(() => t.close());

const member = (amountMajor = 0) => adjustedMember(t, amountMajor);

const ask = (publicId: string, body: Record<string, unknown>, operator: Operator = admin) =>
  askAdjustment(t, operator, publicId, { ...body });

function review(kind: 'approve' | 'reject', id: string, operator: Operator, payload?: object) {
  const pattern = kind === 'approve' ? BACKOFFICE_API.adjustmentApprove : BACKOFFICE_API.adjustmentReject;
  return t.api({
    method: 'POST',
    url: backofficePath(pattern, id),
    headers: operator.headers,
    ...(payload ? { payload } : {}),
  });
}

const wallet = (player: Player) => accountBalanceMinor(t, 'member_wallet', player.id);

async function auditOf(id: string) {
  return t.app.db
    .selectFrom('audit_log')
    .select(['actor', 'action', 'before', 'after'])
    .where('target', '=', `adjustment:${id}`)
    .orderBy('id')
    .execute();
}

async function expectLedgerSound() {
  const report = await checkLedger(t.app.db);
  expect(report.drifts).toEqual([]);
  expect(report.unbalancedEntries).toEqual([]);
}

describe('manual adjustments', () => {
  it('applies one at or below the approval amount at once: a ledger entry against manual_adjustment, audited', async () => {
    const player = await member(10);
    const counterpartBefore = await accountBalanceMinor(t, 'manual_adjustment');
    const answer = await ask(player.publicId, { amountMinor: '100000' }, finance);
    expect(answer.statusCode, answer.body).toBe(200);
    const { adjustment, changed } = answer.json();
    expect(changed).toBe(true);
    expect(adjustment).toMatchObject({
      member: { id: player.publicId, phone: player.phone },
      currency: 'BAHT',
      amountMinor: '100000',
      reason: 'Goodwill credit',
      status: 'applied',
      requestedBy: finance.username,
      reviewedBy: null,
      entryId: expect.any(String),
    });
    expect(await wallet(player)).toBe(101_000n);
    expect(await accountBalanceMinor(t, 'manual_adjustment')).toBe(counterpartBefore - 100_000n);
    const entry = await t.app.db
      .selectFrom('journal_entries')
      .select(['type', 'status', 'idempotency_key'])
      .where('id', '=', BigInt(adjustment.entryId))
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ type: 'adjustment', status: 'completed', idempotency_key: `adjustment:${adjustment.id}` });
    expect((await auditOf(adjustment.id)).map((line) => [line.actor, line.action])).toEqual([
      [finance.username, 'adjustment.request'],
      [finance.username, 'adjustment.apply'],
    ]);
    await expectLedgerSound();
  });

  it('keeps one above the approval amount awaiting, moving nothing, until another operator approves it', async () => {
    const player = await member(5);
    const asked = (await ask(player.publicId, { amountMinor: '100001' })).json();
    expect(asked).toMatchObject({ changed: true, adjustment: { status: 'awaiting', entryId: null } });
    expect(await wallet(player)).toBe(500n);

    const queue = await t.api({
      method: 'GET',
      url: `${BACKOFFICE_API.adjustments}?status=awaiting`,
      headers: finance.headers,
    });
    expect(queue.json().adjustments.map((a: { id: string }) => a.id)).toContain(asked.adjustment.id);

    const approved = await review('approve', asked.adjustment.id, finance);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      changed: true,
      adjustment: { status: 'applied', reviewedBy: finance.username, reviewedAt: expect.any(String) },
    });
    expect(await wallet(player)).toBe(100_501n);
    const again = await review('approve', asked.adjustment.id, finance);
    expect(again.json()).toMatchObject({ changed: false, adjustment: { status: 'applied' } });
    expect(await wallet(player)).toBe(100_501n);
    expect((await auditOf(asked.adjustment.id)).map((line) => [line.actor, line.action])).toEqual([
      [admin.username, 'adjustment.request'],
      [finance.username, 'adjustment.approve'],
    ]);
    // The opposite decision afterwards is refused.
    const reject = await review('reject', asked.adjustment.id, finance, { reason: 'Changed my mind' });
    expect([reject.statusCode, reject.json()]).toEqual([409, { message: 'ALREADY_REVIEWED' }]);
    await expectLedgerSound();
  });

  it('refuses the requester approving or rejecting their own request, in the API and in the database', async () => {
    const player = await member();
    const asked = (await ask(player.publicId, { amountMinor: '500000' }, finance)).json();
    for (const answer of [
      await review('approve', asked.adjustment.id, finance),
      await review('reject', asked.adjustment.id, finance, { reason: 'Wrong member' }),
    ]) {
      expect([answer.statusCode, answer.json()]).toEqual([403, { message: 'FORBIDDEN' }]);
    }
    expect(await wallet(player)).toBe(0n);
    await expect(
      t.app.db
        .updateTable('adjustments')
        .set({ status: 'rejected', reviewed_by: finance.id, reviewed_at: new Date(), review_reason: 'self' })
        .where('public_id', '=', asked.adjustment.id)
        .execute(),
    ).rejects.toThrow(/adjustments_four_eyes_check/);
  });

  it('answers a retried request (same requestId) with the first one and moves nothing twice', async () => {
    const player = await member();
    const body = { requestId: randomUUID(), amountMinor: '2500', reason: 'Refund of a failed game' };
    const [first, second] = await Promise.all([ask(player.publicId, body), ask(player.publicId, body)]);
    const answers = [first.json(), second.json()];
    expect(answers.map((answer) => answer.changed).sort()).toEqual([false, true]);
    expect(answers[0].adjustment.id).toBe(answers[1].adjustment.id);
    expect(await wallet(player)).toBe(2_500n);
    const later = await ask(player.publicId, body);
    expect(later.json()).toMatchObject({ changed: false, adjustment: { id: answers[0].adjustment.id } });
    // The same id for another adjustment is a client bug: refused, nothing moves.
    const other = await ask(player.publicId, { ...body, amountMinor: '2600' });
    expect([other.statusCode, other.json()]).toEqual([422, { message: 'IDEMPOTENCY_KEY_REUSED' }]);
    expect(await wallet(player)).toBe(2_500n);
    await expectLedgerSound();
  });

  it('pays once when two operators approve at the same moment', async () => {
    const player = await member();
    const asked = (await ask(player.publicId, { amountMinor: '300000' })).json();
    const otherFinance = await signedInOperator(t, 'finance');
    const answers = await Promise.all([
      review('approve', asked.adjustment.id, finance),
      review('approve', asked.adjustment.id, otherFinance),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.json().changed).sort()).toEqual([false, true]);
    expect(await wallet(player)).toBe(300_000n);
    const entries = await t.app.db
      .selectFrom('journal_entries')
      .select('id')
      .where('member_id', '=', player.id)
      .where('type', '=', 'adjustment')
      .execute();
    expect(entries).toHaveLength(1);
    await expectLedgerSound();
  });

  it('rejects with a reason: no money moves, audited; approving it afterwards is refused', async () => {
    const player = await member(1);
    const asked = (await ask(player.publicId, { amountMinor: '200000' })).json();
    expect((await review('reject', asked.adjustment.id, finance, { reason: 'no' })).json()).toEqual({
      message: 'KEY_INVALID',
      fields: { reason: 'KEY_INVALID' },
    });
    const rejected = await review('reject', asked.adjustment.id, finance, { reason: 'Not agreed with the member' });
    expect(rejected.json()).toMatchObject({
      changed: true,
      adjustment: { status: 'rejected', reviewReason: 'Not agreed with the member', reviewedBy: finance.username },
    });
    expect((await review('reject', asked.adjustment.id, finance, { reason: 'again' })).json()).toMatchObject({
      changed: false,
    });
    const approve = await review('approve', asked.adjustment.id, finance);
    expect([approve.statusCode, approve.json()]).toEqual([409, { message: 'ALREADY_REVIEWED' }]);
    expect(await wallet(player)).toBe(100n);
    const audit = await auditOf(asked.adjustment.id);
    expect(audit.map((line) => line.action)).toEqual(['adjustment.request', 'adjustment.reject']);
    expect(audit[1]).toMatchObject({
      before: { status: 'awaiting' },
      after: { status: 'rejected', reviewReason: 'Not agreed with the member' },
    });
  });

  it('refuses a debit beyond the wallet (MONEY_NOT_ENOUGH) and stores nothing; at approval it stays awaiting', async () => {
    const player = await member(100);
    const small = await ask(player.publicId, { amountMinor: '-10001' });
    expect([small.statusCode, small.json()]).toEqual([400, { message: 'MONEY_NOT_ENOUGH' }]);
    expect(await t.app.db.selectFrom('adjustments').select('id').where('member_id', '=', player.id).execute()).toEqual(
      [],
    );
    const debit = (await ask(player.publicId, { amountMinor: '-10000', reason: 'Duplicate deposit' })).json();
    expect(debit.adjustment).toMatchObject({ status: 'applied', amountMinor: '-10000' });
    expect(await wallet(player)).toBe(0n);

    await deposit(t, player.id, 'BAHT', 2000);
    const large = (await ask(player.publicId, { amountMinor: '-150000' })).json();
    expect(large.adjustment.status).toBe('awaiting');
    // The member spends part of it meanwhile: the debit no longer fits.
    await ask(player.publicId, { amountMinor: '-60000' });
    const approve = await review('approve', large.adjustment.id, finance);
    expect([approve.statusCode, approve.json()]).toEqual([400, { message: 'MONEY_NOT_ENOUGH' }]);
    const still = await t.api({
      method: 'GET',
      url: `${BACKOFFICE_API.adjustments}?status=awaiting&limit=100`,
      headers: finance.headers,
    });
    expect(still.json().adjustments.map((a: { id: string }) => a.id)).toContain(large.adjustment.id);
    expect(await wallet(player)).toBe(140_000n);
    expect((await auditOf(large.adjustment.id)).map((line) => line.action)).toEqual(['adjustment.request']);
    await expectLedgerSound();
  });

  it('validates the request: amount signed minor units, not zero; reason 3 to 200; a known member', async () => {
    const player = await member();
    for (const amountMinor of ['0', '-0', '1.5', '12a', '', '1234567890123456']) {
      const answer = await ask(player.publicId, { amountMinor });
      expect(answer.json(), amountMinor).toMatchObject({
        message: 'KEY_INVALID',
        fields: { amountMinor: 'KEY_INVALID' },
      });
    }
    expect((await ask(player.publicId, { amountMinor: '100', reason: 'ab' })).json()).toMatchObject({
      fields: { reason: 'KEY_INVALID' },
    });
    expect((await ask(player.publicId, { amountMinor: '100', requestId: 'x' })).json()).toMatchObject({
      fields: { requestId: 'KEY_INVALID' },
    });
    const unknown = await ask('nobody', { amountMinor: '100' });
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: 'NO_DATA' }]);
    const refused = await ask(player.publicId, { amountMinor: '100' }, support);
    expect([refused.statusCode, refused.json()]).toEqual([403, { message: 'FORBIDDEN' }]);
  });

  it('follows the approval amount set by an admin (0: every adjustment waits), audited', async () => {
    const player = await member();
    const url = settingsPath(BACKOFFICE_API.settingsAdjustment, { currency: 'BAHT' });
    const set = (approvalAbove: unknown, operator = admin) =>
      t.api({ method: 'PUT', url, headers: operator.headers, payload: { approvalAbove } });
    expect((await set('-1')).json()).toMatchObject({ message: 'KEY_INVALID' });
    expect((await set(0, finance)).statusCode).toBe(403);
    const answer = await set('0');
    expect(answer.statusCode, answer.body).toBe(200);
    try {
      expect(answer.json().settings.adjustment).toEqual(
        expect.arrayContaining([
          { currency: 'BAHT', approvalAbove: '0' },
          { currency: 'LAK', approvalAbove: '30000000' },
        ]),
      );
      expect((await ask(player.publicId, { amountMinor: '1' })).json().adjustment.status).toBe('awaiting');
    } finally {
      // Raising it again waits for a second admin (docs/backoffice/four-eyes.md).
      const raised = (await set(100_000)).json();
      const other = await signedInOperator(t, 'admin');
      const approve = backofficePath(BACKOFFICE_API.pendingChangeApprove, raised.change.id);
      expect((await t.api({ method: 'POST', url: approve, headers: other.headers })).statusCode).toBe(200);
    }
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('target', '=', 'setting:adjustment:BAHT')
      .orderBy('id')
      .execute();
    expect(audit[0]).toEqual({
      action: 'settings.adjustment',
      before: { currency: 'BAHT', approvalAbove: '100000' },
      after: { currency: 'BAHT', approvalAbove: '0' },
    });
  });

  it("leaves the member's statement working: an adjustment is in the wallet, not a statement row", async () => {
    const player = await member(10);
    await ask(player.publicId, { amountMinor: '500' });
    const answer = await t.api({
      method: 'POST',
      url: '/api/statement',
      headers: bearer(player.token),
      payload: { page: 1, limit: 10 },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json();
    expect(body.statements.map((row: { statementType: string }) => row.statementType)).toEqual(['deposit']);
    expect(await wallet(player)).toBe(1_500n);
  });

  it('lists newest first with paging and exports the filter as CSV', async () => {
    const player = await member();
    const first = (await ask(player.publicId, { amountMinor: '700000', reason: '=HYPERLINK("x")' })).json();
    const second = (await ask(player.publicId, { amountMinor: '800000' })).json();
    const page = await t.api({
      method: 'GET',
      url: `${BACKOFFICE_API.adjustments}?status=awaiting&limit=2`,
      headers: admin.headers,
    });
    const body = page.json();
    expect(body.total).toBeGreaterThanOrEqual(2);
    expect(body.adjustments.map((a: { id: string }) => a.id)).toEqual([second.adjustment.id, first.adjustment.id]);
    const csv = await t.api({
      method: 'GET',
      url: `${BACKOFFICE_API.adjustmentsCsv}?status=awaiting`,
      headers: finance.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,requestedAt,memberId,memberPhone,memberName,amountMinor,currency,reason,status,requestedBy,reviewedBy,reviewedAt,reviewReason,entryId,bonusWinMultiple,bonusPercentFail',
    );
    expect(lines[1]).toContain(second.adjustment.id);
    expect(csv.body).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines.length - 1).toBe(
      Number(
        (
          await t.api({ method: 'GET', url: `${BACKOFFICE_API.adjustments}?status=awaiting`, headers: admin.headers })
        ).json().total,
      ),
    );
    expect(
      (await t.api({ method: 'GET', url: `${BACKOFFICE_API.adjustments}?status=nope`, headers: admin.headers }))
        .statusCode,
    ).toBe(400);
  });
});

describe('members CSV', () => {
  it('exports every member of the search, newest first, for any operator', async () => {
    const player = await member(12);
    const csv = await t.api({
      method: 'GET',
      url: `${BACKOFFICE_API.membersCsv}?q=${player.phone}`,
      headers: support.headers,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toContain('members.csv');
    const lines = csv.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe('id,createdAt,phone,name,status,currency,walletMinor,bankCode,bankAccountNo,bankAccountName');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${player.publicId},`);
    expect(lines[1]).toContain(',BAHT,1200,');
    const all = await t.api({ method: 'GET', url: BACKOFFICE_API.membersCsv, headers: support.headers });
    const total = (await t.api({ method: 'GET', url: BACKOFFICE_API.members, headers: support.headers })).json().total;
    expect(all.body.trim().split('\r\n')).toHaveLength(total + 1);
  });
});
