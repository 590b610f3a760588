import { randomUUID } from 'node:crypto';
import type { StatementItem } from '@member-wallet/contract/statement';
import { expect } from 'vitest';
import type { NewBonusDefinition } from '../src/modules/bonus/bonus.repository.ts';
import { activate, get, type Player, post } from './games.ts';
import type { TestApp } from './helpers.ts';

/** Test helpers of the bonus module: definitions with test defaults, calls, play at the sandbox, a clock in Bangkok time. */

export const TEST_APP_ENV = {
  // Tests move the clock by days; sessions must outlive them.
  SESSION_TTL_HOURS: '720',
  MONEY_RATE_PER_MINUTE: '100000',
  TRANSFER_RECONCILE_INTERVAL_MS: '0',
  PAYOUT_SETTLE_INTERVAL_MS: '0',
  SANDBOX_PAYOUT_DELAY_MS: '0',
  WITHDRAW_RATE_PER_MINUTE: '1000',
  WITHDRAW_RATE_PER_HOUR: '10000',
};

const texts = (name: string) => JSON.stringify({ th: `${name} th`, lo: `${name} lo`, en: `${name} en` });

/** A definition with test defaults: a fixed 100-baht limit bonus, once, percentFail 50, win 2x, floor 5 baht. */
export function definition(code: string, overrides: Partial<NewBonusDefinition> = {}): NewBonusDefinition {
  return {
    code,
    kind: 'bonus',
    type: 'limit',
    currency: 'BAHT',
    max_received: 1,
    total_max: null,
    percent_fail: 50,
    amount_rule: 'fixed',
    amount_minor: 10_000n,
    deposit_percent: null,
    amount_cap_minor: null,
    deposit_window_hours: null,
    win_multiple: 2,
    end_below_minor: 500n,
    names: texts(code),
    descriptions: JSON.stringify({ th: `${code} about`, lo: '', en: `${code} about en` }),
    banners: JSON.stringify([{ image: '/media/bonus/banner-welcome.svg', html: `<p>${code}</p>` }]),
    sort_order: 0,
    active: true,
    ...overrides,
  };
}

export function bonusCall(t: TestApp, player: Player, path: string) {
  return get(t, player, path);
}

export async function walletMajor(t: TestApp, player: Player): Promise<number> {
  return (await get(t, player, '/api/wallet')).json().wallet.amount;
}

export async function statementRows(t: TestApp, player: Player): Promise<StatementItem[]> {
  const answer = await post(t, player, '/api/statement', { page: 1, limit: 50 }, null);
  expect(answer.statusCode).toBe(200);
  return answer.json().statements;
}

/** Opens the member's PG account, moves `amount` baht there and records a bet `{ stake, win }` at the sandbox. */
export async function playAtPg(t: TestApp, player: Player, amount: number, bet: { stake: number; win: number }) {
  const { username } = await activate(t, player, 'PG');
  const moved = await post(t, player, '/api/wallet/transfer', { from: 'wallet', to: 'PG', amount }, randomUUID());
  expect(moved.statusCode).toBe(200);
  const placed = await t.app.inject({
    method: 'POST',
    url: `/sandbox/games/PG/accounts/${username}/bets`,
    payload: bet,
  });
  expect(placed.statusCode).toBe(200);
  return username;
}

const BANGKOK_OFFSET_MS = 7 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Moves the test clock forward to the next `weekday` (0 Sunday .. 6 Saturday) at `hh:mm:ss` Bangkok time.
 * Bangkok is UTC+7 all year.
 */
export function advanceToBangkok(t: TestApp, weekday: number, hours: number, minutes: number, seconds = 0): Date {
  const now = t.clock.now().getTime();
  const local = new Date(now + BANGKOK_OFFSET_MS);
  const midnightLocal = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  const daysAhead = (weekday - local.getUTCDay() + 7) % 7;
  let target = midnightLocal + daysAhead * DAY_MS + ((hours * 60 + minutes) * 60 + seconds) * 1000 - BANGKOK_OFFSET_MS;
  if (target <= now) target += 7 * DAY_MS;
  t.clock.advance(target - now);
  return new Date(target);
}
