import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { IDEMPOTENCY_KEY_HEADER } from '@member-wallet/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceToBangkok, bonusCall, definition, playAtPg, TEST_APP_ENV, walletMajor } from '../../../test/bonus.ts';
import { fundedMember, type Player, seedCatalogue } from '../../../test/games.ts';
import { bearer, startTestApp, type TestApp } from '../../../test/helpers.ts';

/**
 * The rules that depend on the clock (day and week limits in Bangkok time) and what a running bonus does to
 * withdrawals (docs/promotions/bonuses.md).
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(TEST_APP_ENV);
  await seedCatalogue(t);
  await t.app.bonuses.define(definition('DAILY', { type: 'day', percent_fail: 0 }));
  await t.app.bonuses.define(definition('WEEKLY', { type: 'week', percent_fail: 0 }));
  await t.app.bonuses.define(definition('HOLD', { percent_fail: 0, max_received: 10 }));
});
afterAll(() => t.close());

async function receiveAndCancel(player: Player, code: string): Promise<number> {
  const answer = await bonusCall(t, player, `/api/bonus/activate/${code}`);
  if (answer.statusCode === 200) {
    expect((await bonusCall(t, player, '/api/bonus/clear')).statusCode).toBe(200);
  }
  return answer.statusCode;
}

describe('receive limits in the site time zone (Asia/Bangkok)', () => {
  it('a day bonus counts from local midnight, not UTC midnight', async () => {
    const player = await fundedMember(t);
    // Tuesday 23:59:00 Bangkok (16:59 UTC): received, then refused until local midnight.
    advanceToBangkok(t, 2, 23, 59, 0);
    expect(await receiveAndCancel(player, 'DAILY')).toBe(200);
    t.clock.advance(59_000);
    const refused = await bonusCall(t, player, '/api/bonus/activate/DAILY');
    expect(refused.json().message).toBe('BONUS_MAX_CLAIMED');
    const listed = (await bonusCall(t, player, '/api/bonus')).json() as { code: string; userBonus: unknown }[];
    expect(listed.find((bonus) => bonus.code === 'DAILY')?.userBonus).toMatchObject({ received: [{}] });
    // Wednesday 00:00:00 Bangkok: a new day (UTC is still on Tuesday, 17:00).
    t.clock.advance(1_000);
    expect(await receiveAndCancel(player, 'DAILY')).toBe(200);
    // 16:59 UTC on Wednesday is still the same Bangkok day: refused.
    advanceToBangkok(t, 3, 23, 59, 59);
    expect((await bonusCall(t, player, '/api/bonus/activate/DAILY')).json().message).toBe('BONUS_MAX_CLAIMED');
  });

  it('a week bonus counts from Monday 00:00 local', async () => {
    const player = await fundedMember(t);
    // Sunday 23:59:30 Bangkok: the last moments of a week.
    advanceToBangkok(t, 0, 23, 59, 30);
    expect(await receiveAndCancel(player, 'WEEKLY')).toBe(200);
    expect((await bonusCall(t, player, '/api/bonus/activate/WEEKLY')).json().message).toBe('BONUS_MAX_CLAIMED');
    // Monday 00:00:00 Bangkok: a new week, and the list shows no receipt of this week.
    t.clock.advance(30_000);
    const listed = (await bonusCall(t, player, '/api/bonus')).json() as { code: string; userBonus: unknown }[];
    expect(listed.find((bonus) => bonus.code === 'WEEKLY')?.userBonus).toMatchObject({ received: [] });
    expect(await receiveAndCancel(player, 'WEEKLY')).toBe(200);
    // Saturday of the same week: refused.
    advanceToBangkok(t, 6, 12, 0, 0);
    expect((await bonusCall(t, player, '/api/bonus/activate/WEEKLY')).json().message).toBe('BONUS_MAX_CLAIMED');
  });
});

/** A withdrawal, and (when accepted) its payout settled by the sandbox party before the test goes on. */
async function withdraw(player: Player, amount: number, all: boolean) {
  const answer = await t.api({
    method: 'POST',
    url: all ? '/api/wallet/withdrawAll' : '/api/wallet/withdraw',
    headers: { ...bearer(player.token), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    payload: { amount },
  });
  if (answer.statusCode === 200) await settled(answer.json().reference);
  return answer;
}

async function settled(reference: string): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    const row = await t.app.db
      .selectFrom('withdrawals')
      .select('status')
      .where('public_id', '=', reference)
      .executeTakeFirstOrThrow();
    if (row.status !== 'IN_PROGRESS') return;
    await sleep(20);
  }
  throw new Error(`withdrawal ${reference} was not settled`);
}

describe('withdrawals while a bonus runs', () => {
  it('refuses a partial withdrawal with BONUS_REMAINING', async () => {
    const player = await fundedMember(t, 500);
    expect((await bonusCall(t, player, '/api/bonus/activate/HOLD')).statusCode).toBe(200);
    const refused = await withdraw(player, 200, false);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('BONUS_REMAINING');
    expect(await walletMajor(t, player)).toBe(600);
  });

  it('refuses withdraw-all with BONUS_CONDITION while the condition is not met, and takes nothing', async () => {
    const player = await fundedMember(t, 500);
    expect((await bonusCall(t, player, '/api/bonus/activate/HOLD')).statusCode).toBe(200);
    const refused = await withdraw(player, 600, true);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('BONUS_CONDITION');
    expect((await bonusCall(t, player, '/api/bonus/check/active')).json().status).toBe(true);
    // Cancelled first: the bonus of 100 goes back (nothing was won with it), then the 500 deposited may leave.
    expect((await bonusCall(t, player, '/api/bonus/clear')).json()).toMatchObject({ takenBack: 100 });
    expect((await withdraw(player, 500, true)).statusCode).toBe(200);
  });

  it('withdraw-all ends a bonus whose condition is met, then withdraws everything', async () => {
    const player = await fundedMember(t, 500);
    expect((await bonusCall(t, player, '/api/bonus/activate/HOLD')).statusCode).toBe(200);
    await playAtPg(t, player, 100, { stake: 10, win: 250 });
    t.clock.advance(1000);
    // The client brings the game money back first (transferAll), then withdraws the whole wallet.
    const back = await t.api({
      method: 'POST',
      url: '/api/wallet/transferAll',
      headers: { ...bearer(player.token), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
      payload: { to: 'wallet' },
    });
    expect(back.statusCode).toBe(200);
    const all = await walletMajor(t, player);
    expect(all).toBe(840);
    const answer = await withdraw(player, all, true);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().wallet.amount).toBe(0);
    expect((await bonusCall(t, player, '/api/bonus/check/active')).json()).toEqual({ status: false, type: null });
    const row = await t.app.db
      .selectFrom('member_bonuses')
      .select(['status', 'taken_back_minor'])
      .where('member_id', '=', player.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'cleared', taken_back_minor: 0n });
  });
});
