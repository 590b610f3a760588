import { describe, expect, it } from 'vitest';
import { registerRequest, validateAccountRequest } from './account.ts';
import {
  comparableAccountName,
  hasBaseLetter,
  isDisplayName,
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

describe('comparable account names (invite self-referral screening)', () => {
  it('ignores case, spaces and Thai, Lao and English titles', () => {
    const same = ['นายสมชาย ใจดี', 'นาย  สมชาย ใจดี ', 'สมชาย ใจดี'];
    expect(new Set(same.map(comparableAccountName))).toEqual(new Set(['สมชาย ใจดี']));
    expect(comparableAccountName('นางสาวสมศรี ใจดี')).toBe('สมศรี ใจดี');
    expect(comparableAccountName('น.ส. สมศรี ใจดี')).toBe('สมศรี ใจดี');
    expect(comparableAccountName('นางสมศรี ใจดี')).toBe('สมศรี ใจดี');
    expect(comparableAccountName('ທ້າວ ສົມໃຈ ໃຈດີ')).toBe('ສົມໃຈ ໃຈດີ');
    expect(comparableAccountName('ນາງສາວ ສົມສີ')).toBe('ສົມສີ');
    for (const name of ['Mr Somchai Jaidee', 'MR. SOMCHAI JAIDEE', 'mr.somchai  jaidee', 'somchai jaidee']) {
      expect(comparableAccountName(name)).toBe('SOMCHAI JAIDEE');
    }
    expect(comparableAccountName('Mrs Somsri Jaidee')).toBe('SOMSRI JAIDEE');
    expect(comparableAccountName('MISS SOMSRI JAIDEE')).toBe('SOMSRI JAIDEE');
    expect(comparableAccountName('Ms. Somsri Jaidee')).toBe('SOMSRI JAIDEE');
  });
  it('strips an English title only as a word of its own, and never the whole name', () => {
    expect(comparableAccountName('MRSOMCHAI JAIDEE')).toBe('MRSOMCHAI JAIDEE');
    expect(comparableAccountName('MISSY JAIDEE')).toBe('MISSY JAIDEE');
    expect(comparableAccountName('MR')).toBe('MR');
    expect(comparableAccountName('นาย')).toBe('นาย');
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
  it('wants a base letter: Thai or Lao marks alone, or a mark before any letter, are no name', () => {
    for (const marksOnly of ['\u0e31\u0e34\u0e35', '\u0eb1\u0eb4', '\u0e48 \u0e49', '\u0e31สมชาย']) {
      expect(isPersonName(marksOnly), marksOnly).toBe(false);
      expect(isDisplayName(marksOnly), marksOnly).toBe(false);
    }
    expect(hasBaseLetter('\u0e31\u0e34\u0e35')).toBe(false);
    expect(hasBaseLetter('123_45')).toBe(false);
    expect(hasBaseLetter('สมชาย')).toBe(true);
    expect(hasBaseLetter('ສົມພອນ')).toBe(true);
    expect(hasBaseLetter('somchai')).toBe(true);
    expect(isDisplayName('สมชาย_01')).toBe(true);
    expect(isDisplayName('007')).toBe(false);
  });
});

describe('invite codes', () => {
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

describe('the profile step and registration agree', () => {
  const valid = {
    name: 'Somchai',
    username: '0812345678',
    password: 'secret123',
    bankCode: 'KBANK',
    bankAccountName: 'somchai jaidee',
    bankAccountNo: '1234567890',
  };
  function codes(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
    return (result.error?.issues ?? []).map((issue): [string, string] => [issue.path.join('.'), issue.message]);
  }
  const cases: Record<string, string[]> = {
    bankAccountNo: [
      '555-000-0011',
      '０１２３４５６７８９',
      '01234567890',
      '12345',
      '1'.repeat(21),
      ' 1234567890 ',
      '1234567890',
      '12/34',
      '',
    ],
    bankAccountName: ['\u0e31\u0e34\u0e35', '<b>x</b>', ' somchai  jaidee ', 'สมชาย ใจดี', ''],
    name: ['\u0e31\u0e34\u0e35', '007', 'สมชาย_01', '<i>'],
    bankCode: ['', 'X'.repeat(40), 'KTB'],
  };
  for (const [field, values] of Object.entries(cases)) {
    it(`refuses on validation exactly the ${field} values registration refuses, with the same codes`, () => {
      for (const value of values) {
        const body = { ...valid, [field]: value };
        const registered = codes(registerRequest('TH').safeParse(body));
        expect(codes(validateAccountRequest('TH').safeParse(body)), `${field}=${JSON.stringify(value)}`).toEqual(
          registered,
        );
      }
    });
  }
  it('names the missing base letter with its own code, before any other (the server answers the first)', () => {
    const body = { ...valid, name: '\u0e31\u0e34\u0e35', bankAccountName: '\u0e48' };
    const first = new Map(codes(registerRequest('TH').safeParse(body)).reverse());
    expect(Object.fromEntries(first)).toEqual({
      name: 'NAME_LETTER_REQUIRED',
      bankAccountName: 'NAME_LETTER_REQUIRED',
    });
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
