import { wheelExpectedReturn } from '@member-wallet/contract/spin';
import { describe, expect, it } from 'vitest';
import { DEMO_WHEEL } from './spin.demo.ts';

describe('the demo wheel', () => {
  it('returns 22% of the deposit that earns a coin, as docs/promotions/wheel.md says and the back-office shows', () => {
    // The first spinRules (migration 0014): a coin per 100 baht, or per 30,000 kip.
    expect(wheelExpectedReturn(DEMO_WHEEL.slices, { BAHT: 100, LAK: 30_000 }, ['BAHT', 'LAK'])).toEqual([
      { currency: 'BAHT', cashPerSpin: 22, depositPerCoin: 100, percentOfDeposit: 22, missingAmount: false },
      { currency: 'LAK', cashPerSpin: 6_600, depositPerCoin: 30_000, percentOfDeposit: 22, missingAmount: false },
    ]);
  });
});
