import { describe, expect, it } from 'vitest';
import { readEnv } from './build-flags.ts';
import {
  checkAccountName,
  checkAccountNo,
  checkPasswordsMatch,
  checkPhone,
  checkRequired,
  upperCaseName,
} from './validation.ts';

describe('phone rule per build', () => {
  it('wants exactly 10 digits outside Laos', () => {
    expect(checkPhone('0812345678', 'TH')).toBeNull();
    expect(checkPhone('081234567', 'TH')).toBe('validation.phone10Digits');
    expect(checkPhone('08123456789', 'TH')).toBe('validation.phone10Digits');
    expect(checkPhone('', 'TH')).toBe('validation.phoneRequired');
  });

  it('skips the 10-digit rule in the Laos build', () => {
    expect(checkPhone('02055512', 'LA')).toBeNull();
    expect(checkPhone('2055512345', 'LA')).toBeNull();
    expect(checkPhone('020 555', 'LA')).toBe('validation.phoneInvalid');
  });
});

describe('password confirmation', () => {
  it("says Passwords don't match when they differ", () => {
    expect(checkPasswordsMatch('secret123', 'secret123')).toBeNull();
    expect(checkPasswordsMatch('secret123', 'secret124')).toBe('validation.passwordsDontMatch');
  });
});

describe('English-only account names', () => {
  it('applies to KTB, TMB and BBL only', () => {
    expect(checkAccountName('KTB', 'สมชาย')).toBe('validation.bankNameEnglishOnly');
    expect(checkAccountName('TMB', 'SOMCHAI1')).toBe('validation.bankNameEnglishOnly');
    expect(checkAccountName('BBL', ' somchai ')).toBeNull();
    expect(checkAccountName('KBANK', 'สมชาย')).toBeNull();
  });

  it('upper-cases as typed', () => {
    expect(upperCaseName('somchai')).toBe('SOMCHAI');
  });
});

describe('required fields', () => {
  it('refuses empty and blank values', () => {
    expect(checkRequired('')).toBe('validation.required');
    expect(checkRequired('   ')).toBe('validation.required');
    expect(checkRequired(undefined)).toBe('validation.required');
    expect(checkRequired('x')).toBeNull();
  });

  it("checks account numbers by the bank's length, whatever their spelling", () => {
    expect(checkAccountNo('KBANK', '123-4-56789-0')).toBeNull();
    expect(checkAccountNo('KBANK', '๑๒๓๔๕๖๗๘๙๐')).toBeNull();
    expect(checkAccountNo('KBANK', '01234567890')).toEqual({
      key: 'validation.accountNoDigits',
      values: { digits: 10, min: 10, max: 10 },
    });
    expect(checkAccountNo('GSB', '1234567890')).toMatchObject({ values: { digits: 12 } });
    expect(checkAccountNo('BCEL', '12345')).toEqual({
      key: 'validation.accountNoInvalid',
      values: { digits: 6, min: 6, max: 18 },
    });
    expect(checkAccountNo('', '123-456')).toBeNull();
    expect(checkAccountNo('KBANK', '12345/67890')).toMatchObject({ key: 'validation.accountNoDigits' });
  });
});

describe('build flags', () => {
  it('defaults to the Thai build', () => {
    expect(readEnv({})).toMatchObject({ country: 'TH', gameLaunch: 'new-tab', fpMinDeposit: 10, apiBase: '' });
  });

  it('reads the Laos build with Lao as default locale', () => {
    expect(readEnv({ VITE_COUNTRY: 'LA' })).toMatchObject({ country: 'LA', defaultLocale: 'lo' });
  });

  it('reads the chat backend address, which must be an http(s) or ws(s) URL', () => {
    expect(readEnv({}).chatUrl).toBe('');
    expect(readEnv({ VITE_CHAT_URL: 'wss://chat.example.test/' }).chatUrl).toBe('wss://chat.example.test');
    expect(() => readEnv({ VITE_CHAT_URL: 'javascript:alert(1)' })).toThrow(/VITE_CHAT_URL/);
  });

  it('names every bad variable', () => {
    expect(() => readEnv({ VITE_COUNTRY: 'VN', VITE_FP_MIN_DEPOSIT: 'abc' })).toThrow(
      /VITE_COUNTRY.*VITE_FP_MIN_DEPOSIT/,
    );
  });
});
