import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playAtPg, TEST_APP_ENV } from '../../../test/bonus.ts';
import { deposit, fundedMember, get, noDrift, type Player, post, seedCatalogue } from '../../../test/games.ts';
import { startTestApp, type TestApp } from '../../../test/helpers.ts';
import { DEMO_WHEEL } from './spin.demo.ts';

/**
 * Issue 18, finding 2: coins cannot be farmed by depositing, spinning and withdrawing the deposit unplayed
 * (docs/promotions/wheel.md, Coins: coins follow net deposits). With the demo rules, 100 baht a coin.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(TEST_APP_ENV);
  await seedCatalogue(t);
  // Every slice loses: the farm is about coins, not prizes.
  await t.app.spin.configure({
    wheel: {
      ...DEMO_WHEEL,
      slices: DEMO_WHEEL.slices.map((slice) => ({ ...slice, weight: slice.prize.type === 'none' ? 1 : 0 })),
    },
  });
});
afterAll(() => t.close());

async function coins(player: Player): Promise<number> {
  return (await get(t, player, '/api/spinwheel/setup')).json().userCoin;
}

async function withdraw(player: Player, amount: number): Promise<void> {
  const answer = await post(t, player, '/api/wallet/withdraw', { amount });
  expect(answer.statusCode, answer.body).toBe(200);
}

function spin(player: Player) {
  return t.api({ method: 'POST', url: '/api/spinwheel/spin', headers: { authorization: `Bearer ${player.token}` } });
}

describe('coins follow net deposits', () => {
  it('takes back the coin of a deposit withdrawn before it was spun', async () => {
    const player = await fundedMember(t);
    await deposit(t, player.id, 'BAHT', 250);
    expect(await coins(player)).toBe(2);
    await withdraw(player, 100);
    // 150 net: one coin, 50 towards the next.
    expect(await coins(player)).toBe(1);
    await deposit(t, player.id, 'BAHT', 50);
    expect(await coins(player)).toBe(2);
  });

  it('a coin spun before its deposit was withdrawn is paid back by the next deposit', async () => {
    const player = await fundedMember(t);
    await deposit(t, player.id, 'BAHT', 100);
    expect((await spin(player)).statusCode).toBe(200);
    await withdraw(player, 100);
    expect(await coins(player)).toBe(0);
    // The next 100 pays the coin already spun; only the 100 after it earns a new one.
    await deposit(t, player.id, 'BAHT', 100);
    expect(await coins(player)).toBe(0);
    await deposit(t, player.id, 'BAHT', 100);
    expect(await coins(player)).toBe(1);
  });

  it('deposit, spin, withdraw, repeated ten times, gives one spin in all', async () => {
    const player = await fundedMember(t);
    let spins = 0;
    for (let cycle = 0; cycle < 10; cycle++) {
      await deposit(t, player.id, 'BAHT', 100);
      if ((await spin(player)).statusCode === 200) spins += 1;
      await withdraw(player, 100);
    }
    expect(spins).toBe(1);
  });

  it('never takes back more coins than deposits earned: a winner keeps what was granted', async () => {
    const player = await fundedMember(t);
    await t.app.spin.grantCoins(player.id, 'gift', 3);
    await deposit(t, player.id, 'BAHT', 100);
    expect(await coins(player)).toBe(4);
    // 100 played at a game wins 1,000, all withdrawn: the deposit's coin goes, the three granted stay, and the
    // next 100 deposited earns a coin again (the 900 won is no debt).
    await playAtPg(t, player, 100, { stake: 100, win: 1000 });
    expect((await post(t, player, '/api/wallet/transfer', { from: 'PG', to: 'wallet', amount: 1000 })).statusCode).toBe(
      200,
    );
    await withdraw(player, 1000);
    expect(await coins(player)).toBe(3);
    await deposit(t, player.id, 'BAHT', 100);
    expect(await coins(player)).toBe(4);
  });

  it('spins racing a withdrawal of the deposit that earned the coins: each spin is paid for', async () => {
    const player = await fundedMember(t);
    await deposit(t, player.id, 'BAHT', 1000);
    expect(await coins(player)).toBe(10);
    const answers = await Promise.all([
      post(t, player, '/api/wallet/withdraw', { amount: 1000 }),
      ...Array.from({ length: 20 }, () => spin(player)),
    ]);
    expect(answers[0]?.statusCode).toBe(200);
    const spun = answers.slice(1).filter((answer) => answer.statusCode === 200).length;
    expect(spun).toBeLessThanOrEqual(10);
    // Whatever the order: the coins spun are owed, and deposits pay them back before earning new ones.
    expect(await coins(player)).toBe(0);
    await deposit(t, player.id, 'BAHT', spun * 100);
    expect(await coins(player)).toBe(0);
    await deposit(t, player.id, 'BAHT', 100);
    expect(await coins(player)).toBe(1);
    expect(await noDrift(t)).toBe(true);
  });
});

describe('a cash prize is bonus money', () => {
  async function claimedPrize(player: Player): Promise<void> {
    await t.app.spin.configure({
      wheel: {
        ...DEMO_WHEEL,
        slices: DEMO_WHEEL.slices.map((slice) => ({ ...slice, weight: slice.code === 'CASH_50' ? 1 : 0 })),
      },
    });
    await t.app.spin.grantCoins(player.id, `prize-${player.id}`, 1);
    const spun = await spin(player);
    expect(spun.statusCode, spun.body).toBe(200);
    const claimed = await post(t, player, '/api/spinwheel/coupon/claim', { coupon: spun.json().coupon });
    expect(claimed.statusCode, claimed.body).toBe(200);
  }

  it('runs as a bonus once claimed: withdrawing it is refused until its condition is met', async () => {
    const player = await fundedMember(t);
    await claimedPrize(player);
    await deposit(t, player.id, 'BAHT', 100);
    expect((await get(t, player, '/api/bonus/check/active')).json()).toMatchObject({ status: true });
    const refused = await post(t, player, '/api/wallet/withdraw', { amount: 100 });
    expect(refused.json().message).toBe('BONUS_REMAINING');
    // Cancelled at once, the prize goes back whole (percentFail 100 by default); the deposit stays.
    expect((await get(t, player, '/api/bonus/clear')).json()).toMatchObject({ message: 'SUCCESS', takenBack: 50 });
    expect((await get(t, player, '/api/wallet')).json().wallet.amount).toBe(100);
    const rows = (await post(t, player, '/api/statement', { page: 1, limit: 10 }, null)).json().statements;
    expect(rows[0]).toMatchObject({ statementType: 'finish_bonus', amount: -50, luckydraw: {} });
  });

  it('is cash once played through: winnings above the multiple clear it', async () => {
    const player = await fundedMember(t);
    await claimedPrize(player);
    // Default multiple 1: winnings above 50 since the claim.
    await playAtPg(t, player, 50, { stake: 50, win: 120 });
    expect((await post(t, player, '/api/wallet/transfer', { from: 'PG', to: 'wallet', amount: 120 })).statusCode).toBe(
      200,
    );
    t.clock.advance(1000);
    expect((await get(t, player, '/api/bonus/clear')).json()).toMatchObject({ message: 'BONUS_CLEAR' });
    expect((await get(t, player, '/api/wallet')).json().wallet.amount).toBe(120);
  });
});
