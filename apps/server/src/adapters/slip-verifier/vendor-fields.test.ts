import { describe, expect, it } from 'vitest';
import { SlipVerifierUnavailableError } from './slip-verifier.ts';
import { bahtToMinor, bangkokTime, isoTime, ourBank, ourBankByName, shownName, shownText } from './vendor-fields.ts';

/** The readers of the vendors' fields (adapters/slip-verifier/slipok.ts, easyslip.ts): exact or refused. */
describe("reading a vendor's fields", () => {
  it('reads baht (a JSON number) as minor units exactly, from its decimal text', () => {
    const read = (text: string) => bahtToMinor(JSON.parse(text), 'Vendor');
    expect(read('50')).toBe(5000n);
    expect(read('1500.50')).toBe(150050n);
    expect(read('1500.5')).toBe(150050n);
    expect(read('0.01')).toBe(1n);
    expect(read('0.1')).toBe(10n);
    // 0.1 + 0.2 is not 0.3 in binary: the decimal text the vendor sent is what is read, never a product.
    expect(read('0.3')).toBe(30n);
    expect(read('19.99')).toBe(1999n);
    expect(read('1234567.89')).toBe(123456789n);
    expect(read('99999999999.99')).toBe(9999999999999n);
  });

  it('refuses a third decimal, zero, a negative or a non-number amount as no answer', () => {
    for (const value of [12.345, 0, -5, 0.001, 1e21, Number.NaN, '50', null, undefined, {}]) {
      expect(() => bahtToMinor(value, 'Vendor'), String(value)).toThrow(SlipVerifierUnavailableError);
    }
    expect(() => bahtToMinor(12.345, 'Vendor')).toThrow('Vendor answered an unreadable amount');
  });

  it("reads a slip's date and time (yyyyMMdd, HH:mm:ss) as Bangkok time", () => {
    expect(bangkokTime('20200401', '10:15:07', 'Vendor').toISOString()).toBe('2020-04-01T03:15:07.000Z');
    // Before 07:00 in Bangkok it is still the day before in UTC.
    expect(bangkokTime('20260101', '06:59:59', 'Vendor').toISOString()).toBe('2025-12-31T23:59:59.000Z');
    for (const [date, time] of [
      ['20200431', '10:15:07'],
      ['2020-04-01', '10:15:07'],
      ['20201301', '10:15:07'],
      ['20200401', '24:00:00'],
      ['20200401', '10:60:00'],
      ['20200401', '10:15'],
      [20200401, '10:15:07'],
    ]) {
      expect(() => bangkokTime(date, time, 'Vendor'), `${date} ${time}`).toThrow(SlipVerifierUnavailableError);
    }
  });

  it('reads an ISO 8601 time only with its offset', () => {
    expect(isoTime('2023-01-01T00:00:00+07:00', 'Vendor').toISOString()).toBe('2022-12-31T17:00:00.000Z');
    expect(isoTime('2020-04-01T03:15:07.000Z', 'Vendor').toISOString()).toBe('2020-04-01T03:15:07.000Z');
    for (const value of ['2023-01-01T00:00:00', '2023-02-30T00:00:00Z', 'yesterday', 1672531200000, null]) {
      expect(() => isoTime(value, 'Vendor'), String(value)).toThrow(SlipVerifierUnavailableError);
    }
  });

  it('names banks by our codes from their Bank of Thailand codes; an unknown one is not named', () => {
    expect(ourBank('004')).toBe('KBANK');
    expect(ourBank('014')).toBe('SCB');
    expect(ourBank('999')).toBeNull();
    expect(ourBank('')).toBeNull();
    expect(ourBank(undefined)).toBeNull();
    expect(ourBank(4)).toBeNull();
    expect(ourBankByName('KBANK')).toBe('KBANK');
    expect(ourBankByName('KBank')).toBeNull();
    expect(ourBankByName('TTB')).toBeNull();
    expect(ourBankByName(undefined)).toBeNull();
  });

  it('keeps what the vendor shows as shown (masked), and nothing for an empty field', () => {
    expect(shownText('xxx-x-x0209-x', 'Vendor')).toBe('xxx-x-x0209-x');
    expect(shownText('  1234xxxx5678 ', 'Vendor')).toBe('1234xxxx5678');
    expect(shownText('', 'Vendor')).toBeNull();
    expect(shownText(null, 'Vendor')).toBeNull();
    expect(shownText(undefined, 'Vendor')).toBeNull();
    expect(() => shownText(1234, 'Vendor')).toThrow(SlipVerifierUnavailableError);
    expect(() => shownText('x'.repeat(201), 'Vendor')).toThrow(SlipVerifierUnavailableError);
  });

  it('tells a Thai name from an English one', () => {
    expect(shownName('นาย กสิกร ร', 'Vendor')).toEqual({ th: 'นาย กสิกร ร', en: null });
    expect(shownName('MR. KASIKORN R', 'Vendor')).toEqual({ th: null, en: 'MR. KASIKORN R' });
    expect(shownName('', 'Vendor')).toEqual({ th: null, en: null });
  });
});
