import { z } from 'zod/mini';
import { phoneField } from './account.ts';
import type { Country } from './constants.ts';
import { FIELD_LIMITS } from './field-limits.ts';
import { requiredString } from './schema-helpers.ts';

/** OTP codes are six digits, valid for five minutes, with at most five wrong tries per code. */
export const OTP_RULES = {
  codeLength: FIELD_LIMITS.otpCodeLength,
  ttlSeconds: 300,
  maxAttempts: 5,
  /** A verified phone may register within this time. */
  verifiedValidSeconds: 1800,
  resendAfterSeconds: 60,
  maxSendsPerHour: 5,
} as const;

export function otpSendRequest(country: Country) {
  return z.object({ phoneNumber: phoneField(country) });
}
export type OtpSendRequest = z.infer<ReturnType<typeof otpSendRequest>>;

/**
 * `code` is `OTP_SENT` when a code went out, or `OTP_VERIFIED` when the phone was verified recently: the
 * wizard then skips the OTP step (spec section 4) and `otpRef`/`otpToken` are empty.
 */
export const otpSendResponse = z.object({
  otpRef: z.string(),
  otpToken: z.string(),
  code: z.enum(['OTP_SENT', 'OTP_VERIFIED']),
  expiresIn: z.number(),
});
export type OtpSendResponse = z.infer<typeof otpSendResponse>;

export const otpVerifyRequest = z.object({
  otpToken: requiredString(FIELD_LIMITS.tokenMax, 'OTP_TOKEN_INVALID'),
  otpCode: requiredString(FIELD_LIMITS.otpCodeLength + 4, 'OTP_CODE_INVALID'),
});
export type OtpVerifyRequest = z.infer<typeof otpVerifyRequest>;

export const otpVerifyResponse = z.object({ message: z.literal('OTP_CODE_VALID') });
export type OtpVerifyResponse = z.infer<typeof otpVerifyResponse>;
