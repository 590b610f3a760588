import { describe, expect, it } from 'vitest';
import { slotValueMinor, totalBalanceMinor } from './money.ts';

const slot = (amount: number, ftWalletSlot: number, isActive = true) => ({ amount, ftWalletSlot, isActive });

describe('total balance', () => {
  it('adds the wallet and every active game account exactly, where floats drift', () => {
    // 0.1 + 0.2 + 0.7 is 1.0000000000000002 in doubles; the total must read 1.00.
    const wallet = { wallet: { amount: 0.1, currency: 'BAHT' }, slots: [slot(0.2, 1), slot(0.7, 1)] };
    expect(totalBalanceMinor(wallet as never)).toBe(100n);
  });

  it('leaves out inactive accounts', () => {
    const wallet = { wallet: { amount: 10, currency: 'BAHT' }, slots: [slot(5, 1), slot(99.99, 1, false)] };
    expect(totalBalanceMinor(wallet as never)).toBe(1500n);
  });

  it('multiplies each balance by its factor, rounding once to the satang', () => {
    expect(slotValueMinor(slot(1.01, 0.5))).toBe(51n); // 0.505 -> 0.51, half away from zero
    expect(slotValueMinor(slot(100, 2))).toBe(20000n);
    expect(slotValueMinor(slot(33.33, 0.1))).toBe(333n);
  });

  it('stays exact for large balances', () => {
    const wallet = { wallet: { amount: 99_999_999.99, currency: 'BAHT' }, slots: [slot(0.01, 1)] };
    expect(totalBalanceMinor(wallet as never)).toBe(10_000_000_000n);
  });
});
