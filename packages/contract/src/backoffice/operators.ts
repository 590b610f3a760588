import { z } from 'zod/mini';

// Operators: roles, sign-in and profile (docs/backoffice/README.md, Signing in and Roles).

/** admin: everything, operators and the audit log included; finance: money; support: members and chat. */
export const OPERATOR_ROLES = ['admin', 'finance', 'support'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** Lower-case letters, digits, dot, underscore and hyphen, 3 to 32 of them. */
export const OPERATOR_USERNAME = /^[a-z0-9._-]{3,32}$/;
/** Operators hold more than members do: a longer password. */
export const OPERATOR_PASSWORD_MIN = 12;
export const OPERATOR_PASSWORD_MAX = 128;

export const operatorLoginRequest = z.object({
  username: z.string().check(z.trim(), z.toLowerCase(), z.regex(OPERATOR_USERNAME, { error: 'KEY_INVALID' })),
  password: z.string().check(z.minLength(1, { error: 'KEY_MISSING' }), z.maxLength(OPERATOR_PASSWORD_MAX)),
  totp: z.string().check(z.trim(), z.regex(/^\d{6}$/, { error: 'KEY_INVALID' })),
});
export type OperatorLoginRequest = z.infer<typeof operatorLoginRequest>;

export const operatorProfile = z.object({
  id: z.string(),
  username: z.string(),
  /** What members see in chat instead of the generic word for an operator; null: the generic word. */
  displayName: z.nullable(z.string()),
  role: z.enum(OPERATOR_ROLES),
});
export type OperatorProfile = z.infer<typeof operatorProfile>;

export const operatorLoginResponse = z.object({
  token: z.string(),
  expiresAt: z.string(),
  operator: operatorProfile,
});
export type OperatorLoginResponse = z.infer<typeof operatorLoginResponse>;
