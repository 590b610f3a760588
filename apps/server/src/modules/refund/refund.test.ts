import { refundCheckResponse, refundListResponse } from '@member-wallet/contract/refund';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activate, fundedMember, get, noDrift, type Player, post, seedCatalogue } from '../../../test/games.ts';
import { accountBalanceMinor, startTestApp, type TestApp } from '../../../test/helpers.ts';
import { advanceTo, DAY, HOUR, nextMonday, setSetting } from '../../../test/promotions.ts';
import { PERIOD_GRACE_MS } from './refund.period.ts';
import { REFUND_BANNERS_KEY, REFUND_DEMO, REFUND_SETTINGS_KEY } from './refund.settings.ts';

let t: TestApp;
beforeAll(async () => {
  // Sessions outlive the weeks the tests move the clock through.
  t = await startTestApp({ SESSION_TTL_HOURS: '720', TRANSFER_RECONCILE_INTERVAL_MS: '0' });
  await seedCatalogue(t);
  await setSetting(t, REFUND_SETTINGS_KEY, REFUND_DEMO);
});
afterAll(() => t.close());

/** A member with 500 baht at PG to play with, and their PG username. */
async function player(): Promise<Player & { username: string }> {
  const member = await fundedMember(t, 1000);
  const { username } = await activate(t, member, 'PG');
  const moved = await post(t, member, '/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 500 });
  if (moved.statusCode !== 200) throw new Error(`transfer failed: ${moved.body}`);
  return { ...member, username };
}

async function bet(username: string, stake: number, win: number): Promise<void> {
  const answer = await t.app.inject({
    method: 'POST',
    url: `/sandbox/games/PG/accounts/${username}/bets`,
    payload: { stake, win },
  });
  if (answer.statusCode !== 200) throw new Error(`bet refused: ${answer.body}`);
}

const check = async (member: Player) => refundCheckResponse.parse((await get(t, member, '/api/refund/check')).json());

describe('loss refunds', () => {
  it('refunds 5% of last week’s net loss (Bangkok Monday to Monday), once', async () => {
    const monday = nextMonday(t);
    const member = await player();
    advanceTo(t, new Date(monday.getTime() + 10 * HOUR));
    await bet(member.username, 100, 0);
    await bet(member.username, 100, 0);
    await bet(member.username, 50, 80);
    // Sunday 23:59 local: still the same week.
    advanceTo(t, new Date(monday.getTime() + 7 * DAY - 60_000));
    await bet(member.username, 100, 0);
    // Monday 00:00 local: next week's bet, not counted.
    advanceTo(t, new Date(monday.getTime() + 7 * DAY));
    await bet(member.username, 100, 0);
    // Within the grace the week just ended is not refundable yet: the one before (no bets) is.
    expect((await check(member)).info).toMatchObject({
      state: 'NO_REFUND',
      netLoss: 0,
      from: new Date(monday.getTime() - 7 * DAY).toISOString(),
    });
    advanceTo(t, new Date(monday.getTime() + 7 * DAY + PERIOD_GRACE_MS));
    const before = await check(member);
    // Stakes 350, winnings 80: a net loss of 270; 5% of it is 13.50.
    expect(before).toEqual({
      result: true,
      bonus: false,
      info: {
        state: 'OK',
        period: 'week',
        from: monday.toISOString(),
        to: new Date(monday.getTime() + 7 * DAY).toISOString(),
        netLoss: 270,
        percent: 5,
        minimum: 0,
        cap: 5000,
      },
      refundAmount: 13.5,
      refundSuccess: 100,
      refundFail: 0,
    });
    const expenseBefore = await accountBalanceMinor(t, 'refund_expense');
    const received = await get(t, member, '/api/refund/receive');
    expect([received.statusCode, received.json()]).toEqual([
      200,
      { message: 'REFUND_SUCCESS', amount: 13.5, wallet: { amount: 513.5 } },
    ]);
    expect(await accountBalanceMinor(t, 'refund_expense')).toBe(expenseBefore - 1350n);
    const again = await get(t, member, '/api/refund/addWallet');
    expect([again.statusCode, again.json()]).toEqual([404, { message: 'NO_REFUND' }]);
    expect(await check(member)).toMatchObject({ result: false, refundAmount: 13.5, info: { state: 'REFUND_SUCCESS' } });
    const log = refundListResponse.parse((await post(t, member, '/api/refund', { page: 1, limit: 10 }, null)).json());
    expect(log.total).toBe(1);
    expect(log.refunds[0]).toMatchObject({ refundAmount: 13.5, periodFrom: monday.toISOString() });
    const statement = (await post(t, member, '/api/statement', { page: 1, limit: 10 }, null)).json();
    expect(statement.statements[0]).toMatchObject({
      statementType: 'bonus',
      amount: 13.5,
      // In the site's language, Thai, since the request names none (docs/decisions/0025).
      refund: { description: 'คืนยอดเสีย' },
    });
    expect(await noDrift(t)).toBe(true);
  });

  it('pays once when two receipts race', async () => {
    const member = await player();
    const monday = nextMonday(t);
    advanceTo(t, new Date(monday.getTime() + HOUR));
    await bet(member.username, 200, 0);
    advanceTo(t, new Date(monday.getTime() + 7 * DAY + PERIOD_GRACE_MS));
    const answers = await Promise.all([get(t, member, '/api/refund/receive'), get(t, member, '/api/refund/addWallet')]);
    expect(answers.map((answer) => answer.json().message).sort()).toEqual(['NO_REFUND', 'REFUND_SUCCESS']);
    const claims = await t.app.db
      .selectFrom('refund_claims')
      .select('paid_minor')
      .where('member_id', '=', member.id)
      .execute();
    expect(claims).toEqual([{ paid_minor: 1000n }]);
    const bonuses = await t.app.db
      .selectFrom('journal_entries')
      .select('id')
      .where('member_id', '=', member.id)
      .where('type', '=', 'bonus')
      .execute();
    expect(bonuses).toHaveLength(1);
    expect(await noDrift(t)).toBe(true);
  });

  it('answers NO_REFUND after a winning week, REFUND_MINIMUM, the cap, and REFUND_INACTIVE', async () => {
    const winner = await player();
    const loser = await player();
    const small = await player();
    const monday = nextMonday(t);
    advanceTo(t, new Date(monday.getTime() + HOUR));
    await bet(winner.username, 100, 150);
    await bet(loser.username, 400, 0);
    await bet(small.username, 100, 99.9);
    advanceTo(t, new Date(monday.getTime() + 7 * DAY + PERIOD_GRACE_MS));
    const won = await get(t, winner, '/api/refund/receive');
    expect([won.statusCode, won.json()]).toEqual([404, { message: 'NO_REFUND' }]);
    expect((await check(winner)).info).toMatchObject({ state: 'NO_REFUND', netLoss: -50 });
    // A net loss of 0.10 earns 0.005: floored to 0, which does not exceed the 0-baht minimum.
    const tiny = await get(t, small, '/api/refund/receive');
    expect([tiny.statusCode, tiny.json()]).toEqual([400, { message: 'REFUND_MINIMUM' }]);
    await setSetting(t, REFUND_SETTINGS_KEY, { ...REFUND_DEMO, enabled: false });
    const inactive = await get(t, loser, '/api/refund/receive');
    expect([inactive.statusCode, inactive.json()]).toEqual([403, { message: 'REFUND_INACTIVE' }]);
    expect((await check(loser)).info.state).toBe('REFUND_INACTIVE');
    // 5% of 400 is 20: above a 15-baht cap, so 15; of which 80% is paid.
    await setSetting(t, REFUND_SETTINGS_KEY, { ...REFUND_DEMO, cap: 15, successPercent: 80 });
    expect(await check(loser)).toMatchObject({ refundAmount: 15, refundSuccess: 80, refundFail: 20 });
    expect((await get(t, loser, '/api/refund/receive')).json()).toMatchObject({ amount: 12 });
    await setSetting(t, REFUND_SETTINGS_KEY, REFUND_DEMO);
  });

  it('serves the banners, none when unset', async () => {
    const member = await fundedMember(t);
    expect((await get(t, member, '/api/refund/banners')).json()).toEqual([]);
    await setSetting(t, REFUND_BANNERS_KEY, [{ image: '/media/promotions/refund.svg', html: '<p>5%</p>' }], 'th');
    expect((await get(t, member, '/api/refund/banners')).json()).toHaveLength(1);
  });
});
