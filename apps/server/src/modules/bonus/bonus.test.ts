import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonusCall, definition, playAtPg, statementRows, TEST_APP_ENV, walletMajor } from '../../../test/bonus.ts';
import { deposit, fundedMember, noDrift, type Player, seedCatalogue } from '../../../test/games.ts';
import { accountBalanceMinor, startTestApp, type TestApp } from '../../../test/helpers.ts';
import { PROMOTION_CODE_TRIES_PER_ADDRESS_PER_MINUTE, PROMOTION_CODE_TRIES_PER_MINUTE } from './bonus.routes.ts';

/** Bonuses and promotion codes through the HTTP API (docs/promotions/bonuses.md). */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(TEST_APP_ENV);
  await seedCatalogue(t);
  const bonuses = t.app.bonuses;
  await bonuses.define(definition('FIXED100'));
  await bonuses.define(definition('TWICE', { max_received: 2, percent_fail: 100 }));
  await bonuses.define(
    definition('DEP100', {
      max_received: 5,
      amount_rule: 'deposit_percent',
      amount_minor: null,
      deposit_percent: 100,
      amount_cap_minor: 20_000n,
      deposit_window_hours: 24,
    }),
  );
  await bonuses.define(definition('ONLYONE', { total_max: 1 }));
  await bonuses.define(definition('PROMO50', { kind: 'promotion', amount_minor: 5_000n, percent_fail: 20 }));
});
afterAll(() => t.close());

describe('GET /api/bonus', () => {
  it("lists the grid's bonuses in the caller's language, without promotion codes", async () => {
    const player = await fundedMember(t);
    const answer = await t.api({
      method: 'GET',
      url: '/api/bonus',
      headers: { authorization: `Bearer ${player.token}`, 'accept-language': 'en' },
    });
    expect(answer.statusCode).toBe(200);
    const list = answer.json() as { code: string; name: string; userBonus: unknown }[];
    expect(list.map((bonus) => bonus.code)).toEqual(['DEP100', 'FIXED100', 'ONLYONE', 'TWICE']);
    expect(list[1]).toEqual({
      code: 'FIXED100',
      type: 'limit',
      maxReceived: 1,
      percentFail: 50,
      banners: [{ image: '/media/bonus/banner-welcome.svg', html: '<p>FIXED100</p>' }],
      name: 'FIXED100 en',
      description: 'FIXED100 about en',
      userBonus: null,
    });
  });
});

