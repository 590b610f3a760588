import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { BACKOFFICE_API, backofficePath } from '@member-wallet/contract/backoffice/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adjustedMember, askAdjustment, type Operator } from '../../../test/adjustments.ts';
import { definition, playAtPg, statementRows, TEST_APP_ENV, walletMajor } from '../../../test/bonus.ts';
import { deposit, get, noDrift, type Player, post, seedCatalogue } from '../../../test/games.ts';
import { startTestApp, type TestApp } from '../../../test/helpers.ts';
import { signedInOperator } from '../../../test/operators.ts';

/**
 * Issue 18: an operator's manual adjustment may be paid as a bonus (docs/backoffice/members.md, Manual adjustments). Once
 * applied, at once or on a second operator's approval, it runs as the member's bonus from the transaction that
 * credits it, with the terms the operator gave: it leaves as cash only once its condition is met, cancelling it
 * takes back its percentFail, and a member runs one bonus at a time.
 */

let t: TestApp;
let admin: Operator;
let finance: Operator;
beforeAll(async () => {
  t = await startTestApp(TEST_APP_ENV);
  await seedCatalogue(t);
  await t.app.bonuses.define(definition('RACER', { max_received: 100 }));
  [admin, finance] = [await signedInOperator(t, 'admin'), await signedInOperator(t, 'finance')];
});
afterAll(() => t.close());

const member = (amountMajor = 0) => adjustedMember(t, amountMajor);

/** Up to 1,000 baht an adjustment applies at once; above it waits for a second operator (the default setting). */
const ask = (publicId: string, body: Record<string, unknown>, operator: Operator = admin) =>
  askAdjustment(t, operator, publicId, { reason: 'Compensation for a complaint', ...body });

function approve(id: string, operator: Operator = finance) {
  return t.api({
    method: 'POST',
    url: backofficePath(BACKOFFICE_API.adjustmentApprove, id),
    headers: operator.headers,
  });
}

async function running(player: Player): Promise<boolean> {
  return (await get(t, player, '/api/bonus/check/active')).json().status;
}

async function runningBonuses(player: Player) {
  return t.app.db
    .selectFrom('member_bonuses as mb')
    .innerJoin('bonuses as b', 'b.id', 'mb.bonus_id')
    .select(['b.code', 'b.kind', 'mb.amount_minor', 'mb.win_multiple', 'mb.percent_fail'])
    .where('mb.member_id', '=', player.id)
    .where('mb.status', '=', 'active')
    .execute();
}

/** A withdrawal, and (when accepted) its payout settled by the sandbox party before the test goes on. */
async function withdraw(player: Player, amount: number, all: boolean) {
  const answer = await post(t, player, all ? '/api/wallet/withdrawAll' : '/api/wallet/withdraw', { amount });
  if (answer.statusCode !== 200) return answer;
  for (let tries = 0; tries < 200; tries++) {
    const row = await t.app.db
      .selectFrom('withdrawals')
      .select('status')
      .where('public_id', '=', answer.json().reference)
      .executeTakeFirstOrThrow();
    if (row.status !== 'IN_PROGRESS') return answer;
    await sleep(20);
  }
  throw new Error('the withdrawal was not settled');
}

