import { describe, expect, it } from 'vitest';
import { DEMO_WHEEL } from '../spin/spin.demo.ts';
import {
  type BonusValue,
  bonusTightens,
  checkRefundCeiling,
  refundTightens,
  rulesTightens,
  wheelTightens,
} from './promotions.tightens.ts';

/** The rules of docs/backoffice/four-eyes.md, Reward terms, on their own: which change applies at once. */
const bonus: BonusValue = {
  code: 'B',
  kind: 'bonus',
  type: 'limit',
  currency: 'BAHT',
  maxReceived: 1,
  totalMax: 100,
  percentFail: 50,
  amountRule: 'deposit_percent',
  amountMinor: null,
  depositPercent: 100,
  amountCapMinor: '100000',
  depositWindowHours: 24,
  winMultiple: 5,
  endBelowMinor: '1000',
  names: { th: 'บ', lo: '', en: 'B' },
  descriptions: { th: '', lo: '', en: '' },
  banners: [],
  sortOrder: 0,
  active: true,
};

describe('a bonus change', () => {
  it('tightens when inactive afterwards, whatever its terms', () => {
    expect(bonusTightens(bonus, { ...bonus, active: false, amountCapMinor: '99999999' })).toBe(true);
    expect(bonusTightens(null, { ...bonus, active: false })).toBe(true);
  });

  it('waits to become active, even with the same terms', () => {
    expect(bonusTightens({ ...bonus, active: false }, bonus)).toBe(false);
    expect(bonusTightens(null, bonus)).toBe(false);
  });

  it('tightens with texts alone, or every money term equal or stricter', () => {
    expect(bonusTightens(bonus, { ...bonus, names: { th: 'ใหม่', lo: '', en: 'New' }, sortOrder: 9 })).toBe(true);
    const stricter = { depositPercent: 50, amountCapMinor: '50000', depositWindowHours: 1, winMultiple: 6 };
    expect(bonusTightens(bonus, { ...bonus, ...stricter, percentFail: 100, endBelowMinor: '0', totalMax: 1 })).toBe(
      true,
    );
  });

  it('treats no total limit as the loosest: adding one tightens, removing one waits', () => {
    expect(bonusTightens({ ...bonus, totalMax: null }, { ...bonus, totalMax: 1_000_000 })).toBe(true);
    expect(bonusTightens(bonus, { ...bonus, totalMax: null })).toBe(false);
  });

  it('waits for a higher floor: near the bonus it pays the bonus out after one bet', () => {
    expect(bonusTightens(bonus, { ...bonus, endBelowMinor: '1001' })).toBe(false);
  });
});

describe('a refund programme change', () => {
  const on = { enabled: true, period: 'week', percent: 5, minimum: 0, cap: 5000, successPercent: 100 } as const;
  it('waits for no cap, and refuses it as past every ceiling', () => {
    expect(refundTightens(on, { ...on, cap: 0 })).toBe(false);
    expect(refundTightens({ ...on, cap: 0 }, on)).toBe(true);
    const ceilings = {
      rewardMinor: { BAHT: 5_000_000n, LAK: 1_500_000_000n },
      bonusDepositPercent: 200,
      cashbackPercent: 25,
    };
    expect(() => checkRefundCeiling(ceilings, { ...on, cap: 0 })).toThrow('CEILING_EXCEEDED');
    expect(() => checkRefundCeiling(ceilings, { ...on, cap: 50_000 })).not.toThrow();
    expect(() => checkRefundCeiling(ceilings, { ...on, cap: 50_000.01 })).toThrow('CEILING_EXCEEDED');
  });
});

describe('a wheel change', () => {
  const withSlices = (change: (slice: (typeof DEMO_WHEEL.slices)[number]) => object) => ({
    ...DEMO_WHEEL,
    slices: DEMO_WHEEL.slices.map((slice) => ({ ...slice, ...change(slice) })),
  });

  it('tightens when every cash chance falls: all weights doubled is the same wheel, a losing slice heavier is less', () => {
    expect(
      wheelTightens(
        DEMO_WHEEL,
        withSlices((slice) => ({ weight: slice.weight * 2 })),
      ),
    ).toBe(true);
    expect(
      wheelTightens(
        DEMO_WHEEL,
        withSlices((slice) => (slice.code === 'GOOD_LUCK' ? { weight: 50 } : {})),
      ),
    ).toBe(true);
  });

  it('waits when one cash chance rises, even if the expected return falls', () => {
    const shifted = withSlices((slice) =>
      slice.code === 'CASH_10' ? { weight: 40 } : slice.code === 'CASH_500' ? { weight: 0 } : {},
    );
    expect(wheelTightens(DEMO_WHEEL, shifted)).toBe(false);
  });

  it('waits for a currency added to a prize or to the coin rule', () => {
    const baht = withSlices((slice) =>
      slice.prize.type === 'cash' ? { prize: { type: 'cash', amount: { BAHT: slice.prize.amount?.BAHT ?? 1 } } } : {},
    );
    expect(wheelTightens(baht, DEMO_WHEEL)).toBe(false);
    const rules = { depositPerCoin: { BAHT: 100 }, couponExpiryHours: 168 };
    expect(rulesTightens(rules, { ...rules, depositPerCoin: { BAHT: 100, LAK: 30000 } })).toBe(false);
    expect(rulesTightens({ ...rules, depositPerCoin: { BAHT: 100, LAK: 30000 } }, rules)).toBe(true);
  });

  it("reads a claimed prize's unset terms as their defaults", () => {
    const rules = { depositPerCoin: { BAHT: 100 }, couponExpiryHours: 168 };
    expect(rulesTightens(rules, { ...rules, prizeWinMultiple: 1, prizePercentFail: 100 })).toBe(true);
    expect(rulesTightens(rules, { ...rules, prizePercentFail: 99 })).toBe(false);
  });
});
