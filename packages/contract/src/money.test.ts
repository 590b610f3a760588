import { describe, expect, it } from 'vitest';
import { AMOUNT_MAX, amountField, isAmount, toMajor, toMinor } from './money.ts';

describe('money at the API edge', () => {
  it('turns amounts of up to 2 decimals into exact minor units, despite binary floating point', () => {
    expect(toMinor(0.29)).toBe(29n);
    expect(toMinor(1.005 + 0.005)).toBe(101n);
    expect(toMinor(100)).toBe(10_000n);
    expect(toMinor(AMOUNT_MAX)).toBe(10_000_000_000n);
    expect(toMinor(0.1 + 0.2)).toBe(30n);
  });

  it('refuses a third decimal, negatives, NaN, infinities and amounts over the maximum', () => {
    for (const bad of [0.001, 1.005, -1, Number.NaN, Number.POSITIVE_INFINITY, AMOUNT_MAX + 0.01]) {
      expect(isAmount(bad), String(bad)).toBe(false);
      expect(() => toMinor(bad)).toThrow(RangeError);
    }
  });

  it('gives minor units back as the API number', () => {
    expect(toMajor(29n)).toBe(0.29);
    expect(toMajor(123_456_789n)).toBe(1_234_567.89);
    expect(toMajor(-150n)).toBe(-1.5);
    expect(toMajor(0n)).toBe(0);
  });

  it('validates request amounts with the codes the client translates', () => {
    expect(amountField.safeParse(10.5).success).toBe(true);
    expect(amountField.safeParse(0).error?.issues[0]?.message).toBe('KEY_INVALID');
    expect(amountField.safeParse(1.234).error?.issues[0]?.message).toBe('KEY_INVALID');
    expect(amountField.safeParse('10').error?.issues[0]?.message).toBe('KEY_INVALID');
    expect(amountField.safeParse(undefined).error?.issues[0]?.message).toBe('KEY_MISSING');
  });
});
