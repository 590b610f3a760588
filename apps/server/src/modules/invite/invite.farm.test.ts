import { randomUUID } from 'node:crypto';
import { inviteListResponse } from '@member-wallet/contract/invite';
import { toMinor } from '@member-wallet/contract/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deposit, get, noDrift, post } from '../../../test/games.ts';
import { startTestApp, type TestApp } from '../../../test/helpers.ts';
import { advanceTo, BANGKOK, HOUR, member, setSetting, withdrawal } from '../../../test/promotions.ts';
import { LedgerRepository } from '../../core/ledger/ledger.repository.ts';
import { LedgerService } from '../../core/ledger/ledger.service.ts';
import { addLocalDays, localDayStart } from '../../lib/local-calendar.ts';
import { ACCRUAL_GRACE_MS } from './invite.service.ts';
import { INVITE_SETTINGS_KEY } from './invite.settings.ts';

/**
 * Issue 18: the invite commission cannot be farmed (docs/promotions/invite.md, and docs/promotions/README.md, "What an abuser
 * meets"). 5% of net deposits, 80% paid on collection.
 */

let t: TestApp;
beforeAll(async () => {
  // Sessions outlive the days the tests move the clock through.
  t = await startTestApp({ SESSION_TTL_HOURS: '720' });
  await setSetting(t, INVITE_SETTINGS_KEY, { enabled: true, percent: 5, successPercent: 80, collectMinimum: 0 });
});
afterAll(() => t.close());

/** Noon (Bangkok) of the next local day after the test clock's now. */
function nextNoon(): Date {
  return new Date(addLocalDays(localDayStart(t.clock.now(), BANGKOK), 1, BANGKOK).getTime() + 12 * HOUR);
}

/** Moves the clock past the close (and the grace) of the local day it stands in. */
function closeToday(): void {
  advanceTo(t, new Date(addLocalDays(localDayStart(t.clock.now(), BANGKOK), 1, BANGKOK).getTime() + ACCRUAL_GRACE_MS));
}

const list = async (player: { token: string }) =>
  inviteListResponse.parse((await post(t, player as never, '/api/invite', { page: 1, limit: 50 }, null)).json());

/**
 * Money that reaches the wallet without being a deposit (winnings brought back from a game): here an operator's
 * credit, which the invite rule does not count either.
 */
async function winnings(memberId: bigint, amount: number): Promise<void> {
  const ledger = new LedgerService({ repository: new LedgerRepository(), clock: t.clock });
  const wallet = await ledger.memberWallet(t.app.db, memberId, 'BAHT');
  const counterpart = await ledger.ensureAccount(t.app.db, {
    kind: 'manual_adjustment',
    memberId: null,
    providerCode: null,
    currency: 'BAHT',
  });
  await t.app.db.transaction().execute((trx) =>
    ledger.post(trx, {
      memberId,
      type: 'adjustment',
      status: 'completed',
      idempotencyKey: `test-winnings:${randomUUID()}`,
      postings: [
        { account: counterpart.id, amount: -toMinor(amount) },
        { account: wallet.id, amount: toMinor(amount) },
      ],
    }),
  );
}

const amounts = async (player: { token: string }) => (await list(player)).invites.map((row) => row.amount);

