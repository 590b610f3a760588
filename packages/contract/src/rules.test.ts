import { describe, expect, it } from 'vitest';
import { registerRequest, validateAccountRequest } from './account.ts';
import {
  isBankAccountNo,
  isEnglishName,
  isIdempotencyKey,
  isPersonName,
  isValidPhone,
  joinAccountName,
  normalizeAccountName,
  profileIdFromInviteCode,
} from './rules.ts';

describe('phone rule', () => {
  it('wants exactly 10 digits in the Thai build', () => {
    expect(isValidPhone('0812345678', 'TH')).toBe(true);
    expect(isValidPhone('081234567', 'TH')).toBe(false);
    expect(isValidPhone('08123456789', 'TH')).toBe(false);
    expect(isValidPhone('08123456a8', 'TH')).toBe(false);
  });
  it('skips the 10-digit rule in the Laos build but still wants digits', () => {
    expect(isValidPhone('02012345', 'LA')).toBe(true);
    expect(isValidPhone('2055512345', 'LA')).toBe(true);
    expect(isValidPhone('020 1234', 'LA')).toBe(false);
  });
});

describe('account names', () => {
  it('upper-cases, trims and folds spaces', () => {
    expect(normalizeAccountName('  somchai   jaidee ')).toBe('SOMCHAI JAIDEE');
    expect(joinAccountName(' somchai', 'jaidee ')).toBe('SOMCHAI JAIDEE');
  });
  it('accepts English letters and single spaces only for the English rule', () => {
    expect(isEnglishName('SOMCHAI JAIDEE')).toBe(true);
    expect(isEnglishName('สมชาย ใจดี')).toBe(false);
    expect(isEnglishName('SOMCHAI1')).toBe(false);
    expect(isEnglishName('')).toBe(false);
  });
  it('accepts Thai and Lao names with their marks, and refuses markup', () => {
    expect(isPersonName('สมชาย ใจดี')).toBe(true);
    expect(isPersonName('ສົມພອນ ແກ້ວມະນີ')).toBe(true);
    expect(isPersonName('<script>alert(1)</script>')).toBe(false);
    expect(isPersonName("x'); DROP TABLE members;--")).toBe(false);
  });
});

describe('bank account numbers and invite codes', () => {
  it('wants 6 to 20 digits', () => {
    expect(isBankAccountNo('1234567890')).toBe(true);
    expect(isBankAccountNo('12345')).toBe(false);
    expect(isBankAccountNo('123-456-7890')).toBe(false);
  });
  it('reads the profile id out of PR{profile id}', () => {
    expect(profileIdFromInviteCode('PRAB12CD34')).toBe('AB12CD34');
    expect(profileIdFromInviteCode('pr ab12')).toBe(null);
    expect(profileIdFromInviteCode('XYZ')).toBe(null);
  });
});

describe('registration schema', () => {
  const valid = {
    name: 'Somchai',
    username: '0812345678',
    password: 'secret123',
    bankCode: 'KBANK',
    bankAccountName: ' somchai  jaidee ',
    bankAccountNo: '1234567890',
  };
  it('normalizes the account name', () => {
    const result = registerRequest('TH').safeParse(valid);
    expect(result.success && result.data.bankAccountName).toBe('SOMCHAI JAIDEE');
  });
  it('reports the 10-digit code on a short Thai phone', () => {
    const result = registerRequest('TH').safeParse({ ...valid, username: '08123' });
    expect(result.error?.issues[0]?.message).toBe('PHONE_NUMBER_REQUIRE_10_DIGIT');
  });
  it('asks English names for KTB', () => {
    const result = registerRequest('TH').safeParse({ ...valid, bankCode: 'KTB', bankAccountName: 'สมชาย ใจดี' });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['bankAccountName', 'BANK_ACCOUNT_NAME_ENG'],
    ]);
  });
  it('reports missing fields as KEY_MISSING', () => {
    const result = validateAccountRequest('TH').safeParse({ ...valid, name: '   ' });
    expect(result.error?.issues[0]?.message).toBe('KEY_MISSING');
  });
});

describe('idempotency keys', () => {
  it('takes 1 to 128 letters, digits and _ - : . (a UUID), nothing else', () => {
    expect(isIdempotencyKey('0b7c6a52-3f4e-4d5a-9c1e-2f6a7b8c9d0e')).toBe(true);
    expect(isIdempotencyKey('transfer:2024.01_a')).toBe(true);
    expect(isIdempotencyKey('k'.repeat(128))).toBe(true);
    expect(isIdempotencyKey('k'.repeat(129))).toBe(false);
    expect(isIdempotencyKey('')).toBe(false);
    expect(isIdempotencyKey('a b')).toBe(false);
    expect(isIdempotencyKey('คีย์')).toBe(false);
    expect(isIdempotencyKey('a/b')).toBe(false);
  });
});
