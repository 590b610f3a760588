import { inviteListResponse } from '@member-wallet/contract/invite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deposit, get } from '../../test/games.ts';
import { startTestApp, type TestApp } from '../../test/helpers.ts';
import { BANGKOK, DAY, member, setSetting } from '../../test/promotions.ts';
import { addLocalDays, localDayStart } from '../lib/local-calendar.ts';
import { ACCRUAL_GRACE_MS } from '../modules/invite/invite.service.ts';
import { INVITE_SETTINGS_KEY } from '../modules/invite/invite.settings.ts';

let t: TestApp;
beforeAll(async () => {
  // Sessions outlive the day the test moves the clock through.
  t = await startTestApp({ SESSION_TTL_HOURS: '720' });
  await setSetting(t, INVITE_SETTINGS_KEY, { enabled: true, percent: 5, successPercent: 80, collectMinimum: 0 });
});
afterAll(() => t.close());

const accrue = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/sandbox/invites/accrue', payload });

describe('sandbox invite accrual control', () => {
  it("accrues today's deposits when asked to run as if tomorrow had come, and only once", async () => {
    const inviter = await member(t);
    const friend = await member(t, { inviteCode: `PR${inviter.publicId}`, name: 'Sandbox Friend' });
    await deposit(t, friend.id, 'BAHT', 1000);
    const today = localDayStart(t.clock.now(), BANGKOK);
    // The real clock: today has not closed, nothing accrues.
    expect((await get(t, inviter, '/api/wallet')).json().invite.amount).toBe(0);

    const tomorrow = addLocalDays(today, 1, BANGKOK);
    const answer = await accrue({
      username: inviter.phone,
      at: new Date(tomorrow.getTime() + ACCRUAL_GRACE_MS).toISOString(),
    });
    expect(answer.statusCode).toBe(200);
    expect(inviteListResponse.parse(answer.json())).toEqual({
      total: 1,
      invites: [
        {
          from: { name: 'Sandbox Friend' },
          amount: 50,
          createdAt: today.toISOString(),
          collected: false,
          status: 'collectable',
        },
      ],
    });
    expect((await get(t, inviter, '/api/wallet')).json().invite).toEqual({ amount: 50, success: 80, fail: 20 });
    // Again, and once the real day closes: the day is not accrued twice.
    expect(
      (await accrue({ username: inviter.phone, at: new Date(tomorrow.getTime() + DAY).toISOString() })).json().total,
    ).toBe(1);
    t.clock.advance(tomorrow.getTime() + ACCRUAL_GRACE_MS - t.clock.now().getTime());
    expect((await get(t, inviter, '/api/wallet')).json().invite.amount).toBe(50);
  });

  it('refuses a missing member and an `at` that is not an ISO date-time', async () => {
    const inviter = await member(t);
    expect((await accrue({ username: '0800000000', at: new Date().toISOString() })).statusCode).toBe(404);
    for (const at of ['tomorrow', '2026-01-05', 5, undefined]) {
      expect((await accrue({ username: inviter.phone, at })).statusCode, String(at)).toBe(400);
    }
  });
});
