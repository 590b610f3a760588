import { refundCheckResponse } from '@member-wallet/contract/refund';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definition, TEST_APP_ENV } from '../../../test/bonus.ts';
import {
  activate,
  deposit,
  fundedMember,
  get,
  noDrift,
  type Player,
  post,
  seedCatalogue,
} from '../../../test/games.ts';
import { startTestApp, type TestApp } from '../../../test/helpers.ts';
import { advanceTo, DAY, HOUR, nextMonday, setSetting } from '../../../test/promotions.ts';
import { PERIOD_GRACE_MS } from './refund.period.ts';
import { REFUND_DEMO, REFUND_SETTINGS_KEY } from './refund.settings.ts';

/**
 * Issue 18: a loss refund never pays back bets made while a bonus ran (docs/promotions/refunds.md). The
 * period's net loss counts only the bets placed while no bonus of the member was running, so a member who lost a
 * bonus at the games, then let it end or cancelled it, gets nothing back on the operator's own money.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(TEST_APP_ENV);
  await seedCatalogue(t);
  // A fixed 100-baht bonus, floor 5 baht, received as often as a test needs.
  await t.app.bonuses.define(definition('LOSEIT', { max_received: 100, percent_fail: 100 }));
  await setSetting(t, REFUND_SETTINGS_KEY, { ...REFUND_DEMO, cap: 0 });
});
afterAll(() => t.close());

async function bet(username: string, stake: number, win: number): Promise<void> {
  const answer = await t.app.inject({
    method: 'POST',
    url: `/sandbox/games/PG/accounts/${username}/bets`,
    payload: { stake, win },
  });
  expect(answer.statusCode, answer.body).toBe(200);
}

async function transfer(player: Player, from: string, to: string, amount: number): Promise<void> {
  const answer = await post(t, player, '/api/wallet/transfer', { from, to, amount });
  expect(answer.statusCode, answer.body).toBe(200);
}

async function bonus(player: Player, action: 'activate/LOSEIT' | 'clear'): Promise<string> {
  const answer = await get(t, player, `/api/bonus/${action}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().message;
}

const check = async (player: Player) => refundCheckResponse.parse((await get(t, player, '/api/refund/check')).json());

describe('the net loss of a refund period', () => {
  it('counts the bets placed before and after a bonus, not those placed while it ran', async () => {
    const player = await fundedMember(t, 1000);
    const { username } = await activate(t, player, 'PG');
    const monday = nextMonday(t);
    advanceTo(t, new Date(monday.getTime() + 10 * HOUR));
    await transfer(player, 'wallet', 'PG', 500);
    // Before the bonus: a loss of 100, counted.
    await bet(username, 100, 0);
    advanceTo(t, new Date(monday.getTime() + 11 * HOUR));
    await bonus(player, 'activate/LOSEIT');
    t.clock.advance(1000);
    // While it runs: a loss of 300, not counted.
    await bet(username, 200, 0);
    await bet(username, 100, 0);
    advanceTo(t, new Date(monday.getTime() + 12 * HOUR));
    // Cancelled (percentFail 100: the 100 baht goes back).
    expect(await bonus(player, 'clear')).toBe('SUCCESS');
    t.clock.advance(1000);
    // After it: a loss of 40, counted.
    await bet(username, 50, 10);
    advanceTo(t, new Date(monday.getTime() + 7 * DAY + PERIOD_GRACE_MS));
    // 100 + 40 = 140 of net loss; 5% of it is 7.
    expect(await check(player)).toMatchObject({ result: true, info: { state: 'OK', netLoss: 140 }, refundAmount: 7 });
    const received = await get(t, player, '/api/refund/receive');
    expect([received.statusCode, received.json()]).toMatchObject([200, { message: 'REFUND_SUCCESS', amount: 7 }]);
    expect(await noDrift(t)).toBe(true);
  });

  it('pays nothing back on a bonus lost at the games and ended by its floor', async () => {
    const player = await fundedMember(t);
    const { username } = await activate(t, player, 'PG');
    const monday = nextMonday(t);
    advanceTo(t, new Date(monday.getTime() + HOUR));
    await bonus(player, 'activate/LOSEIT');
    await transfer(player, 'wallet', 'PG', 100);
    t.clock.advance(1000);
    await bet(username, 100, 0);
    t.clock.advance(1000);
    // Nothing is left, under the 5-baht floor: the bonus ends with nothing taken back.
    expect(await bonus(player, 'clear')).toBe('BONUS_CLEAR');
    advanceTo(t, new Date(monday.getTime() + 7 * DAY + PERIOD_GRACE_MS));
    expect((await check(player)).info).toMatchObject({ state: 'NO_REFUND', netLoss: 0 });
    const refused = await get(t, player, '/api/refund/receive');
    expect([refused.statusCode, refused.json()]).toEqual([404, { message: 'NO_REFUND' }]);
  });

  it('counts a bonus cancelled while its money sat at a game as running until what it owes has come back', async () => {
    const player = await fundedMember(t);
    const { username } = await activate(t, player, 'PG');
    const monday = nextMonday(t);
    advanceTo(t, new Date(monday.getTime() + HOUR));
    await bonus(player, 'activate/LOSEIT');
    await transfer(player, 'wallet', 'PG', 100);
    t.clock.advance(1000);
    // Cancelled with the 100 at PG: all of it is owed, to be taken from money coming back from the games.
    expect((await get(t, player, '/api/bonus/clear')).json()).toMatchObject({ takenBack: 100, fromGames: 100 });
    t.clock.advance(1000);
    // Lost after the cancel, but with the money the operator is owed: not refunded.
    await bet(username, 100, 0);
    advanceTo(t, new Date(monday.getTime() + 2 * HOUR));
    await deposit(t, player.id, 'BAHT', 300);
    await transfer(player, 'wallet', 'PG', 300);
    t.clock.advance(1000);
    await bet(username, 20, 0);
    t.clock.advance(1000);
    // The first money back from PG pays the 100 owed: from then on the member plays with cash.
    await transfer(player, 'PG', 'wallet', 200);
    t.clock.advance(1000);
    await bet(username, 50, 0);
    advanceTo(t, new Date(monday.getTime() + 7 * DAY + PERIOD_GRACE_MS));
    expect((await check(player)).info).toMatchObject({ state: 'OK', netLoss: 50 });
    expect(await noDrift(t)).toBe(true);
  });

  it('leaves out the part of the period a bonus started the period before still ran', async () => {
    const player = await fundedMember(t, 1000);
    const { username } = await activate(t, player, 'PG');
    const monday = nextMonday(t);
    // Sunday 22:00 of the week before: the bonus starts and runs into the period.
    advanceTo(t, new Date(monday.getTime() - 2 * HOUR));
    await bonus(player, 'activate/LOSEIT');
    await transfer(player, 'wallet', 'PG', 600);
    advanceTo(t, new Date(monday.getTime() + HOUR));
    await bet(username, 300, 0);
    advanceTo(t, new Date(monday.getTime() + 2 * HOUR));
    expect(await bonus(player, 'clear')).toBe('SUCCESS');
    t.clock.advance(1000);
    await bet(username, 200, 0);
    advanceTo(t, new Date(monday.getTime() + 7 * DAY + PERIOD_GRACE_MS));
    expect((await check(player)).info).toMatchObject({ state: 'OK', netLoss: 200 });
  });
});
