import { isCommonPassword } from '@member-wallet/contract/common-passwords';
import { type PasswordContext, type PasswordProblem, passwordProblem } from '@member-wallet/contract/password-policy';
import { AppError } from './errors.ts';

/** The contract's password rules with the common-password list, which only the server carries. */
export function serverPasswordProblem(password: string, context: Omit<PasswordContext, 'isCommon'>) {
  return passwordProblem(password, { ...context, isCommon: isCommonPassword });
}

/** Refuses a password that breaks the policy: 400 with the rule's code, on `field`. */
export function assertPasswordPolicy(
  field: string,
  password: string,
  context: Omit<PasswordContext, 'isCommon'>,
): void {
  const problem: PasswordProblem | null = serverPasswordProblem(password, context);
  if (problem) throw new AppError(problem, { [field]: problem });
}
