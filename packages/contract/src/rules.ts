import { type Country, ENGLISH_NAME_BANKS, THAI_PHONE_LENGTH } from './constants.ts';
import { FIELD_LIMITS } from './field-limits.ts';

/**
 * Validation rules of spec section 5 as plain functions, so the client's forms and the server's schemas apply
 * the very same rule. Their bounds are in field-limits.ts.
 */

const DIGITS = /^\d+$/;

/** Thai build: exactly 10 digits. Laos build: the 10-digit rule is skipped, but a phone is still digits. */
export function isValidPhone(phone: string, country: Country): boolean {
  if (!DIGITS.test(phone)) return false;
  if (country === 'TH') return phone.length === THAI_PHONE_LENGTH;
  return phone.length >= FIELD_LIMITS.laosPhoneMin && phone.length <= FIELD_LIMITS.laosPhoneMax;
}

/** Account name inputs are upper-cased and trimmed; inner runs of spaces fold to one. */
export function normalizeAccountName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toUpperCase();
}

/**
 * Titles a bank account name may begin with: Thai and Lao (written with or without a space before the name) and
 * English (a word of their own, with or without a dot). Longest first, so นางสาว is not read as นาง.
 */
export const ACCOUNT_NAME_SCRIPT_TITLES: readonly string[] = [
  'เด็กหญิง',
  'เด็กชาย',
  'นางสาว',
  'น.ส.',
  'ด.ญ.',
  'ด.ช.',
  'นาง',
  'นาย',
  'คุณ',
  'ນາງສາວ',
  'ທ່ານນາງ',
  'ທ້າວ',
  'ທ່ານ',
  'ນາງ',
  'ທ.',
  'ນ.',
];
/** An English title of an upper-cased name, with its dot or spaces. */
export const ACCOUNT_NAME_ENGLISH_TITLE = /^(MRS|MR|MS|MISS|MSTR|DR)(\.\s*|\s+)/;

/**
 * An account name as two registrations are compared by (the invite programme's self-referral screening,
 * docs/promotions/invite.md): upper-cased, trimmed, spaces folded, and a leading Thai, Lao or English title left out.
 * A name that is a title alone stays as it is.
 */
export function comparableAccountName(name: string): string {
  const normalized = normalizeAccountName(name);
  const title = ACCOUNT_NAME_SCRIPT_TITLES.find((candidate) => normalized.startsWith(candidate));
  const trimmed = (title ? normalized.slice(title.length) : normalized.replace(ACCOUNT_NAME_ENGLISH_TITLE, '')).trim();
  return trimmed === '' ? normalized : trimmed;
}

/** First name, a space, last name (spec section 3, Registration). */
export function joinAccountName(firstName: string, lastName: string): string {
  return normalizeAccountName(`${firstName} ${lastName}`);
}

export function requiresEnglishName(bankCode: string): boolean {
  return (ENGLISH_NAME_BANKS as readonly string[]).includes(bankCode);
}

/** English letters and spaces only (the KTB, TMB and BBL rule, and the bank-name edit prompt). */
export function isEnglishName(name: string): boolean {
  return /^[A-Za-z]+( [A-Za-z]+)*$/.test(name.trim());
}

/**
 * A name needs at least one base letter (a Thai or Lao consonant or vowel letter, a Latin letter, any script's
 * letter): Thai and Lao vowel and tone marks are combining marks and alone spell no name.
 */
export function hasBaseLetter(name: string): boolean {
  return /\p{L}/u.test(name);
}

/**
 * A person's name in any script: a letter first, then letters, combining marks (Thai and Lao vowels and tone
 * marks), spaces, dots, hyphens and apostrophes. Markup and statement punctuation are refused rather than
 * escaped later.
 */
export function isPersonName(name: string): boolean {
  return /^\p{L}[\p{L}\p{M} .'-]*$/u.test(name.trim());
}

/** A display name may also carry digits and underscores (and start with a digit), still no markup. */
export function isDisplayName(name: string): boolean {
  return hasBaseLetter(name) && /^[\p{L}\p{N}][\p{L}\p{M}\p{N} ._'-]*$/u.test(name.trim());
}

/** The inviter code of an invite link (`/register?code=PR{profile id}`). */
export const INVITE_CODE_PREFIX = 'PR';

export function inviteCodeFor(profileId: string): string {
  return `${INVITE_CODE_PREFIX}${profileId}`;
}

/** The profile id an inviter code names, or null when the code is not of the `PR{profile id}` form. */
export function profileIdFromInviteCode(code: string): string | null {
  const match = /^PR([A-Z0-9]{4,20})$/.exec(code.trim().toUpperCase());
  return match?.[1] ?? null;
}

/** An Idempotency-Key header value: 1 to 128 of letters, digits and `_ - : .` (a UUID qualifies). */
export function isIdempotencyKey(key: string): boolean {
  return key.length <= FIELD_LIMITS.idempotencyKeyMax && /^[A-Za-z0-9_:.-]+$/.test(key);
}