describe('activating a bonus', () => {
  it('credits it once from the bonus expense account, shows it in the statement and blocks another', async () => {
    const player = await fundedMember(t, 10);
    const expenseBefore = await accountBalanceMinor(t, 'bonus_expense');
    const answer = await bonusCall(t, player, '/api/bonus/activate/fixed100');
    expect(answer.statusCode).toBe(200);
    const userBonus = answer.json();
    expect(userBonus).toMatchObject({ isActive: true, received: [{ updatedAt: t.clock.now().toISOString() }] });
    expect(await walletMajor(t, player)).toBe(110);
    expect(await accountBalanceMinor(t, 'bonus_expense')).toBe(expenseBefore - 10_000n);

    const [row] = await statementRows(t, player);
    expect(row).toMatchObject({
      statementType: 'bonus',
      amount: 100,
      from: 'bonus',
      bonus: { description: 'FIXED100 th' },
    });

    expect((await bonusCall(t, player, '/api/bonus/check/active')).json()).toEqual({ status: true, type: 'limit' });
    const again = await bonusCall(t, player, '/api/bonus/activate/TWICE');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('BONUS_ALREADY_ACTIVE');
    const listed = (await bonusCall(t, player, '/api/bonus')).json() as { code: string; userBonus: unknown }[];
    expect(listed.find((bonus) => bonus.code === 'FIXED100')?.userBonus).toEqual(userBonus);
    expect(await noDrift(t)).toBe(true);
  });

  it('answers 404 NO_DATA for an unknown code or a promotion code, and refuses past maxReceived', async () => {
    const player = await fundedMember(t);
    expect((await bonusCall(t, player, '/api/bonus/activate/NOPE')).statusCode).toBe(404);
    expect((await bonusCall(t, player, '/api/bonus/activate/PROMO50')).json().message).toBe('NO_DATA');
    expect((await bonusCall(t, player, '/api/bonus/activate/FIXED100')).statusCode).toBe(200);
    // Cancelled unplayed, the whole 100 is taken back from the wallet (issue 39): percentFail 50 applies to
    // winnings, and there are none. The answer says why (issue 21, rough edge 6).
    expect((await bonusCall(t, player, '/api/bonus/clear')).json()).toEqual({
      message: 'SUCCESS',
      takenBack: 100,
      fromGames: 0,
      name: 'FIXED100 th',
      bonus: 100,
      percentFail: 50,
      won: 0,
      due: 100,
    });
    const refused = await bonusCall(t, player, '/api/bonus/activate/FIXED100');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('BONUS_MAX_CLAIMED');
    expect((await bonusCall(t, player, '/api/bonus/check/active')).json()).toEqual({ status: false, type: null });
  });

  it('refuses past the total of all members with BONUS_FULL', async () => {
    const first = await fundedMember(t);
    const second = await fundedMember(t);
    expect((await bonusCall(t, first, '/api/bonus/activate/ONLYONE')).statusCode).toBe(200);
    const refused = await bonusCall(t, second, '/api/bonus/activate/ONLYONE');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('BONUS_FULL');
  });

  it('gives a percentage of the latest unused deposit in the window, capped, each deposit once', async () => {
    const player = await fundedMember(t);
    const none = await bonusCall(t, player, '/api/bonus/activate/DEP100');
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('BONUS_CONDITION');

    await deposit(t, player.id, 'BAHT', 150);
    expect((await bonusCall(t, player, '/api/bonus/activate/DEP100')).statusCode).toBe(200);
    expect(await walletMajor(t, player)).toBe(300);
    await bonusCall(t, player, '/api/bonus/clear');
    // The 150 has been used: nothing qualifies until the next deposit, which is capped at 200.
    expect((await bonusCall(t, player, '/api/bonus/activate/DEP100')).json().message).toBe('BONUS_CONDITION');
    await deposit(t, player.id, 'BAHT', 500);
    const before = await walletMajor(t, player);
    expect((await bonusCall(t, player, '/api/bonus/activate/DEP100')).statusCode).toBe(200);
    expect(await walletMajor(t, player)).toBe(before + 200);
    await bonusCall(t, player, '/api/bonus/clear');
    // A deposit older than the window does not qualify.
    await deposit(t, player.id, 'BAHT', 100);
    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    expect((await bonusCall(t, player, '/api/bonus/activate/DEP100')).json().message).toBe('BONUS_CONDITION');
  });

  it('activates the same bonus once when asked many times at once', async () => {
    const player = await fundedMember(t);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => bonusCall(t, player, '/api/bonus/activate/TWICE')),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    for (const answer of answers.filter((one) => one.statusCode !== 200)) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json().message).toBe('BONUS_ALREADY_ACTIVE');
    }
    expect(await walletMajor(t, player)).toBe(100);
    const rows = await t.app.db.selectFrom('member_bonuses').select('id').where('member_id', '=', player.id).execute();
    expect(rows).toHaveLength(1);
    expect(await noDrift(t)).toBe(true);
  });
});

describe('one running bonus per member', () => {
  it('lets one of two different bonuses asked at once through, and credits only that one', async () => {
    const player = await fundedMember(t);
    const codes = ['FIXED100', 'TWICE', 'FIXED100', 'TWICE', 'FIXED100', 'TWICE'];
    const answers = await Promise.all(codes.map((code) => bonusCall(t, player, `/api/bonus/activate/${code}`)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.json().message === 'BONUS_ALREADY_ACTIVE')).toHaveLength(5);
    expect(await walletMajor(t, player)).toBe(100);
    expect((await statementRows(t, player)).filter((row) => row.statementType === 'bonus')).toHaveLength(1);
    expect(await noDrift(t)).toBe(true);
  });
});

