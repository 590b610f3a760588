import { z } from 'zod/mini';
import { FIELD_LIMITS } from './field-limits.ts';
import { requiredString } from './schema-helpers.ts';

/**
 * `POST /api/login`, on its own so the sign-in screen, the app's first, carries none of registration's
 * rules (account.ts).
 */
export const loginRequest = z.object({
  username: requiredString(FIELD_LIMITS.laosPhoneMax + 5),
  password: z.string().check(z.minLength(1, { error: 'KEY_MISSING' }), z.maxLength(FIELD_LIMITS.passwordMax * 2)),
  /** Remember me: a longer session. The client keeps the token in localStorage instead of sessionStorage. */
  remember: z.optional(z.boolean()),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const loginResponse = z.object({ token: z.string(), expiresAt: z.string() });
export type LoginResponse = z.infer<typeof loginResponse>;
