import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definition, TEST_APP_ENV } from '../../../test/bonus.ts';
import { fundedMember, get, noDrift, post } from '../../../test/games.ts';
import { startTestApp, type TestApp } from '../../../test/helpers.ts';
import { setSetting } from '../../../test/promotions.ts';
import { DEMO_WHEEL } from '../spin/spin.demo.ts';

/**
 * What a running bonus blocks, across the modules that ask the bonus module (spec section 4; docs/promotions/bonuses.md):
 * another bonus, a plain withdrawal, a loss refund and a prize-wheel cash claim. Each refuses with its code and
 * moves nothing; once the bonus is cancelled, each goes through.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(TEST_APP_ENV);
  await t.app.bonuses.define(definition('BLOCKER'));
  await t.app.bonuses.define(definition('SECOND'));
  await setSetting(t, 'refundProgramme', {
    enabled: true,
    period: 'week',
    percent: 5,
    minimum: 0,
    cap: 0,
    successPercent: 100,
  });
});
afterAll(() => t.close());

describe('a running bonus', () => {
  it('blocks another bonus, a plain withdrawal, a refund and a cash prize claim; cancelling it lifts them', async () => {
    const player = await fundedMember(t, 500);
    expect((await get(t, player, '/api/bonus/activate/BLOCKER')).statusCode).toBe(200);
    expect((await get(t, player, '/api/bonus/check/active')).json()).toMatchObject({ status: true });

    // A cash coupon won before the claim is tried.
    const cash = DEMO_WHEEL.slices.find((slice) => slice.prize.type === 'cash');
    if (!cash) throw new Error('the demo wheel has a cash slice');
    await t.app.spin.configure({
      wheel: {
        ...DEMO_WHEEL,
        slices: DEMO_WHEEL.slices.map((slice) => ({ ...slice, weight: slice === cash ? 1 : 0 })),
      },
    });
    await t.app.spin.grantCoins(player.id, randomUUID(), 1);
    const spun = await post(t, player, '/api/spinwheel/spin', {}, null);
    expect(spun.statusCode).toBe(200);
    const coupon = spun.json().coupon as string;

    const refusals = {
      bonus: await get(t, player, '/api/bonus/activate/SECOND'),
      withdraw: await post(t, player, '/api/wallet/withdraw', { amount: 100 }, randomUUID()),
      refund: await get(t, player, '/api/refund/receive'),
      claim: await post(t, player, '/api/spinwheel/coupon/claim', { coupon }, randomUUID()),
    };
    expect(
      Object.fromEntries(
        Object.entries(refusals).map(([name, answer]) => [name, [answer.statusCode, answer.json().message]]),
      ),
    ).toEqual({
      bonus: [409, 'BONUS_ALREADY_ACTIVE'],
      withdraw: [409, 'BONUS_REMAINING'],
      refund: [409, 'REFUND_CONDITION'],
      claim: [409, 'BONUS_REMAINING'],
    });
    expect((await get(t, player, '/api/refund/check')).json()).toMatchObject({ bonus: true, result: false });

    // Cancelled (percentFail applies), the claim goes through.
    expect((await get(t, player, '/api/bonus/clear')).statusCode).toBe(200);
    const claimed = await post(t, player, '/api/spinwheel/coupon/claim', { coupon }, randomUUID());
    expect(claimed.statusCode).toBe(200);
    // The claimed prize is bonus money: it runs as the member's bonus in turn, and blocks the refund until it ends.
    expect((await get(t, player, '/api/refund/check')).json()).toMatchObject({ bonus: true });
    expect((await get(t, player, '/api/bonus/clear')).statusCode).toBe(200);
    expect((await get(t, player, '/api/refund/check')).json()).toMatchObject({ bonus: false });
    expect(await noDrift(t)).toBe(true);
  });
});
