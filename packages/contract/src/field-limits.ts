/**
 * The hard bounds of spec section 5's fields, on their own so the sign-in form carries them without the rules of
 * registration (rules.ts, bank-account-no.ts). Every limit here is also a hard bound on what the server stores.
 */
export const FIELD_LIMITS = {
  nameMax: 50,
  /**
   * Spec section 5 fixes no least length (the old client had 6); issue 18 asks at least 8, NIST SP 800-63B's
   * least for a chosen password: the stricter rule holds.
   */
  passwordMin: 8,
  passwordMax: 64,
  bankAccountNameMax: 100,
  /** Digits of a bank account number at any bank; each bank's own length is in bank-account-no.ts. */
  bankAccountNoMin: 6,
  bankAccountNoMax: 18,
  /**
   * A bank account number as written, spaces, dashes and dots included: the longest spelling read, so a number
   * written with a space between each digit fits.
   */
  bankAccountNoInputMax: 60,
  laosPhoneMin: 8,
  laosPhoneMax: 15,
  codeMax: 32,
  otpCodeLength: 6,
  tokenMax: 200,
  idempotencyKeyMax: 128,
} as const;
