import { FIELD_LIMITS } from './field-limits.ts';

/**
 * The password policy of members and operators (issue 18; docs/accounts.md says where it applies). Each refusal has its own code, answered on the password field and shown under it.
 */
export const PASSWORD_PROBLEMS = [
  'PASSWORD_TOO_SHORT',
  'PASSWORD_CONTAINS_USERNAME',
  'PASSWORD_SAME_AS_CURRENT',
  'PASSWORD_TOO_COMMON',
] as const;
export type PasswordProblem = (typeof PASSWORD_PROBLEMS)[number];

export interface PasswordContext {
  /** The least length: `FIELD_LIMITS.passwordMin` for members, `OPERATOR_PASSWORD_MIN` for operators. */
  min?: number;
  /** The member's phone number or the operator's username: the password may not contain it, in any case. */
  username?: string;
  /** The password being replaced: the new one must differ. */
  current?: string;
  /** The common-password list (`common-passwords.ts`); the server passes it, the member app cannot carry it. */
  isCommon?: (password: string) => boolean;
}

/** The first rule the password breaks, or null when it passes them all. */
export function passwordProblem(password: string, context: PasswordContext = {}): PasswordProblem | null {
  if (password.length < (context.min ?? FIELD_LIMITS.passwordMin)) return 'PASSWORD_TOO_SHORT';
  const username = context.username?.trim().toLowerCase();
  if (username && password.toLowerCase().includes(username)) return 'PASSWORD_CONTAINS_USERNAME';
  if (context.current !== undefined && password === context.current) return 'PASSWORD_SAME_AS_CURRENT';
  if (context.isCommon?.(password)) return 'PASSWORD_TOO_COMMON';
  return null;
}
