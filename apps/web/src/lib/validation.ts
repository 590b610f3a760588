import { bankAccountNoFormat, canonicalBankAccountNo } from '@member-wallet/contract/bank-account-no';
import type { Country } from '@member-wallet/contract/constants';
import { passwordProblem } from '@member-wallet/contract/password-policy';
import { isEnglishName, isValidPhone, normalizeAccountName, requiresEnglishName } from '@member-wallet/contract/rules';

/**
 * Client-side rules of spec section 5. Each returns the catalogue key of the message to show, or null when
 * the value passes, so that screens and tests share one definition.
 */
export type ValidationKey =
  | 'validation.required'
  | 'validation.phoneRequired'
  | 'validation.phone10Digits'
  | 'validation.phoneInvalid'
  | 'validation.passwordsDontMatch'
  | 'validation.bankNameEnglishOnly'
  | 'validation.accountNoInvalid'
  | 'validation.accountNoDigits';

export function isBlank(value: string | null | undefined): boolean {
  return !value || value.trim() === '';
}

export function checkRequired(value: string | null | undefined): ValidationKey | null {
  return isBlank(value) ? 'validation.required' : null;
}

/** Outside the Laos build the phone must have exactly 10 digits; the Laos build skips that rule. */
export function checkPhone(phone: string, country: Country): ValidationKey | null {
  const value = phone.trim();
  if (value === '') return 'validation.phoneRequired';
  if (isValidPhone(value, country)) return null;
  return country === 'TH' ? 'validation.phone10Digits' : 'validation.phoneInvalid';
}

export function checkPasswordsMatch(password: string, confirmation: string): ValidationKey | null {
  return password === confirmation ? null : 'validation.passwordsDontMatch';
}

/**
 * The password rules the client can check before sending (the contract's, less the common-password list only
 * the server carries): the code of the first one broken, shown as the server's code would be.
 */
export function checkNewPassword(password: string, context: { phone?: string; current?: string }) {
  return passwordProblem(password, { username: context.phone, current: context.current });
}

/** KTB, TMB and BBL want the account name in English letters and spaces only. */
export function checkAccountName(bankCode: string, name: string): ValidationKey | null {
  if (!requiresEnglishName(bankCode) || isBlank(name)) return null;
  return isEnglishName(normalizeAccountName(name)) ? null : 'validation.bankNameEnglishOnly';
}

/**
 * The number as the bank's canonical form takes it (spaces, dashes, Thai or full-width digits are fine): null, or
 * the key of the message with the values it names (`digits` for a bank of one length, `min` and `max` otherwise).
 */
export function checkAccountNo(
  bankCode: string,
  accountNo: string,
): { key: ValidationKey; values: { digits: number; min: number; max: number } } | null {
  if ('accountNo' in canonicalBankAccountNo(bankCode, accountNo)) return null;
  const { min, max } = bankAccountNoFormat(bankCode);
  const key = min === max ? 'validation.accountNoDigits' : 'validation.accountNoInvalid';
  return { key, values: { digits: min, min, max } };
}

/** Account name inputs are upper-cased as typed; trimming happens on leaving the field and on submit. */
export function upperCaseName(value: string): string {
  return value.toUpperCase();
}
