import { AMOUNT_MAX, isAmount, toMinor } from '@member-wallet/contract/money';
import { describe, expect, it } from 'vitest';
import { toMinorUnits } from './money.ts';

describe('toMinorUnits without rules: the contract’s rule', () => {
  it('answers what the contract’s toMinor answers, float noise included', () => {
    const amounts = [0, 0.01, 0.29, 0.1 + 0.2, 1.005 + 0.005, 1.1 * 3, 19.99, 100, 1234.56, AMOUNT_MAX];
    for (const amount of amounts) expect(toMinorUnits(amount), String(amount)).toBe(toMinor(amount));
  });

  it('refuses every number the contract refuses', () => {
    for (const amount of [0.001, 1.005, -1, -0.5, Number.NaN, Number.POSITIVE_INFINITY, AMOUNT_MAX + 0.01, 1e-7]) {
      expect(isAmount(amount), String(amount)).toBe(false);
      expect(toMinorUnits(amount), String(amount)).toBeNull();
    }
  });

  it('reads typed text exactly on its digits', () => {
    expect(toMinorUnits('0.07')).toBe(7n);
    expect(toMinorUnits(' 1,234.5 ')).toBe(123_450n);
    expect(toMinorUnits('100000000')).toBe(10_000_000_000n);
    expect(toMinorUnits('100000000.01')).toBeNull();
  });

  it('refuses text that is not digits with at most 2 decimals', () => {
    for (const text of ['', ' ', '.5', '5.', '1e5', '0x10', '+1', '-1', '1.234', '1 000', 'abc', 'Infinity']) {
      expect(toMinorUnits(text), text).toBeNull();
    }
  });
});

describe('toMinorUnits with a screen’s wider rules', () => {
  it('reads a minus sign when negatives are allowed', () => {
    expect(toMinorUnits(-1234.5, { negative: true })).toBe(-123_450n);
    expect(toMinorUnits('-0.07', { negative: true })).toBe(-7n);
  });

  it('rounds past the second decimal half away from zero on the printed digits', () => {
    const round = { negative: true, round: true };
    expect(toMinorUnits(1.005, round)).toBe(101n);
    expect(toMinorUnits(-1.005, round)).toBe(-101n);
    expect(toMinorUnits(2.675, round)).toBe(268n);
    expect(toMinorUnits(1.004, round)).toBe(100n);
    expect(toMinorUnits(0.1 + 0.2, round)).toBe(30n);
    expect(toMinorUnits(1e-7, round)).toBe(0n);
    expect(toMinorUnits(-1e-7, round)).toBe(0n);
  });

  it('counts whole digits instead of AMOUNT_MAX, exactly past what a double holds', () => {
    const typed = { wholeDigits: 14 };
    expect(toMinorUnits('99,999,999,999,999.99', typed)).toBe(9_999_999_999_999_999n);
    expect(toMinorUnits('00000000000001', typed)).toBe(100n);
    expect(toMinorUnits('000000000000001', typed)).toBeNull();
    expect(toMinorUnits(100_000_000.01, typed)).toBe(10_000_000_001n);
    expect(toMinorUnits(1e21, typed)).toBeNull();
  });
});
