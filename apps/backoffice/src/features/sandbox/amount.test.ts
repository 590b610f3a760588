import { describe, expect, it } from 'vitest';
import { amountToMinor } from './amount.ts';

// The sandbox's typed amounts: the operator's rule (up to 14 whole digits, at most 2 decimals) and more than 0.
// Where it differs from the contract's toMinor, what the sandbox screen accepted before the one conversion
// (packages/client-core) took over.
describe('a sandbox amount', () => {
  it('is minor units of more than 0, with up to 14 whole digits', () => {
    expect(amountToMinor('250.5')).toBe('25050');
    expect(amountToMinor(' 1,234.56 ')).toBe('123456');
    expect(amountToMinor('99999999999999.99')).toBe('9999999999999999');
  });

  it('refuses 0, a 15th whole digit, a third decimal and a sign', () => {
    for (const text of ['0', '0.00', '100000000000000', '1.234', '-5', '+5', '', '.5']) {
      expect(amountToMinor(text), text).toBeNull();
    }
  });
});
