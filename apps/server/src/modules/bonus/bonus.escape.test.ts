import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonusCall, definition, playAtPg, statementRows, TEST_APP_ENV, walletMajor } from '../../../test/bonus.ts';
import {
  activate,
  deposit,
  fundedMember,
  noDrift,
  type Player,
  post,
  providerBalanceMinor,
  seedCatalogue,
} from '../../../test/games.ts';
import { startTestApp, type TestApp } from '../../../test/helpers.ts';

/**
 * Issue 18, finding 1: a bonus cannot escape its rules by sitting in a game account while it is cancelled
 * (docs/promotions/bonuses.md, "Where the bonus money goes"). What cancelling takes back is counted on the wallet and the
 * game accounts together; what the wallet cannot pay at once is taken from the money that comes back from them.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(TEST_APP_ENV);
  await seedCatalogue(t);
  await t.app.bonuses.define(
    definition('ESCAPE', { amount_minor: 20_000n, percent_fail: 100, win_multiple: 5, max_received: 100 }),
  );
  await t.app.bonuses.define(
    definition('MATCH', {
      amount_rule: 'deposit_percent',
      amount_minor: null,
      deposit_percent: 100,
      amount_cap_minor: 100_000n,
      deposit_window_hours: 24,
      percent_fail: 50,
      win_multiple: 5,
    }),
  );
});
afterAll(() => t.close());

async function transfer(player: Player, from: string, to: string, amount: number): Promise<void> {
  const answer = await post(t, player, '/api/wallet/transfer', { from, to, amount });
  expect(answer.statusCode, answer.body).toBe(200);
}

async function cancel(player: Player) {
  const answer = await bonusCall(t, player, '/api/bonus/clear');
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as { message: string; takenBack: number; fromGames?: number; won?: number; due?: number };
}

describe('cancelling a bonus whose money sits in a game account', () => {
  it('a member who never deposited takes nothing out of a 200-baht bonus parked at a provider', async () => {
    const player = await fundedMember(t);
    await activate(t, player, 'PG');
    expect((await bonusCall(t, player, '/api/bonus/activate/ESCAPE')).statusCode).toBe(200);
    await transfer(player, 'wallet', 'PG', 200);
    const cancelled = await cancel(player);
    expect(cancelled).toMatchObject({ message: 'SUCCESS', takenBack: 200, fromGames: 200 });
    await transfer(player, 'PG', 'wallet', 200);
    // The 200 coming back pays what the cancel took back: nothing is left to withdraw.
    expect(await walletMajor(t, player)).toBe(0);
    const rows = await statementRows(t, player);
    expect(rows.filter((row) => row.statementType === 'finish_bonus').map((row) => row.amount)).toEqual([-200]);
  });

  it('a 1,000 deposit with a 100% match, cancelled unplayed, leaves with the deposit only: not 1,500 nor 2,000', async () => {
    // Issue 39 finding 5: percentFail 50 of the bonus used to be all a cancel took, so 500 of it left as cash.
    const player = await fundedMember(t);
    await activate(t, player, 'PG');
    await deposit(t, player.id, 'BAHT', 1000);
    expect((await bonusCall(t, player, '/api/bonus/activate/MATCH')).statusCode).toBe(200);
    await transfer(player, 'wallet', 'PG', 2000);
    expect(await cancel(player)).toMatchObject({ message: 'SUCCESS', takenBack: 1000, fromGames: 1000 });
    await transfer(player, 'PG', 'wallet', 2000);
    expect(await walletMajor(t, player)).toBe(1000);
    // Nothing more is owed: the next money back is the member's.
    await transfer(player, 'wallet', 'PG', 100);
    await transfer(player, 'PG', 'wallet', 100);
    expect(await walletMajor(t, player)).toBe(1000);
  });

  it('takes back the bonus and percentFail of what was won with it: the member keeps the rest of the winnings', async () => {
    const player = await fundedMember(t);
    await deposit(t, player.id, 'BAHT', 1000);
    expect((await bonusCall(t, player, '/api/bonus/activate/MATCH')).statusCode).toBe(200);
    // 2,000 at the game, a bet of 300 that pays 700: 400 won, 2,400 held.
    await playAtPg(t, player, 2000, { stake: 300, win: 700 });
    t.clock.advance(1000);
    const cancelled = await cancel(player);
    expect(cancelled).toMatchObject({
      takenBack: 1200,
      fromGames: 1200,
      bonus: 1000,
      percentFail: 50,
      won: 400,
      due: 1200,
    });
    await transfer(player, 'PG', 'wallet', 2400);
    expect(await walletMajor(t, player)).toBe(1200);
  });

  it('splits what is taken back between the wallet and the money at the provider', async () => {
    const player = await fundedMember(t);
    await activate(t, player, 'PG');
    expect((await bonusCall(t, player, '/api/bonus/activate/ESCAPE')).statusCode).toBe(200);
    await transfer(player, 'wallet', 'PG', 150);
    expect(await cancel(player)).toMatchObject({ takenBack: 200, fromGames: 150 });
    expect(await walletMajor(t, player)).toBe(0);
    // Money comes back in two parts: each pays what is still owed first.
    await transfer(player, 'PG', 'wallet', 100);
    expect(await walletMajor(t, player)).toBe(0);
    await transfer(player, 'PG', 'wallet', 50);
    expect(await walletMajor(t, player)).toBe(0);
  });

  it('takes back at most what the member still holds: bonus money lost at a game is not charged to new money', async () => {
    const player = await fundedMember(t);
    const { username } = await activate(t, player, 'PG');
    expect((await bonusCall(t, player, '/api/bonus/activate/ESCAPE')).statusCode).toBe(200);
    await transfer(player, 'wallet', 'PG', 200);
    const bet = await t.app.inject({
      method: 'POST',
      url: `/sandbox/games/PG/accounts/${username}/bets`,
      payload: { stake: 150, win: 0 },
    });
    expect(bet.statusCode).toBe(200);
    // 50 is left at the provider: that is all the cancel can take back.
    expect(await cancel(player)).toMatchObject({ takenBack: 50, fromGames: 50 });
    await deposit(t, player.id, 'BAHT', 300);
    await transfer(player, 'wallet', 'PG', 300);
    await transfer(player, 'PG', 'wallet', 350);
    expect(await walletMajor(t, player)).toBe(300);
  });
});

describe('cancels and transfers at once', () => {
  it('takes the bonus back exactly once, wherever the money was when the requests raced', async () => {
    for (let round = 0; round < 3; round++) {
      const player = await fundedMember(t);
      const { username } = await activate(t, player, 'PG');
      expect((await bonusCall(t, player, '/api/bonus/activate/ESCAPE')).statusCode).toBe(200);
      await transfer(player, 'wallet', 'PG', 120);
      const racing = await Promise.all([
        bonusCall(t, player, '/api/bonus/clear'),
        bonusCall(t, player, '/api/bonus/clear'),
        post(t, player, '/api/wallet/transfer', { from: 'PG', to: 'wallet', amount: 70 }),
        post(t, player, '/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 40 }),
        post(t, player, '/api/wallet/transfer', { from: 'PG', to: 'wallet', amount: 30 }),
      ]);
      const cleared = racing.slice(0, 2).filter((answer) => answer.statusCode === 200);
      expect(cleared.map((answer) => answer.json().takenBack)).toEqual([200]);
      // Everything comes home: the 200 of the bonus is all taken back, whatever order the requests ran in.
      const everything = await post(t, player, '/api/wallet/transferAll', { to: 'wallet' });
      expect(everything.statusCode, everything.body).toBe(200);
      expect(await providerBalanceMinor(t, 'PG', username)).toBe(0n);
      expect(await walletMajor(t, player)).toBe(0);
    }
    expect(await noDrift(t)).toBe(true);
  });
});
