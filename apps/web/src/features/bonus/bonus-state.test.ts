import type { BonusItem } from '@member-wallet/contract/bonus';
import { describe, expect, it } from 'vitest';
import { bonusCardState, fillPercentFail } from './bonus-state.ts';

function bonus(overrides: Partial<BonusItem> = {}): BonusItem {
  return {
    code: 'WEEKLY50',
    type: 'week',
    maxReceived: 2,
    percentFail: 100,
    banners: [],
    name: 'Weekly 50',
    description: '',
    userBonus: null,
    ...overrides,
  };
}
const at = { updatedAt: '2026-11-23T01:00:00.000Z' };

describe('bonusCardState', () => {
  it('is available when never received, or received fewer times than the maximum', () => {
    expect(bonusCardState(bonus())).toBe('available');
    expect(bonusCardState(bonus({ userBonus: { _id: 'b1', isActive: false, received: [at] } }))).toBe('available');
  });

  it('is received once the receipts of the period reach the maximum', () => {
    expect(bonusCardState(bonus({ userBonus: { _id: 'b1', isActive: false, received: [at, at] } }))).toBe('received');
    expect(bonusCardState(bonus({ maxReceived: 1, userBonus: { _id: 'b1', isActive: false, received: [at] } }))).toBe(
      'received',
    );
  });

  it('is current while it runs, even when that was the last receipt allowed', () => {
    expect(bonusCardState(bonus({ maxReceived: 1, userBonus: { _id: 'b1', isActive: true, received: [at] } }))).toBe(
      'current',
    );
  });
});

describe('fillPercentFail', () => {
  it('replaces every placeholder with the number', () => {
    expect(fillPercentFail('%percentFail%% back; again %percentFail%', 50)).toBe('50% back; again 50');
  });

  it('leaves a text without the placeholder as it is', () => {
    expect(fillPercentFail('<p>Weekly</p>', 100)).toBe('<p>Weekly</p>');
  });
});