describe('ending a bonus', () => {
  it('clears with BONUS_CLEAR and takes nothing back once winnings exceed the multiple', async () => {
    const player = await fundedMember(t, 100);
    expect((await bonusCall(t, player, '/api/bonus/activate/TWICE')).statusCode).toBe(200);
    // Bonus 100, multiple 2: winnings must exceed 200. 200 exactly is not enough.
    const username = await playAtPg(t, player, 150, { stake: 10, win: 200 });
    t.clock.advance(1000);
    const notYet = await bonusCall(t, player, '/api/bonus/check/minimum');
    expect(notYet.json()).toEqual({ status: false, minimum: 5, balance: 390 });
    const bet = { stake: 1, win: 0.01 };
    await t.app.inject({ method: 'POST', url: `/sandbox/games/PG/accounts/${username}/bets`, payload: bet });
    t.clock.advance(1000);
    const before = await walletMajor(t, player);
    expect((await bonusCall(t, player, '/api/bonus/clear')).json()).toEqual({
      message: 'BONUS_CLEAR',
      takenBack: 0,
      fromGames: 0,
    });
    expect(await walletMajor(t, player)).toBe(before);
    expect((await statementRows(t, player)).some((row) => row.statementType === 'finish_bonus')).toBe(false);
  });

  it('cancelled before: takes back the bonus, the wallet at once, the rest owed by the game money', async () => {
    const player = await fundedMember(t, 0);
    expect((await bonusCall(t, player, '/api/bonus/activate/TWICE')).statusCode).toBe(200);
    // The bonus of 100: 30 stays in the wallet, 70 went to the game and 1 of it was lost (nothing won). 99 is
    // left in all: the wallet's 30 is taken now, 69 from the money that comes back from the game.
    await playAtPg(t, player, 70, { stake: 1, win: 0 });
    t.clock.advance(1000);
    // 100 was due, 99 was all the member held: the answer tells both.
    const answer = await t.api({
      method: 'GET',
      url: '/api/bonus/clear',
      headers: { authorization: `Bearer ${player.token}`, 'accept-language': 'en' },
    });
    expect(answer.json()).toEqual({
      message: 'SUCCESS',
      takenBack: 99,
      fromGames: 69,
      name: 'TWICE en',
      bonus: 100,
      percentFail: 100,
      won: 0,
      due: 100,
    });
    expect(await walletMajor(t, player)).toBe(0);
    const [row] = await statementRows(t, player);
    expect(row).toMatchObject({ statementType: 'finish_bonus', amount: -30, bonus: { description: 'TWICE th' } });
    expect(await noDrift(t)).toBe(true);
  });

  it('ends with BONUS_CLEAR when the total balance is below the floor', async () => {
    const player = await fundedMember(t, 0);
    expect((await bonusCall(t, player, '/api/bonus/activate/TWICE')).statusCode).toBe(200);
    // 100 goes to the game, 97 of it is lost: 3 baht in total, under the 5-baht floor.
    await playAtPg(t, player, 100, { stake: 97, win: 0 });
    t.clock.advance(1000);
    expect((await bonusCall(t, player, '/api/bonus/check/minimum')).json()).toEqual({
      status: true,
      minimum: 5,
      balance: 3,
    });
    expect((await bonusCall(t, player, '/api/bonus/clear')).json()).toEqual({
      message: 'BONUS_CLEAR',
      takenBack: 0,
      fromGames: 0,
    });
  });

  it('does not end a bonus free under its floor before it was played: the cancel takes it back', async () => {
    // Issue 39: a floor above what a member holds with the bonus alone would pay the bonus out unplayed.
    const player = await fundedMember(t, 0);
    await t.app.bonuses.define(
      definition('UNDERFLOOR', { amount_minor: 300n, end_below_minor: 500n, max_received: 5 }),
    );
    expect((await bonusCall(t, player, '/api/bonus/activate/UNDERFLOOR')).statusCode).toBe(200);
    expect((await bonusCall(t, player, '/api/bonus/check/minimum')).json()).toMatchObject({
      status: false,
      balance: 3,
    });
    expect((await bonusCall(t, player, '/api/bonus/clear')).json()).toMatchObject({ message: 'SUCCESS', takenBack: 3 });
    expect(await walletMajor(t, player)).toBe(0);
  });

  it('answers 404 NO_DATA when no bonus is running', async () => {
    const player = await fundedMember(t);
    const answer = await bonusCall(t, player, '/api/bonus/clear');
    expect(answer.statusCode).toBe(404);
    expect(answer.json().message).toBe('NO_DATA');
  });
});