describe('an adjustment paid as a bonus', () => {
  it('runs as the member’s bonus: not withdrawn as cash before its condition, a bonus row of the statement', async () => {
    const player = await member();
    const asked = await ask(player.publicId, { amountMinor: '50000', asBonus: { winMultiple: 2, percentFail: 100 } });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().adjustment).toMatchObject({
      status: 'applied',
      amountMinor: '50000',
      asBonus: { winMultiple: 2, percentFail: 100 },
    });
    expect(await walletMajor(t, player)).toBe(500);
    expect(await runningBonuses(player)).toEqual([
      { code: 'ADJUSTMENT-BAHT', kind: 'reward', amount_minor: 50_000n, win_multiple: 2, percent_fail: 100 },
    ]);
    const [row] = await statementRows(t, player);
    expect(row).toMatchObject({ statementType: 'bonus', amount: 500, bonus: { description: expect.any(String) } });

    const partial = await withdraw(player, 100, false);
    expect([partial.statusCode, partial.json().message]).toEqual([409, 'BONUS_REMAINING']);
    const all = await withdraw(player, 500, true);
    expect([all.statusCode, all.json().message]).toEqual([409, 'BONUS_CONDITION']);
    expect(await walletMajor(t, player)).toBe(500);

    // Played through: winnings above 2 x 500 since it was applied make it cash.
    t.clock.advance(1000);
    await playAtPg(t, player, 500, { stake: 100, win: 1100 });
    t.clock.advance(1000);
    const back = await post(t, player, '/api/wallet/transfer', { from: 'PG', to: 'wallet', amount: 1500 });
    expect(back.statusCode, back.body).toBe(200);
    const out = await withdraw(player, 1500, true);
    expect(out.statusCode, out.body).toBe(200);
    expect(await running(player)).toBe(false);
    expect(await noDrift(t)).toBe(true);
  });

  it('gives back the whole credit and percentFail of what was won with it on a cancel, wherever the money was', async () => {
    const player = await member(100);
    const asked = await ask(player.publicId, { amountMinor: '50000', asBonus: { winMultiple: 5, percentFail: 40 } });
    expect(asked.json().adjustment.status).toBe('applied');
    // 600 at PG, a bet of 10 that pays 110: 100 won with it, 700 held, none of it in the wallet.
    await playAtPg(t, player, 600, { stake: 10, win: 110 });
    t.clock.advance(1000);
    const cancelled = (await get(t, player, '/api/bonus/clear')).json();
    // The 500 and 40% of the 100 won: 540, all of it from the money at PG when it comes back.
    expect(cancelled).toEqual({
      message: 'SUCCESS',
      takenBack: 540,
      fromGames: 540,
      name: 'โบนัสจากทีมงาน',
      bonus: 500,
      percentFail: 40,
      won: 100,
      due: 540,
    });
    const back = await post(t, player, '/api/wallet/transfer', { from: 'PG', to: 'wallet', amount: 700 });
    expect(back.statusCode, back.body).toBe(200);
    // The member's own 100 and the 60 of the winnings the cancel leaves.
    expect(await walletMajor(t, player)).toBe(160);
    const [row] = await statementRows(t, player);
    expect(row).toMatchObject({
      statementType: 'finish_bonus',
      amount: -540,
      bonus: { description: expect.any(String) },
    });
    expect(await noDrift(t)).toBe(true);
  });

  it('is refused while a bonus runs: at once BONUS_REMAINING and nothing stored; on approval it stays awaiting', async () => {
    const player = await member(100);
    expect((await get(t, player, '/api/bonus/activate/RACER')).statusCode).toBe(200);
    const atOnce = await ask(player.publicId, { amountMinor: '10000', asBonus: { winMultiple: 1, percentFail: 100 } });
    expect([atOnce.statusCode, atOnce.json()]).toEqual([409, { message: 'BONUS_REMAINING' }]);
    const stored = await t.app.db.selectFrom('adjustments').select('id').where('member_id', '=', player.id).execute();
    expect(stored).toEqual([]);

    const large = await ask(player.publicId, { amountMinor: '200000', asBonus: { winMultiple: 1, percentFail: 100 } });
    expect(large.json().adjustment).toMatchObject({
      status: 'awaiting',
      asBonus: { winMultiple: 1, percentFail: 100 },
    });
    const refused = await approve(large.json().adjustment.id);
    expect([refused.statusCode, refused.json()]).toEqual([409, { message: 'BONUS_REMAINING' }]);
    expect(await walletMajor(t, player)).toBe(200);
    // Once the member's bonus has ended, the approval goes through.
    expect((await get(t, player, '/api/bonus/clear')).statusCode).toBe(200);
    const approved = await approve(large.json().adjustment.id);
    expect(approved.json()).toMatchObject({ changed: true, adjustment: { status: 'applied' } });
    expect(await runningBonuses(player)).toMatchObject([{ code: 'ADJUSTMENT-BAHT', amount_minor: 200_000n }]);
    expect(await noDrift(t)).toBe(true);
  });

  it('leaves one running bonus and no drift when its approval races the member activating a bonus', async () => {
    for (let round = 0; round < 4; round++) {
      const player = await member(100);
      const asked = await ask(player.publicId, { amountMinor: '150000', asBonus: { winMultiple: 1, percentFail: 50 } });
      const id = asked.json().adjustment.id;
      const [approval, activation] = await Promise.all([approve(id), get(t, player, '/api/bonus/activate/RACER')]);
      const outcome = [approval.statusCode, activation.statusCode];
      expect([
        [200, 409],
        [409, 200],
      ]).toContainEqual(outcome);
      const bonuses = await runningBonuses(player);
      expect(bonuses).toHaveLength(1);
      if (approval.statusCode === 200) {
        expect(activation.json().message).toBe('BONUS_ALREADY_ACTIVE');
        expect(bonuses[0]?.code).toBe('ADJUSTMENT-BAHT');
        expect(await walletMajor(t, player)).toBe(1600);
      } else {
        expect(approval.json().message).toBe('BONUS_REMAINING');
        expect(bonuses[0]?.code).toBe('RACER');
        expect(await walletMajor(t, player)).toBe(200);
        const still = await t.app.db
          .selectFrom('adjustments')
          .select(['status', 'entry_id'])
          .where('public_id', '=', id)
          .executeTakeFirstOrThrow();
        expect(still).toEqual({ status: 'awaiting', entry_id: null });
      }
    }
    expect(await noDrift(t)).toBe(true);
  });

  it('leaves one running bonus when an adjustment applied at once races the member activating a bonus', async () => {
    for (let round = 0; round < 4; round++) {
      const player = await member(100);
      const [asked, activation] = await Promise.all([
        ask(player.publicId, { amountMinor: '30000', asBonus: { winMultiple: 1, percentFail: 100 } }),
        get(t, player, '/api/bonus/activate/RACER'),
      ]);
      expect([
        [200, 409],
        [409, 200],
      ]).toContainEqual([asked.statusCode, activation.statusCode]);
      expect(await runningBonuses(player)).toHaveLength(1);
      expect(await walletMajor(t, player)).toBe(asked.statusCode === 200 ? 400 : 200);
    }
    expect(await noDrift(t)).toBe(true);
  });

  it('validates: a credit only, terms within a bonus definition’s limits; replays compare the terms', async () => {
    const player = await member(10);
    const debit = await ask(player.publicId, { amountMinor: '-500', asBonus: { winMultiple: 1, percentFail: 100 } });
    expect(debit.json()).toEqual({ message: 'KEY_INVALID', fields: { asBonus: 'KEY_INVALID' } });
    for (const asBonus of [
      { winMultiple: -1, percentFail: 0 },
      { winMultiple: 1001, percentFail: 0 },
      { winMultiple: 1, percentFail: 101 },
      { winMultiple: 1.5, percentFail: 10 },
    ]) {
      const answer = await ask(player.publicId, { amountMinor: '500', asBonus });
      expect(answer.json(), JSON.stringify(asBonus)).toMatchObject({ message: 'KEY_INVALID' });
    }
    expect((await ask(player.publicId, { amountMinor: '500', asBonus: { winMultiple: 1 } })).json()).toMatchObject({
      message: 'KEY_MISSING',
    });
    expect(await walletMajor(t, player)).toBe(10);
    // A cash adjustment is one without asBonus, or with null.
    const cash = await ask(player.publicId, { amountMinor: '500', asBonus: null });
    expect(cash.json().adjustment).toMatchObject({ status: 'applied', asBonus: null });
    expect(await running(player)).toBe(false);

    const body = { requestId: randomUUID(), amountMinor: '200000', asBonus: { winMultiple: 3, percentFail: 20 } };
    expect((await ask(player.publicId, body)).json()).toMatchObject({ changed: true });
    expect((await ask(player.publicId, body)).json()).toMatchObject({ changed: false });
    const other = await ask(player.publicId, { ...body, asBonus: { winMultiple: 3, percentFail: 0 } });
    expect([other.statusCode, other.json()]).toEqual([422, { message: 'IDEMPOTENCY_KEY_REUSED' }]);
    const asCash = await ask(player.publicId, { ...body, asBonus: null });
    expect([asCash.statusCode, asCash.json()]).toEqual([422, { message: 'IDEMPOTENCY_KEY_REUSED' }]);
  });

  it('shows the terms in the list, the CSV and the audit log', async () => {
    const player = await member();
    await deposit(t, player.id, 'BAHT', 1);
    const asked = (
      await ask(player.publicId, { amountMinor: '20000', asBonus: { winMultiple: 4, percentFail: 60 } })
    ).json();
    const list = await t.api({ method: 'GET', url: `${BACKOFFICE_API.adjustments}?limit=50`, headers: admin.headers });
    const shown = list.json().adjustments.find((a: { id: string }) => a.id === asked.adjustment.id);
    expect(shown).toMatchObject({ asBonus: { winMultiple: 4, percentFail: 60 } });
    const csv = await t.api({ method: 'GET', url: BACKOFFICE_API.adjustmentsCsv, headers: admin.headers });
    const lines = csv.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toMatch(/,bonusWinMultiple,bonusPercentFail$/);
    expect(lines.find((line) => line.startsWith(asked.adjustment.id))).toMatch(/,4,60$/);
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('target', '=', `adjustment:${asked.adjustment.id}`)
      .orderBy('id')
      .execute();
    expect(audit.map((line) => [line.action, (line.after as { asBonus?: unknown }).asBonus])).toEqual([
      ['adjustment.request', { winMultiple: 4, percentFail: 60 }],
      ['adjustment.apply', { winMultiple: 4, percentFail: 60 }],
    ]);
  });
});