describe('deposit and withdraw cycling', () => {
  it('pays commission once on money withdrawn and deposited again; only new money earns more', async () => {
    const inviter = await member(t);
    const friend = await member(t, { inviteCode: `PR${inviter.publicId}`, name: 'Cycling Friend' });
    // Day 1: 10,000 in. Day 2: all of it out. Day 3: the same 10,000 back in. Day 4: out. Day 5: in.
    for (const move of ['in', 'out', 'in', 'out', 'in'] as const) {
      advanceTo(t, nextNoon());
      if (move === 'in') await deposit(t, friend.id, 'BAHT', 10_000);
      else await withdrawal(t, friend.id, 10_000);
      closeToday();
      await list(inviter);
    }
    // Only day 1 accrued: days 3 and 5 brought the cumulative back to the 10,000 already paid on.
    expect(await amounts(inviter)).toEqual([500]);
    // Day 6: 2,000 of new money lifts the cumulative to 12,000: 5% of the 2,000 above the mark.
    advanceTo(t, nextNoon());
    await deposit(t, friend.id, 'BAHT', 2_000);
    closeToday();
    expect(await amounts(inviter)).toEqual([100, 500]);
    // Collecting once pays 80% of 600, and the cycle that follows earns nothing.
    expect((await get(t, inviter, '/api/invite/bonus')).json()).toMatchObject({ amount: 480, forfeited: 120 });
    advanceTo(t, nextNoon());
    await withdrawal(t, friend.id, 12_000);
    closeToday();
    advanceTo(t, nextNoon());
    await deposit(t, friend.id, 'BAHT', 12_000);
    closeToday();
    expect(await amounts(inviter)).toEqual([100, 500]);
    expect((await get(t, inviter, '/api/invite/bonus')).json()).toEqual({ message: 'NO_INVITE_BONUS' });
    expect(await noDrift(t)).toBe(true);
  });

  it('straddling midnight pays once: deposited before, withdrawn after, deposited again', async () => {
    const inviter = await member(t);
    const friend = await member(t, { inviteCode: `PR${inviter.publicId}` });
    for (let cycle = 0; cycle < 3; cycle++) {
      const midnight = addLocalDays(localDayStart(t.clock.now(), BANGKOK), 1, BANGKOK);
      advanceTo(t, new Date(midnight.getTime() - 60_000));
      await deposit(t, friend.id, 'BAHT', 1_000);
      advanceTo(t, new Date(midnight.getTime() + 60_000));
      await withdrawal(t, friend.id, 1_000);
      closeToday();
      await list(inviter);
    }
    expect(await amounts(inviter)).toEqual([50]);
  });

  it('keeps the basis of a day whose commission rounds to nothing for the days after', async () => {
    const inviter = await member(t);
    const friend = await member(t, { inviteCode: `PR${inviter.publicId}` });
    // 0.19 baht: 5% is 0.95 satang, which rounds down to nothing: no accrual, and nothing marked as paid on.
    advanceTo(t, nextNoon());
    await deposit(t, friend.id, 'BAHT', 0.19);
    closeToday();
    expect(await amounts(inviter)).toEqual([]);
    // 0.01 more: the cumulative 0.20 is above the mark (0), and 5% of it is one satang.
    advanceTo(t, nextNoon());
    await deposit(t, friend.id, 'BAHT', 0.01);
    closeToday();
    expect(await amounts(inviter)).toEqual([0.01]);
    const row = await t.app.db
      .selectFrom('invite_accruals')
      .select(['net_deposit_minor', 'amount_minor'])
      .where('invitee_id', '=', friend.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ net_deposit_minor: 20n, amount_minor: 1n });
  });

  it('a withdrawal of winnings lowers the cumulative: later deposits make it up before anything accrues', async () => {
    const inviter = await member(t);
    const friend = await member(t, { inviteCode: `PR${inviter.publicId}` });
    advanceTo(t, nextNoon());
    await deposit(t, friend.id, 'BAHT', 1_000);
    closeToday();
    // Winnings of 500 withdrawn with the deposit: the cumulative is -500, the mark 1,000.
    advanceTo(t, nextNoon());
    await winnings(friend.id, 500);
    await withdrawal(t, friend.id, 1_500);
    closeToday();
    advanceTo(t, nextNoon());
    await deposit(t, friend.id, 'BAHT', 1_200);
    closeToday();
    expect(await amounts(inviter)).toEqual([50]);
    advanceTo(t, nextNoon());
    await deposit(t, friend.id, 'BAHT', 300);
    closeToday();
    // The cumulative is 1,000 - 1,500 + 1,200 + 300 = 1,000: still not above the mark; 600 more is.
    expect(await amounts(inviter)).toEqual([50]);
    advanceTo(t, nextNoon());
    await deposit(t, friend.id, 'BAHT', 600);
    closeToday();
    expect(await amounts(inviter)).toEqual([30, 50]);
  });
});
