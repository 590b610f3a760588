import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MoneyInvariantError } from '../../lib/money-invariant.ts';
import { dueOnCancel, takeBack } from './bonus.rules.ts';

/** What a cancel is due and takes back (docs/promotions/bonuses.md), and the money rules they assert. */
describe('a bonus cancel', () => {
  it('is due the whole bonus and at most all that was won, and takes back no more than due or the wallet holds', () => {
    const minor = fc.bigInt({ min: -10_000_000n, max: 10_000_000n });
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10_000_000n }),
        fc.integer({ min: 0, max: 100 }),
        minor,
        minor,
        minor,
        (bonus, percentFail, netWin, wallet, holding) => {
          const due = dueOnCancel(bonus, percentFail, netWin);
          expect(due).toBeGreaterThanOrEqual(bonus);
          const { fromWallet, owed } = takeBack(due, wallet, holding);
          expect(fromWallet).toBeGreaterThanOrEqual(0n);
          expect(owed).toBeGreaterThanOrEqual(0n);
          expect(fromWallet + owed).toBeLessThanOrEqual(due);
          expect(fromWallet).toBeLessThanOrEqual(wallet > 0n ? wallet : 0n);
        },
      ),
    );
  });

  it('refuses, as a bug, a negative bonus or amount due and a percentFail outside 0 to 100', () => {
    expect(() => dueOnCancel(-1n, 50, 0n)).toThrow(MoneyInvariantError);
    expect(() => dueOnCancel(100n, 101, 0n)).toThrow(MoneyInvariantError);
    expect(() => dueOnCancel(100n, 12.5, 0n)).toThrow(MoneyInvariantError);
    expect(() => takeBack(-5n, 10n, 10n)).toThrow(/a cancel is due a negative -5/);
  });
});
