import { describe, expect, it } from 'vitest';
import { majorToMinor, minorToMajor } from './money-input.ts';

describe('majorToMinor', () => {
  it('turns baht or kip with up to 2 decimals into minor units', () => {
    expect(majorToMinor('100')).toBe('10000');
    expect(majorToMinor('1,234.5')).toBe('123450');
    expect(majorToMinor(' 0.07 ')).toBe('7');
    expect(majorToMinor('30000000.00')).toBe('3000000000');
  });

  it('refuses what is not an amount', () => {
    for (const text of ['', '-1', '1.234', 'abc', '1e5', '.5']) expect(majorToMinor(text), text).toBeNull();
  });
});

// Where the operator's rule differs from the contract's toMinor (packages/contract/src/money.ts): what the
// back-office accepted before the one conversion (packages/client-core) took over.
describe('majorToMinor, where the contract reads amounts otherwise', () => {
  it("accepts up to 14 whole digits, past the contract's AMOUNT_MAX, exactly", () => {
    expect(majorToMinor('100000000.01')).toBe('10000000001');
    expect(majorToMinor('99,999,999,999,999.99')).toBe('9999999999999999');
    expect(majorToMinor('12345678901234.56')).toBe('1234567890123456');
  });

  it('refuses a 15th whole digit, leading zeros included', () => {
    expect(majorToMinor('100000000000000')).toBeNull();
    expect(majorToMinor('000000000000001')).toBeNull();
    expect(majorToMinor('00000000000001')).toBe('100');
  });

  it('reads commas anywhere and spaces only around the amount', () => {
    expect(majorToMinor('1,2,3')).toBe('12300');
    expect(majorToMinor('1 000')).toBeNull();
    expect(majorToMinor('+1')).toBeNull();
  });

  it('refuses what Number() would read as an amount', () => {
    for (const text of ['0x10', '1e2', ' ', '5.', 'Infinity']) expect(majorToMinor(text), text).toBeNull();
  });
});

describe('minorToMajor', () => {
  it('shows minor units with 2 decimals', () => {
    expect(minorToMajor('10000')).toBe('100.00');
    expect(minorToMajor('7')).toBe('0.07');
    expect(minorToMajor('0')).toBe('0.00');
  });
});
