import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../i18n/member/en.json';
import lo from '../i18n/member/lo.json';
import th from '../i18n/member/th.json';
import {
  formatAmount,
  formatBankAccount,
  formatDate,
  formatDateTime,
  formatMinorUnits,
  formatMoney,
  formatMoneyMinor,
  formatRelativeTime,
  minorUnitsOf,
  parseAmount,
  relativeTime,
} from './format.ts';

/** 15 January 2025, 09:05:03 in Bangkok and Vientiane. */
const MORNING = '2025-01-15T02:05:03Z';

describe('formatDateTime', () => {
  it('prints DD/MM/YYYY HH:mm:ss in Indochina Time, whatever the input form', () => {
    expect(formatDateTime(MORNING)).toBe('15/01/2025 09:05:03');
    expect(formatDateTime(new Date(MORNING))).toBe('15/01/2025 09:05:03');
    expect(formatDateTime(Date.parse(MORNING))).toBe('15/01/2025 09:05:03');
  });

  it('rolls over to the next day and year at 17:00 UTC', () => {
    expect(formatDateTime('2024-12-31T17:00:00Z')).toBe('01/01/2025 00:00:00');
    expect(formatDateTime('2024-12-31T16:59:59Z')).toBe('31/12/2024 23:59:59');
  });

  it('takes another offset when asked', () => {
    expect(formatDateTime(MORNING, 0)).toBe('15/01/2025 02:05:03');
  });

  it('refuses what is not a date', () => {
    expect(() => formatDateTime('yesterday')).toThrow(RangeError);
  });
});

describe('formatDate', () => {
  it('prints DD/MM/YYYY in Indochina Time, the common-era year in every language (one rule, spec section 9)', () => {
    expect(formatDate(MORNING)).toBe('15/01/2025');
    expect(formatDate('2024-12-31T17:00:00Z')).toBe('01/01/2025');
    expect(formatDateTime(MORNING).startsWith(formatDate(MORNING))).toBe(true);
  });
});

