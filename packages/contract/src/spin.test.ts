import { describe, expect, it } from 'vitest';
import { type WheelReturnSlice, wheelExpectedReturn } from './spin.ts';

const cash = (weight: number, amount: Record<string, number>): WheelReturnSlice => ({
  weight,
  prize: { type: 'cash', amount },
});
const none = (weight: number): WheelReturnSlice => ({ weight, prize: { type: 'none' } });
const item = (weight: number): WheelReturnSlice => ({ weight, prize: { type: 'item' } });

/** The demo wheel of docs/promotions/wheel.md (Weights and odds): weights add up to 100. */
const DEMO = [
  cash(30, { BAHT: 10, LAK: 3_000 }),
  cash(20, { BAHT: 20, LAK: 6_000 }),
  none(25),
  cash(10, { BAHT: 50, LAK: 15_000 }),
  cash(5, { BAHT: 100, LAK: 30_000 }),
  item(4),
  cash(1, { BAHT: 500, LAK: 150_000 }),
  none(5),
];

describe('wheelExpectedReturn', () => {
  it('gives the demo wheel 22 baht a spin, 22% of the 100 baht that earn a coin (and the same in kip)', () => {
    expect(wheelExpectedReturn(DEMO, { BAHT: 100, LAK: 30_000 }, ['BAHT', 'LAK'])).toEqual([
      { currency: 'BAHT', cashPerSpin: 22, depositPerCoin: 100, percentOfDeposit: 22, missingAmount: false },
      { currency: 'LAK', cashPerSpin: 6_600, depositPerCoin: 30_000, percentOfDeposit: 22, missingAmount: false },
    ]);
  });

  it('weighs each cash prize by its weight over the sum of all weights; items and losing slices pay no cash', () => {
    // (1 x 10 + 2 x 0.05) / (1 + 2 + 3 + 4) = 1.01 baht; 1.01 of 7 baht is 14.43%.
    const [baht] = wheelExpectedReturn(
      [cash(1, { BAHT: 10 }), cash(2, { BAHT: 0.05 }), none(3), item(4)],
      { BAHT: 7 },
      ['BAHT'],
    );
    expect(baht).toEqual({
      currency: 'BAHT',
      cashPerSpin: 1.01,
      depositPerCoin: 7,
      percentOfDeposit: 14.43,
      missingAmount: false,
    });
  });

  it('rounds to the satang and to hundredths of a percent, half up, from exact sums', () => {
    // 1 baht on one slice in 3: 0.3333 baht, shown 0.33; of 1 baht per coin, 33.33%. 2 in 3: 0.67, 66.67%.
    expect(wheelExpectedReturn([cash(1, { BAHT: 1 }), none(2)], { BAHT: 1 }, ['BAHT'])[0]).toMatchObject({
      cashPerSpin: 0.33,
      percentOfDeposit: 33.33,
    });
    expect(wheelExpectedReturn([cash(2, { BAHT: 1 }), none(1)], { BAHT: 1 }, ['BAHT'])[0]).toMatchObject({
      cashPerSpin: 0.67,
      percentOfDeposit: 66.67,
    });
    // The largest wheel the schema allows stays exact: 24 slices of weight 1,000,000 at 100,000,000 baht each.
    const huge = Array.from({ length: 24 }, () => cash(1_000_000, { BAHT: 100_000_000 }));
    expect(wheelExpectedReturn(huge, { BAHT: 0.01 }, ['BAHT'])[0]).toMatchObject({
      cashPerSpin: 100_000_000,
      percentOfDeposit: 1_000_000_000_000,
    });
  });

  it('has no percentage for a currency that earns no coins, and flags a drawable cash slice with no amount', () => {
    const slices = [cash(1, { BAHT: 10 }), cash(0, { BAHT: 99 }), none(1)];
    expect(wheelExpectedReturn(slices, { BAHT: 100 }, ['BAHT', 'LAK'])).toEqual([
      { currency: 'BAHT', cashPerSpin: 5, depositPerCoin: 100, percentOfDeposit: 5, missingAmount: false },
      // LAK earns no coins, and its members could land on a cash slice with no kip amount.
      { currency: 'LAK', cashPerSpin: 0, depositPerCoin: null, percentOfDeposit: null, missingAmount: true },
    ]);
    // A slice that is never drawn (weight 0) needs no amount.
    expect(wheelExpectedReturn([cash(0, { BAHT: 1 }), none(1)], {}, ['LAK'])[0]?.missingAmount).toBe(false);
  });

  it('answers nothing while the weights add up to 0 (no draw is possible), or a value is not an amount', () => {
    expect(wheelExpectedReturn([cash(0, { BAHT: 10 }), none(0)], { BAHT: 100 }, ['BAHT'])).toEqual([]);
    // An amount with a third decimal counts as missing; a per-coin deposit of 0 earns no coins.
    expect(wheelExpectedReturn([cash(1, { BAHT: 1.234 })], { BAHT: 0 }, ['BAHT'])).toEqual([
      { currency: 'BAHT', cashPerSpin: 0, depositPerCoin: null, percentOfDeposit: null, missingAmount: true },
    ]);
  });
});
