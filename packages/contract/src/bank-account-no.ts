/**
 * The canonical form of a bank account number (docs/accounts.md, Bank account numbers; issue 39, finding 3): its
 * ASCII digits, and only as many as its bank uses. Every entry point (registration, validation, the profile,
 * refunds, statement files, feed lines, slips) reads a number through here, so one account has one spelling and
 * a number padded with a 0 cannot be stored beside, or matched instead of, the real one.
 *
 * The lengths and where each was read: docs/accounts-bank-numbers.md. No bank of the lookup publishes a check
 * digit algorithm, so none is checked. Pure, for the member app's form and the server alike.
 */
import { FIELD_LIMITS } from './field-limits.ts';

export interface BankAccountNoFormat {
  min: number;
  max: number;
  /** False where no source fixes the length: then a documented range is accepted. */
  established: boolean;
}

const exactly = (length: number): BankAccountNoFormat => ({ min: length, max: length, established: true });
/** Thai banks whose length no source fixes: Airwallex's Thai payout bound (7 to 12 digits), docs/accounts-bank-numbers.md. */
const THAI_RANGE: BankAccountNoFormat = { min: 7, max: 12, established: false };
/**
 * Lao banks: no bank publishes a length. Stripe's Lao bound (at most 18) and this app's earlier least length (6).
 * Also the rule for a bank code this table does not know, and the widest any bank has (FIELD_LIMITS).
 */
const LAO_RANGE: BankAccountNoFormat = {
  min: FIELD_LIMITS.bankAccountNoMin,
  max: FIELD_LIMITS.bankAccountNoMax,
  established: false,
};

/** Every bank of the lookup (migration 0002_reference_data), by its code. */
export const BANK_ACCOUNT_NO_FORMATS: Readonly<Record<string, BankAccountNoFormat>> = {
  KBANK: exactly(10),
  KTB: exactly(10),
  SCB: exactly(10),
  BBL: exactly(10),
  TMB: exactly(10),
  BAY: exactly(10),
  CIMB: exactly(10),
  UOB: exactly(10),
  KKP: exactly(10),
  LHB: exactly(10),
  GSB: exactly(12),
  BAAC: exactly(12),
  GHB: exactly(12),
  // A 14-digit TISCO form is published beside the 7-12 bound: both are accepted.
  TISCO: { min: 7, max: 14, established: false },
  ICBC: THAI_RANGE,
  BCEL: LAO_RANGE,
  LDB: LAO_RANGE,
  JDB: LAO_RANGE,
  APB: LAO_RANGE,
  STB: LAO_RANGE,
  BFL: LAO_RANGE,
  LVB: LAO_RANGE,
};

export function bankAccountNoFormat(bankCode: string): BankAccountNoFormat {
  return BANK_ACCOUNT_NO_FORMATS[bankCode] ?? LAO_RANGE;
}

/** Zero of each script whose ten digits are read as 0-9: Thai (U+0E50), Lao (U+0ED0), full-width (U+FF10). */
const DIGIT_ZEROS = [0x0e50, 0x0ed0, 0xff10];

/** Thai, Lao and full-width digits as ASCII digits; every other character as it is. */
export function asciiDigits(text: string): string {
  return text.replace(/[\u0e50-\u0e59\u0ed0-\u0ed9\uff10-\uff19]/g, (char) => {
    const code = char.charCodeAt(0);
    const zero = DIGIT_ZEROS.find((start) => code >= start && code <= start + 9) ?? code;
    return String(code - zero);
  });
}

/** What may stand between the digits of a written number: spaces of any kind, dashes, hyphens and dots. */
const SEPARATORS = /[\s\u2010-\u2015\u2212\uff0d\-.\uff0e]/g;

/** The digits of a written account number, or null when it holds anything else (a letter, a slash, a mask). */
export function accountNoDigits(written: string): string | null {
  const digits = asciiDigits(written).replace(SEPARATORS, '');
  return /^[0-9]+$/.test(digits) ? digits : null;
}

export function fitsBankAccountNoFormat(bankCode: string, digits: string): boolean {
  const { min, max } = bankAccountNoFormat(bankCode);
  return /^[0-9]+$/.test(digits) && digits.length >= min && digits.length <= max;
}

export type BankAccountNoProblem = 'KEY_INVALID' | 'BANK_ACCOUNT_NO_LENGTH';

/** The canonical form of a number written for a bank, or why it cannot be one. */
export function canonicalBankAccountNo(
  bankCode: string,
  written: string,
): { accountNo: string } | { problem: BankAccountNoProblem } {
  const digits = accountNoDigits(written);
  if (digits === null) return { problem: 'KEY_INVALID' };
  return fitsBankAccountNoFormat(bankCode, digits) ? { accountNo: digits } : { problem: 'BANK_ACCOUNT_NO_LENGTH' };
}