describe('amounts', () => {
  it('prints at least two decimals with thousands separators', () => {
    expect(formatAmount(1234.5)).toBe('1,234.50');
    expect(formatAmount(0)).toBe('0.00');
    expect(formatAmount(7)).toBe('7.00');
    expect(formatAmount(999.99)).toBe('999.99');
    expect(formatAmount(1_000)).toBe('1,000.00');
    expect(formatAmount(1_234_567.89)).toBe('1,234,567.89');
    expect(formatAmount(-1234.5)).toBe('-1,234.50');
  });

  it('has no floating-point surprises', () => {
    expect(formatAmount(0.1 + 0.2)).toBe('0.30');
    expect(formatAmount(1.005)).toBe('1.01');
    expect(formatAmount(1.1 * 3)).toBe('3.30');
    expect(formatAmount(0.000_000_1)).toBe('0.00');
    expect(minorUnitsOf(19.99)).toBe(1999n);
    expect(minorUnitsOf(-0.5)).toBe(-50n);
  });

  // Where the member screens' rule differs from the contract's toMinor (packages/contract/src/money.ts), which
  // refuses all of these: what the screens showed before the one conversion (packages/client-core) took over.
  describe('where the contract would refuse the amount', () => {
    it('shows a negative amount (a statement line, a balance) with its sign', () => {
      expect(minorUnitsOf(-1234.5)).toBe(-123_450n);
      expect(minorUnitsOf(-1.005)).toBe(-101n);
      expect(formatAmount(-0.07)).toBe('-0.07');
    });

    it('rounds a third decimal half away from zero on the digits the number prints as', () => {
      expect(minorUnitsOf(2.675)).toBe(268n);
      expect(minorUnitsOf(1.004)).toBe(100n);
      expect(minorUnitsOf(19.999)).toBe(2000n);
      expect(formatAmount(0.125)).toBe('0.13');
      expect(formatAmount(-0.125)).toBe('-0.13');
    });

    it('shows a less-than-a-millionth amount, printed in exponent notation, as zero', () => {
      expect(minorUnitsOf(1e-7)).toBe(0n);
      expect(minorUnitsOf(-1e-7)).toBe(0n);
    });

    it("shows amounts over the contract's AMOUNT_MAX up to the last one a double counts in minor units", () => {
      expect(minorUnitsOf(100_000_000.01)).toBe(10_000_000_001n);
      expect(formatAmount(90_071_992_547_409)).toBe('90,071,992,547,409.00');
      expect(() => formatAmount(90_071_992_547_410)).toThrow(RangeError);
    });
  });

  it('refuses what is not a safe amount', () => {
    expect(() => formatAmount(Number.NaN)).toThrow(RangeError);
    expect(() => formatAmount(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => formatAmount(1e15)).toThrow(RangeError);
  });

  it('formats integer minor units exactly, beyond what a double holds', () => {
    expect(formatMinorUnits(123_450n)).toBe('1,234.50');
    expect(formatMinorUnits(5)).toBe('0.05');
    expect(formatMinorUnits(-5n)).toBe('-0.05');
    expect(formatMinorUnits(123_456_789_012_345_678_901n)).toBe('1,234,567,890,123,456,789.01');
    expect(() => formatMinorUnits(1.5)).toThrow(RangeError);
  });

  it('marks baht with ฿ and kip in the reader’s script', () => {
    expect(formatMoney('th', 1234.5, 'THB')).toBe('฿1,234.50');
    expect(formatMoney('en', -20, 'THB')).toBe('-฿20.00');
    expect(formatMoney('lo', 1234.5, 'LAK')).toBe('1,234.50 ກີບ');
    expect(formatMoney('th', 1234.5, 'LAK')).toBe('1,234.50 กีบ');
    expect(formatMoney('en', 1234.5, 'LAK')).toBe('LAK 1,234.50');
    expect(formatMoneyMinor('lo', 5_000_000n, 'LAK')).toBe('50,000.00 ກີບ');
  });
});

describe('formatBankAccount', () => {
  it('groups ten digits 3-3-rest', () => {
    expect(formatBankAccount('1234567890')).toBe('123-456-7890');
    expect(formatBankAccount('123-456-789-0')).toBe('123-456-7890');
  });

  it('leaves other lengths as they are', () => {
    expect(formatBankAccount('123456789')).toBe('123456789');
    expect(formatBankAccount('123456789012')).toBe('123456789012');
    expect(formatBankAccount(' 0101234567890 ')).toBe('0101234567890');
  });
});

describe('relative time', () => {
  const now = Date.parse('2025-06-01T00:00:00Z');
  const ago = (ms: number) => now - ms;
  const second = 1_000;
  const minute = 60 * second;
  const hour = 60 * minute;
  const day = 24 * hour;

  it('picks the largest whole unit; a month is 30 days, a year 365', () => {
    expect(relativeTime(ago(999), now)).toBeNull();
    expect(relativeTime(ago(-5 * second), now)).toBeNull();
    expect(relativeTime(ago(59 * second), now)).toEqual({ unit: 'seconds', count: 59 });
    expect(relativeTime(ago(minute), now)).toEqual({ unit: 'minutes', count: 1 });
    expect(relativeTime(ago(23 * hour + 59 * minute), now)).toEqual({ unit: 'hours', count: 23 });
    expect(relativeTime(ago(29 * day), now)).toEqual({ unit: 'days', count: 29 });
    expect(relativeTime(ago(30 * day), now)).toEqual({ unit: 'months', count: 1 });
    expect(relativeTime(ago(364 * day), now)).toEqual({ unit: 'months', count: 12 });
    expect(relativeTime(ago(365 * day), now)).toEqual({ unit: 'years', count: 1 });
    expect(relativeTime(ago(800 * day), now)).toEqual({ unit: 'years', count: 2 });
  });

  it('speaks English with singular and plural', () => {
    expect(formatRelativeTime('en', ago(1 * minute), now, en.time)).toBe('1 minute ago');
    expect(formatRelativeTime('en', ago(3 * minute), now, en.time)).toBe('3 minutes ago');
    expect(formatRelativeTime('en', ago(2 * 365 * day), now, en.time)).toBe('2 years ago');
    expect(formatRelativeTime('en', ago(10), now, en.time)).toBe('Just now');
  });

  it('speaks Thai and Lao with their single plural form', () => {
    expect(formatRelativeTime('th', ago(1 * hour), now, th.time)).toBe('1 ชั่วโมงที่แล้ว');
    expect(formatRelativeTime('th', ago(45 * second), now, th.time)).toBe('45 วินาทีที่แล้ว');
    expect(formatRelativeTime('lo', ago(1 * day), now, lo.time)).toBe('1 ມື້ກ່ອນ');
    expect(formatRelativeTime('lo', ago(61 * day), now, lo.time)).toBe('2 ເດືອນກ່ອນ');
    expect(formatRelativeTime('lo', ago(0), now, lo.time)).toBe('ເມື່ອຄູ່ນີ້');
  });
});

describe('parseAmount', () => {
  it('reads digits with up to 2 decimals and refuses the rest', () => {
    expect(parseAmount('1,000.50')).toBe(1000.5);
    expect(parseAmount(' 12 ')).toBe(12);
    expect(parseAmount('1.234')).toBeNull();
    expect(parseAmount('-5')).toBeNull();
    expect(parseAmount('abc')).toBeNull();
    expect(parseAmount('')).toBeNull();
  });
});

describe('one date rule', () => {
  it('leaves dates to formatDate and formatDateTime: no screen formats a date its own way', () => {
    const root = join(import.meta.dirname, '..');
    const own = /toLocale(Date)?String|Intl\.DateTimeFormat|getFullYear|getUTCFullYear|formatLongDate|\b25[6-9]\d\b/;
    const offenders = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith('lib/format.ts'))
      .filter((file) => own.test(readFileSync(join(root, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
