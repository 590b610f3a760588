import { inviteListResponse } from '@member-wallet/contract/invite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deposit, get, noDrift, post } from '../../../test/games.ts';
import { accountBalanceMinor, startTestApp, type TestApp } from '../../../test/helpers.ts';
import { advanceTo, BANGKOK, DAY, member, setSetting, withdrawal } from '../../../test/promotions.ts';
import { addLocalDays, localDayStart } from '../../lib/local-calendar.ts';
import { ACCRUAL_GRACE_MS } from './invite.service.ts';
import { INVITE_BANNERS_KEY, INVITE_SETTINGS_KEY } from './invite.settings.ts';

let t: TestApp;
beforeAll(async () => {
  // Sessions outlive the days the tests move the clock through.
  t = await startTestApp({ SESSION_TTL_HOURS: '720' });
  await setSetting(t, INVITE_SETTINGS_KEY, { enabled: true, percent: 5, successPercent: 80, collectMinimum: 0 });
});
afterAll(() => t.close());

/** Midnight (Bangkok) of the day after the test clock's now. */
function tomorrow(): Date {
  return addLocalDays(localDayStart(t.clock.now(), BANGKOK), 1, BANGKOK);
}

const list = async (player: { token: string }, page = 1) =>
  inviteListResponse.parse((await post(t, player as never, '/api/invite', { page, limit: 10 }, null)).json());

