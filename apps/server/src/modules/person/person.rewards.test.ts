import { inviteListResponse } from '@member-wallet/contract/invite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonusCall, definition, TEST_APP_ENV } from '../../../test/bonus.ts';
import { deposit, get, post, seedCatalogue } from '../../../test/games.ts';
import { startTestApp, type TestApp } from '../../../test/helpers.ts';
import { type Account, account, matchOf } from '../../../test/people.ts';
import { advanceTo, BANGKOK, setSetting } from '../../../test/promotions.ts';
import { addLocalDays, localDayStart } from '../../lib/local-calendar.ts';
import { ACCRUAL_GRACE_MS } from '../invite/invite.service.ts';
import { INVITE_SETTINGS_KEY } from '../invite/invite.settings.ts';

/**
 * What a second account of one person gains (docs/accounts.md, One person behind the accounts): a bonus's receipts
 * count over the person's accounts, so a welcome bonus is paid once per person, and no invite commission passes
 * between accounts linked as one person.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(TEST_APP_ENV);
  await seedCatalogue(t);
  await t.app.bonuses.define(definition('WELCOME'));
  await t.app.bonuses.define(
    definition('FIRSTDEP', {
      amount_rule: 'deposit_percent',
      amount_minor: null,
      deposit_percent: 100,
      amount_cap_minor: 20_000n,
      deposit_window_hours: 24,
      win_multiple: 0,
    }),
  );
  await setSetting(t, INVITE_SETTINGS_KEY, { enabled: true, percent: 5, successPercent: 80, collectMinimum: 0 });
});
afterAll(() => t.close());

const player = (a: Account) => ({ id: a.id, token: a.token, phone: a.phone });

async function welcome(a: Account) {
  await deposit(t, a.id, 'BAHT', 100);
  const answer = await bonusCall(t, player(a), '/api/bonus/activate/WELCOME');
  return [answer.statusCode, answer.json().message ?? 'received'];
}

describe('a welcome bonus', () => {
  it('is paid once per person: not to a linked account, nor to a possible one until an operator decides', async () => {
    const first = await account(t, { bankCode: 'KBANK', bankAccountName: 'MANA WELCOME' });
    const linked = await account(t, { bankCode: 'SCB', bankAccountName: 'MR MANA WELCOME' }, first.cookie);
    const possible = await account(t, { bankCode: 'KTB', bankAccountName: 'MANA WELCOME' });
    const stranger = await account(t, { bankCode: 'SCB', bankAccountName: 'PIYA STRANGER' });
    expect(await matchOf(t, first, linked)).toMatchObject({ status: 'linked' });
    expect(await matchOf(t, first, possible)).toMatchObject({ status: 'open' });

    expect(await welcome(first)).toEqual([200, 'received']);
    expect(await welcome(linked)).toEqual([409, 'BONUS_MAX_CLAIMED']);
    expect(await welcome(possible)).toEqual([409, 'BONUS_MAX_CLAIMED']);
    expect(await welcome(stranger)).toEqual([200, 'received']);
  });

  it('of the first deposit is paid once per person, whichever account deposits', async () => {
    const first = await account(t, { bankCode: 'KBANK', bankAccountName: 'SUDA FIRSTDEP' });
    const linked = await account(t, { bankCode: 'SCB', bankAccountName: 'SUDA FIRSTDEP' }, first.cookie);
    await deposit(t, linked.id, 'BAHT', 100);
    expect((await bonusCall(t, player(linked), '/api/bonus/activate/FIRSTDEP')).statusCode).toBe(200);
    await deposit(t, first.id, 'BAHT', 100);
    const again = await bonusCall(t, player(first), '/api/bonus/activate/FIRSTDEP');
    expect([again.statusCode, again.json().message]).toEqual([409, 'BONUS_MAX_CLAIMED']);
  });
});

describe('invite commission', () => {
  function closeToday(): void {
    advanceTo(
      t,
      new Date(addLocalDays(localDayStart(t.clock.now(), BANGKOK), 1, BANGKOK).getTime() + ACCRUAL_GRACE_MS),
    );
  }

  it('is never paid between accounts linked as one person, and what accrued before the link is forfeited', async () => {
    const inviter = await account(t, { bankCode: 'KBANK', bankAccountName: 'KASEM INVITER' });
    const friend = await account(t, { inviteCode: `PR${inviter.publicId}`, bankCode: 'SCB' });
    const self = await account(t, {
      inviteCode: `PR${inviter.publicId}`,
      bankCode: 'SCB',
      bankAccountName: 'KASEM INVITER',
    });
    await deposit(t, friend.id, 'BAHT', 1_000);
    await deposit(t, self.id, 'BAHT', 1_000);
    closeToday();
    const listed = inviteListResponse.parse(
      (await post(t, player(inviter), '/api/invite', { page: 1, limit: 50 }, null)).json(),
    );
    expect(listed.invites.map((item) => item.status).sort()).toEqual(['collectable', 'held']);

    // The second account signs in on the inviter's device: name and device, one person.
    const signIn = await t.api({
      method: 'POST',
      url: '/api/login',
      payload: { username: self.phone, password: self.password },
      headers: { cookie: inviter.cookie },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(await matchOf(t, inviter, self)).toMatchObject({ status: 'linked' });
    await deposit(t, self.id, 'BAHT', 1_000);
    closeToday();

    const collect = await get(t, player(inviter), '/api/invite/bonus');
    expect(collect.statusCode, collect.body).toBe(200);
    expect(collect.json()).toMatchObject({ amount: 40, forfeited: 10 });
    const selfAccruals = await t.app.db
      .selectFrom('invite_accruals')
      .select(['state', 'amount_minor'])
      .where('invitee_id', '=', self.id)
      .execute();
    expect(selfAccruals).toEqual([{ state: 'forfeited', amount_minor: 5_000n }]);
  });
});
