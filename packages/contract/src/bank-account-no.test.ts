import { describe, expect, it } from 'vitest';
import { registerRequest, updateProfileRequest, validateAccountRequest } from './account.ts';
import {
  accountNoDigits,
  asciiDigits,
  BANK_ACCOUNT_NO_FORMATS,
  bankAccountNoFormat,
  canonicalBankAccountNo,
} from './bank-account-no.ts';

describe('account number digits', () => {
  it('reads Thai, Lao and full-width digits as ASCII digits', () => {
    expect(asciiDigits('๐๑๒๓๔๕๖๗๘๙')).toBe('0123456789');
    expect(asciiDigits('໐໑໒໓໔໕໖໗໘໙')).toBe('0123456789');
    expect(asciiDigits('０１２３４５６７８９')).toBe('0123456789');
    expect(asciiDigits('xxx-x-x8818-x')).toBe('xxx-x-x8818-x');
  });

  it('drops spaces, dashes and dots, and refuses anything else', () => {
    expect(accountNoDigits(' 123-4-56789-0 ')).toBe('1234567890');
    expect(accountNoDigits('123 456 7890')).toBe('1234567890');
    expect(accountNoDigits('123.4.56789.0')).toBe('1234567890');
    expect(accountNoDigits('๑๒๓–๔—๕๖๗๘๙\u00a0๐')).toBe('1234567890');
    expect(accountNoDigits('１２３－４－５６７８９－０')).toBe('1234567890');
    expect(accountNoDigits('123456789O')).toBe(null);
    expect(accountNoDigits('12345/67890')).toBe(null);
    expect(accountNoDigits('xxx-x-x8818-x')).toBe(null);
    expect(accountNoDigits(' - ')).toBe(null);
  });
});

describe("each bank's length", () => {
  it('has a rule for every bank of the lookup (migration 0002)', () => {
    const thai = ['KBANK', 'KTB', 'SCB', 'BBL', 'TMB', 'BAY', 'GSB', 'BAAC', 'CIMB', 'UOB', 'KKP', 'LHB', 'TISCO'];
    const lao = ['BCEL', 'LDB', 'JDB', 'APB', 'STB', 'BFL', 'LVB'];
    expect(Object.keys(BANK_ACCOUNT_NO_FORMATS).sort()).toEqual([...thai, 'GHB', 'ICBC', ...lao].sort());
  });

  it('takes exactly 10 digits at KBANK: not 0 + the number, the number + 0, nor 15 digits', () => {
    expect(canonicalBankAccountNo('KBANK', '123-4-56881-8')).toEqual({ accountNo: '1234568818' });
    for (const padded of ['01234568818', '12345688180', '123456881800000', '123456881']) {
      expect(canonicalBankAccountNo('KBANK', padded), padded).toEqual({ problem: 'BANK_ACCOUNT_NO_LENGTH' });
    }
    expect(canonicalBankAccountNo('KBANK', '12345-abc')).toEqual({ problem: 'KEY_INVALID' });
  });

  it('takes 12 digits at GSB, BAAC and GHB, and not 10', () => {
    for (const bank of ['GSB', 'BAAC', 'GHB']) {
      expect(canonicalBankAccountNo(bank, '0200 1234 5678')).toEqual({ accountNo: '020012345678' });
      expect(canonicalBankAccountNo(bank, '1234567890')).toEqual({ problem: 'BANK_ACCOUNT_NO_LENGTH' });
    }
  });

  it('accepts a documented range where no length could be established, and a bank it does not know', () => {
    expect(bankAccountNoFormat('BCEL')).toEqual({ min: 6, max: 18, established: false });
    expect(canonicalBankAccountNo('BCEL', '010-12-00-01234567-001')).toEqual({ accountNo: '010120001234567001' });
    expect(canonicalBankAccountNo('BCEL', '1'.repeat(19))).toEqual({ problem: 'BANK_ACCOUNT_NO_LENGTH' });
    expect(bankAccountNoFormat('NEWBANK')).toEqual({ min: 6, max: 18, established: false });
  });
});

describe('the schemas normalise the number and check its bank', () => {
  const valid = {
    name: 'Somchai',
    username: '0812345678',
    password: 'secret123',
    bankCode: 'KBANK',
    bankAccountName: 'somchai jaidee',
    bankAccountNo: '๑๒๓-๔-๕๖๗๘๙-๐',
  };
  it('stores the canonical form', () => {
    const parsed = registerRequest('TH').safeParse(valid);
    expect(parsed.success && parsed.data.bankAccountNo).toBe('1234567890');
    const profile = updateProfileRequest.safeParse({ ...valid, bankAccountNo: '１２３４５６７８９０' });
    expect(profile.success && profile.data.bankAccountNo).toBe('1234567890');
  });

  it("refuses the wrong length for the bank on registration, validation and profile with the bank's code", () => {
    const body = { ...valid, bankAccountNo: '0123-4-56789-0' };
    for (const schema of [registerRequest('TH'), validateAccountRequest('TH'), updateProfileRequest]) {
      const issues = schema.safeParse(body).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
      expect(issues).toEqual([['bankAccountNo', 'BANK_ACCOUNT_NO_LENGTH']]);
    }
    const gsb = registerRequest('TH').safeParse({ ...body, bankCode: 'GSB', bankAccountNo: '0200-1234-5678' });
    expect(gsb.success).toBe(true);
  });
});
