import { describe, expect, it } from 'vitest';
import { majorToMinor, minorToMajor } from './money.ts';

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

describe('minorToMajor', () => {
  it('shows minor units with 2 decimals', () => {
    expect(minorToMajor('10000')).toBe('100.00');
    expect(minorToMajor('7')).toBe('0.07');
    expect(minorToMajor('0')).toBe('0.00');
  });
});
