import { describe, expect, it } from 'vitest';
import type { Member } from '../../core/account/account.repository.ts';
import type { SettingsService } from '../../core/settings/settings.service.ts';
import { FakeClock } from '../../lib/clock.ts';
import type { ActiveBonusGate, BonusHistory } from '../bonus/active-bonus.ts';
import type { RefundRepository } from './refund.repository.ts';
import { type BetRecords, RefundService, refundFor } from './refund.service.ts';
import { REFUND_DEMO, REFUND_SETTINGS_KEY } from './refund.settings.ts';

/** The refund service alone, with a fake bonus gate and fake bet records: no database, no provider. */
function service(hasActiveBonus: boolean) {
  const calls = { bets: 0, claims: 0 };
  const gate: ActiveBonusGate & BonusHistory = {
    hasActiveBonus: async () => hasActiveBonus,
    runningSpans: async () => [],
  };
  const bets: BetRecords = {
    totals: async () => {
      calls.bets += 1;
      return { stakeMinor: 40_000n, winMinor: 0n };
    },
  };
  const refunds = new RefundService({
    db: {} as never,
    repository: {
      findClaim: async () => undefined,
      insertClaim: async () => {
        calls.claims += 1;
        return undefined;
      },
    } as unknown as RefundRepository,
    ledger: {} as never,
    settings: {
      global: async (key: string) => (key === REFUND_SETTINGS_KEY ? REFUND_DEMO : undefined),
    } as SettingsService,
    members: { findById: async (id) => ({ id, currency: 'BAHT' }) as Member },
    bets,
    bonuses: gate,
    clock: new FakeClock(new Date('2026-03-04T05:00:00Z')),
    timeZone: 'Asia/Bangkok',
  });
  return { refunds, calls };
}

describe('refunds while a bonus is active (spec section 4)', () => {
  it('are refused with REFUND_CONDITION before any bet record is read or anything is claimed', async () => {
    const { refunds, calls } = service(true);
    await expect(refunds.receive(1n)).rejects.toMatchObject({ code: 'REFUND_CONDITION', status: 409 });
    expect(calls).toEqual({ bets: 0, claims: 0 });
  });

  it('are shown as blocked by the check: bonus true, result false, the refund still quoted', async () => {
    const { refunds } = service(true);
    const answer = await refunds.check(1n);
    expect(answer).toMatchObject({ result: false, bonus: true, refundAmount: 20, info: { state: 'REFUND_CONDITION' } });
  });

  it('are open without one', async () => {
    const { refunds } = service(false);
    expect(await refunds.check(1n)).toMatchObject({ result: true, bonus: false, info: { state: 'OK' } });
  });
});

describe('the refund of a net loss', () => {
  it('is its percentage floored to the satang, within the cap (0: none)', () => {
    expect(refundFor(27_000n, REFUND_DEMO)).toBe(1_350n);
    expect(refundFor(10n, REFUND_DEMO)).toBe(0n);
    expect(refundFor(-500n, REFUND_DEMO)).toBe(0n);
    expect(refundFor(100_000_000n, REFUND_DEMO)).toBe(500_000n);
    expect(refundFor(100_000_000n, { ...REFUND_DEMO, cap: 0 })).toBe(5_000_000n);
  });
});