describe('invite a friend', () => {
  it('accrues 5% of each invitee’s net deposits per closed local day, once the grace has passed', async () => {
    const inviter = await member(t);
    const friend = await member(t, { inviteCode: `PR${inviter.publicId}`, name: 'Friend One' });
    const loser = await member(t, { inviteCode: `PR${inviter.publicId}`, name: 'Friend Two' });
    const day = tomorrow();
    advanceTo(t, new Date(day.getTime() + 2 * 3_600_000));
    await deposit(t, friend.id, 'BAHT', 1000);
    await withdrawal(t, friend.id, 300);
    // Friend Two took out more than they put in that day: nothing accrues from them.
    await deposit(t, loser.id, 'BAHT', 100);
    await withdrawal(t, loser.id, 100);
    // The day has not closed: nothing yet.
    expect((await list(inviter)).total).toBe(0);
    // Midnight has passed but not the grace: still nothing.
    advanceTo(t, new Date(day.getTime() + DAY + ACCRUAL_GRACE_MS - 1));
    expect((await list(inviter)).total).toBe(0);
    advanceTo(t, new Date(day.getTime() + DAY + ACCRUAL_GRACE_MS));
    // A deposit of the new day counts for the next day, not this one.
    await deposit(t, friend.id, 'BAHT', 500);
    const page = await list(inviter);
    expect(page).toEqual({
      total: 1,
      invites: [
        {
          from: { name: 'Friend One' },
          amount: 35,
          createdAt: day.toISOString(),
          collected: false,
          status: 'collectable',
        },
      ],
    });
    const wallet = (await get(t, inviter, '/api/wallet')).json();
    expect(wallet.invite).toEqual({ amount: 35, success: 80, fail: 20 });
    // Reading again accrues nothing twice.
    expect((await list(inviter)).total).toBe(1);
    // The next day: 5% of 500.
    advanceTo(t, new Date(day.getTime() + 2 * DAY + ACCRUAL_GRACE_MS));
    expect((await list(inviter)).invites.map((row) => row.amount)).toEqual([25, 35]);
    // The invitee's own list is empty: nobody registered with their code.
    expect((await list(friend)).total).toBe(0);
  });

  it('collects the success share once; the fail share is forfeited; the statement shows it', async () => {
    const inviter = await member(t);
    const friend = await member(t, { inviteCode: `PR${inviter.publicId}` });
    await deposit(t, friend.id, 'BAHT', 1001);
    advanceTo(t, new Date(tomorrow().getTime() + ACCRUAL_GRACE_MS));
    const expenseBefore = await accountBalanceMinor(t, 'invite_expense');
    // 5% of 1001 = 50.05 accrued; 80% of it = 40.04 paid, 10.01 forfeited.
    const collected = await get(t, inviter, '/api/invite/bonus');
    expect(collected.statusCode).toBe(200);
    expect(collected.json()).toEqual({
      message: 'INVITE_BONUS_SUCCESS',
      amount: 40.04,
      forfeited: 10.01,
      wallet: { amount: 40.04 },
    });
    expect(await accountBalanceMinor(t, 'invite_expense')).toBe(expenseBefore - 4004n);
    expect((await get(t, inviter, '/api/invite/bonus')).json()).toEqual({ message: 'NO_INVITE_BONUS' });
    expect((await list(inviter)).invites[0]).toMatchObject({ amount: 50.05, collected: true, status: 'collected' });
    expect((await get(t, inviter, '/api/wallet')).json().invite.amount).toBe(0);
    const statement = (await post(t, inviter, '/api/statement', { page: 1, limit: 10 }, null)).json();
    expect(statement.statements[0]).toMatchObject({
      statementType: 'bonus',
      status: 'SUCCESS',
      amount: 40.04,
      // In the site's language, Thai, since the request names none (docs/decisions/0025).
      invite: { description: 'แนะนำเพื่อน' },
    });
    expect(await noDrift(t)).toBe(true);
  });

  it('pays once when two collections race', async () => {
    const inviter = await member(t);
    const friend = await member(t, { inviteCode: `PR${inviter.publicId}` });
    await deposit(t, friend.id, 'BAHT', 2000);
    advanceTo(t, new Date(tomorrow().getTime() + ACCRUAL_GRACE_MS));
    const answers = await Promise.all([get(t, inviter, '/api/invite/bonus'), get(t, inviter, '/api/invite/bonus')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404]);
    expect(answers.map((answer) => answer.json().message).sort()).toEqual(['INVITE_BONUS_SUCCESS', 'NO_INVITE_BONUS']);
    const wallet = (await get(t, inviter, '/api/wallet')).json();
    expect(wallet.wallet.amount).toBe(80);
    const entries = await t.app.db
      .selectFrom('journal_entries')
      .select('id')
      .where('member_id', '=', inviter.id)
      .where('type', '=', 'bonus')
      .execute();
    expect(entries).toHaveLength(1);
    expect(await noDrift(t)).toBe(true);
  });

  it('answers NO_INVITEE_PLAY_INFO, INVITE_COLLECT, INVITE_BONUS_FAIL and INVITE_INACTIVE', async () => {
    const lonely = await member(t);
    expect((await get(t, lonely, '/api/invite/bonus')).json()).toEqual({ message: 'NO_INVITEE_PLAY_INFO' });
    const inviter = await member(t);
    const friend = await member(t, { inviteCode: `PR${inviter.publicId}` });
    await deposit(t, friend.id, 'BAHT', 100);
    advanceTo(t, new Date(tomorrow().getTime() + ACCRUAL_GRACE_MS));
    // 5 baht accrued: it must exceed the minimum.
    await setSetting(t, INVITE_SETTINGS_KEY, { enabled: true, percent: 5, successPercent: 80, collectMinimum: 5 });
    const belowMinimum = await get(t, inviter, '/api/invite/bonus');
    expect([belowMinimum.statusCode, belowMinimum.json()]).toEqual([409, { message: 'INVITE_COLLECT' }]);
    await setSetting(t, INVITE_SETTINGS_KEY, { enabled: true, percent: 5, successPercent: 0, collectMinimum: 0 });
    expect((await get(t, inviter, '/api/invite/bonus')).json()).toEqual({ message: 'INVITE_BONUS_FAIL' });
    await setSetting(t, INVITE_SETTINGS_KEY, { enabled: false });
    const inactive = await get(t, inviter, '/api/invite/bonus');
    expect([inactive.statusCode, inactive.json()]).toEqual([403, { message: 'INVITE_INACTIVE' }]);
    // Nothing was consumed by the refusals: switched on again, the 5 baht are collected (80%).
    await setSetting(t, INVITE_SETTINGS_KEY, { enabled: true, percent: 5, successPercent: 80, collectMinimum: 0 });
    expect((await get(t, inviter, '/api/invite/bonus')).json()).toMatchObject({ amount: 4, forfeited: 1 });
  });

  it('serves the banners in the caller’s language, none when unset', async () => {
    const player = await member(t);
    expect((await get(t, player, '/api/invite/banners')).json()).toEqual([]);
    const banner = { image: '/media/promotions/invite.svg', html: '<p>en</p>' };
    await setSetting(t, INVITE_BANNERS_KEY, [banner], 'en');
    await setSetting(t, INVITE_BANNERS_KEY, [{ ...banner, html: '<p>th</p>' }], 'th');
    const english = await t.api({
      method: 'GET',
      url: '/api/invite/banners',
      headers: { authorization: `Bearer ${player.token}`, 'accept-language': 'en' },
    });
    expect(english.json()).toEqual([banner]);
  });

  it('needs a session', async () => {
    expect((await t.api({ method: 'GET', url: '/api/invite/bonus' })).statusCode).toBe(401);
    expect((await t.api({ method: 'POST', url: '/api/invite', payload: { page: 1, limit: 10 } })).statusCode).toBe(401);
  });
});
