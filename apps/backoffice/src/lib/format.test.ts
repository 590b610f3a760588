import { describe, expect, it } from 'vitest';
import { formatDateTime, formatMinor } from './format.ts';

describe('formatMinor', () => {
  it('shows two decimals, thousands separators and the currency', () => {
    expect(formatMinor('123456', 'THB')).toBe('1,234.56 THB');
    expect(formatMinor('5', 'THB')).toBe('0.05 THB');
    expect(formatMinor('100000000000000000001', 'LAK')).toBe('1,000,000,000,000,000,000.01 LAK');
    expect(formatMinor('-250', 'THB')).toBe('-2.50 THB');
  });
});

describe('formatDateTime', () => {
  it('shows DD/MM/YYYY HH:mm:ss in Asia/Bangkok', () => {
    expect(formatDateTime('2026-11-22T17:05:09.000Z')).toBe('23/11/2026 00:05:09');
  });
});
