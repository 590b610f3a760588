import { z } from 'zod/mini';
import { accountNoDigits, fitsBankAccountNoFormat } from './bank-account-no.ts';
import { type Country, LAOS_CURRENCIES } from './constants.ts';
import { FIELD_LIMITS } from './field-limits.ts';
import {
  hasBaseLetter,
  isDisplayName,
  isEnglishName,
  isPersonName,
  isValidPhone,
  normalizeAccountName,
  requiresEnglishName,
} from './rules.ts';
import { optionalString, requiredString, rule } from './schema-helpers.ts';

const PHONE_CODE = { TH: 'PHONE_NUMBER_REQUIRE_10_DIGIT', LA: 'KEY_INVALID' } as const;

export function phoneField(country: Country) {
  return requiredString(FIELD_LIMITS.laosPhoneMax + 5, PHONE_CODE[country]).check(
    rule((phone) => isValidPhone(phone, country), PHONE_CODE[country]),
  );
}

const displayName = requiredString(FIELD_LIMITS.nameMax).check(
  rule(hasBaseLetter, 'NAME_LETTER_REQUIRED'),
  rule(isDisplayName, 'KEY_INVALID'),
);
const password = z
  .string()
  .check(
    z.minLength(1, { error: 'KEY_MISSING' }),
    z.minLength(FIELD_LIMITS.passwordMin, { error: 'PASSWORD_TOO_SHORT' }),
    z.maxLength(FIELD_LIMITS.passwordMax, { error: 'KEY_INVALID' }),
  );
const bankCode = requiredString(FIELD_LIMITS.codeMax, 'INVALID_BANK');
/**
 * A bank account number in its canonical form (bank-account-no.ts): spaces, dashes, dots, Thai, Lao and full-width
 * digits are read as its ASCII digits; anything else is `KEY_INVALID`. Its length is its bank's (accountNoForBank).
 */
const bankAccountNo = requiredString(FIELD_LIMITS.bankAccountNoInputMax).check(
  z.overwrite((written) => accountNoDigits(written) ?? written),
  rule((written) => accountNoDigits(written) !== null, 'KEY_INVALID'),
);
const bankAccountName = requiredString(FIELD_LIMITS.bankAccountNameMax).check(
  z.overwrite(normalizeAccountName),
  rule(hasBaseLetter, 'NAME_LETTER_REQUIRED'),
  rule(isPersonName, 'KEY_INVALID'),
);

/** KTB, TMB and BBL want the account name in English letters (spec section 5). */
const englishNameForBank = z.refine<{ bankCode?: string; bankAccountName?: string }>(
  (value) =>
    !value.bankCode ||
    !value.bankAccountName ||
    !requiresEnglishName(value.bankCode) ||
    isEnglishName(value.bankAccountName),
  { error: 'BANK_ACCOUNT_NAME_ENG', path: ['bankAccountName'] },
);

/**
 * The number has as many digits as its bank uses (`BANK_ACCOUNT_NO_LENGTH`); without a bank, as many as some bank
 * uses. A number of other characters is refused by the field itself.
 */
const accountNoForBank = z.refine<{ bankCode?: string; bankAccountNo?: string }>(
  (value) =>
    !value.bankAccountNo ||
    accountNoDigits(value.bankAccountNo) !== value.bankAccountNo ||
    fitsBankAccountNoFormat(value.bankCode ?? '', value.bankAccountNo),
  { error: 'BANK_ACCOUNT_NO_LENGTH', path: ['bankAccountNo'] },
);

/** The profile step's fields (spec section 3, Registration), shared by validation and registration. */
function profileFields(country: Country) {
  return {
    name: displayName,
    username: phoneField(country),
    password,
    sourceCode: optionalString(FIELD_LIMITS.codeMax),
    inviteCode: optionalString(FIELD_LIMITS.codeMax, 'INVALID_USER_INFO'),
  };
}

/**
 * `POST /api/account/validate`: the profile step, before the bank step. Bank fields are checked when given, by
 * the very schemas registration uses, so the profile step passes nothing that registration then refuses.
 */
export function validateAccountRequest(country: Country) {
  return z
    .object({
      ...profileFields(country),
      bankCode: z.optional(bankCode),
      bankAccountName: z.optional(bankAccountName),
      bankAccountNo: z.optional(bankAccountNo),
    })
    .check(englishNameForBank, accountNoForBank);
}
export type ValidateAccountRequest = z.infer<ReturnType<typeof validateAccountRequest>>;

/** `POST /api/account`: the whole registration. `currency` is asked only in the Laos build. */
export function registerRequest(country: Country) {
  return z
    .object({
      ...profileFields(country),
      bankCode,
      bankAccountName,
      bankAccountNo,
      currency: z.optional(z.enum(LAOS_CURRENCIES, { error: 'KEY_INVALID' })),
    })
    .check(englishNameForBank, accountNoForBank);
}
export type RegisterRequest = z.infer<ReturnType<typeof registerRequest>>;

export const registerResponse = z.object({ message: z.string(), _id: z.string() });
export type RegisterResponse = z.infer<typeof registerResponse>;

export const bankSummary = z.object({ nameTH: z.string(), nameEN: z.string() });
/** The profile's bank: the spec's names and the Lao one, for a Lao reader. */
export const profileBank = z.object({ nameTH: z.string(), nameEN: z.string(), nameLO: z.string() });

/** `GET /api/account/profile`. `_id` is the public profile id (the invite code is `PR{_id}`). */
export const profileResponse = z.object({
  _id: z.string(),
  memberNo: z.number(),
  name: z.string(),
  username: z.string(),
  createdAt: z.string(),
  currency: z.string(),
  bankCode: z.string(),
  bankAccountName: z.string(),
  bankAccountNo: z.string(),
  bank: profileBank,
});
export type ProfileResponse = z.infer<typeof profileResponse>;

/**
 * `PUT /api/account/profile`. The member may change the display name; the bank fields must name the
 * registered account (a different payout account is an operator's decision: docs/decisions/0003).
 */
export const updateProfileRequest = z
  .object({ name: displayName, bankCode, bankAccountName, bankAccountNo })
  .check(englishNameForBank, accountNoForBank);
export type UpdateProfileRequest = z.infer<typeof updateProfileRequest>;

/**
 * `PUT /api/account/bankAccountName`: another spelling of the registered account name (in English for KTB, TMB
 * and BBL). Only the same name spelt differently is applied at once (docs/accounts.md).
 */
export const updateBankAccountNameRequest = z.object({ bankCode, bankAccountName }).check(englishNameForBank);
export type UpdateBankAccountNameRequest = z.infer<typeof updateBankAccountNameRequest>;

/**
 * What became of a bank account name change: `OK`, applied (or the name was already so); `REVIEW`, not the same
 * name spelt differently: nothing changed, and the change waits for an operator's decision.
 */
export const BANK_ACCOUNT_NAME_OUTCOMES = ['OK', 'REVIEW'] as const;
export type BankAccountNameOutcome = (typeof BANK_ACCOUNT_NAME_OUTCOMES)[number];
export const bankAccountNameResponse = z.object({ message: z.enum(BANK_ACCOUNT_NAME_OUTCOMES) });
export type BankAccountNameResponse = z.infer<typeof bankAccountNameResponse>;

export const changePasswordRequest = z.object({
  oldPassword: z.string().check(z.minLength(1, { error: 'KEY_MISSING' }), z.maxLength(FIELD_LIMITS.passwordMax * 2)),
  newPassword: password,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;