describe('promotion codes', () => {
  it('finds, activates once and reports the current promotion; codes are upper-cased', async () => {
    const player = await fundedMember(t);
    expect((await bonusCall(t, player, '/api/promotion/find/promo50')).json()).toEqual({
      code: 'PROMO50',
      percentFail: 20,
      description: 'PROMO50 about',
    });
    expect((await bonusCall(t, player, '/api/promotion/find/FIXED100')).json()).toBeNull();
    expect((await bonusCall(t, player, '/api/promotion/current')).json()).toBeNull();
    const missing = await bonusCall(t, player, '/api/promotion/activate/NOPE');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('NO_PROMOTION');

    expect((await bonusCall(t, player, '/api/promotion/activate/promo50')).statusCode).toBe(200);
    expect(await walletMajor(t, player)).toBe(50);
    expect((await bonusCall(t, player, '/api/promotion/current')).json()).toMatchObject({ code: 'PROMO50' });
    const [row] = await statementRows(t, player);
    expect(row).toMatchObject({ statementType: 'bonus', promotion: { description: 'PROMO50 th' } });
    // The whole 50, and percentFail 20 of no winnings.
    expect((await bonusCall(t, player, '/api/bonus/clear')).json()).toEqual({
      message: 'SUCCESS',
      takenBack: 50,
      fromGames: 0,
      name: 'PROMO50 th',
      bonus: 50,
      percentFail: 20,
      won: 0,
      due: 50,
    });
    const again = await bonusCall(t, player, '/api/promotion/activate/PROMO50');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('PROMOTION_RECEIVED');
  });

  /** A promotion call from an address of the test's own, so no other test's calls count with it. */
  const promotionCall = (player: Player, path: string, remoteAddress: string) =>
    t.api({ method: 'GET', url: path, headers: { authorization: `Bearer ${player.token}` }, remoteAddress });

  it('refuses guessing codes past its limit per member with 429 REQUEST_LIMIT_1MIN, finds and activations alike (issue 39, finding 8)', async () => {
    const guesser = await fundedMember(t);
    for (let guess = 0; guess < PROMOTION_CODE_TRIES_PER_MINUTE; guess++) {
      const path = guess % 2 ? `/api/promotion/find/GUESS${guess}` : `/api/promotion/activate/GUESS${guess}`;
      expect((await promotionCall(guesser, path, '10.39.8.1')).statusCode).not.toBe(429);
    }
    for (const path of ['/api/promotion/find/PROMO50', '/api/promotion/activate/PROMO50']) {
      const refused = await promotionCall(guesser, path, '10.39.8.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe('REQUEST_LIMIT_1MIN');
    }
    // Nothing was given on the refused activation, and another member at another address is not held by it.
    expect(await walletMajor(t, guesser)).toBe(0);
    const other = await fundedMember(t);
    expect((await promotionCall(other, '/api/promotion/find/PROMO50', '10.39.8.2')).statusCode).toBe(200);
  });

  it('refuses guessing codes past its limit per address, however many members guess from it', async () => {
    const guessers = await Promise.all([1, 2, 3, 4, 5, 6, 7].map(() => fundedMember(t)));
    let answered = 0;
    for (const [index, guesser] of guessers.entries()) {
      for (let guess = 0; guess < PROMOTION_CODE_TRIES_PER_MINUTE; guess++) {
        const answer = await promotionCall(guesser, `/api/promotion/find/G${index}X${guess}`, '10.39.8.3');
        if (answer.statusCode === 429) break;
        answered += 1;
      }
    }
    expect(answered).toBe(PROMOTION_CODE_TRIES_PER_ADDRESS_PER_MINUTE);
  });
});
