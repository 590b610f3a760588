import { AppError } from '../../lib/errors.ts';
import { accountFits } from '../deposits/masked-match.ts';

/**
 * The account a refund pays (docs/backoffice/deposits.md, Refund): the sender's whole account, given by the
 * operator, fitting every digit the bank showed. A sender the bank showed whole needs none, and one given must be it.
 */
export function refundAccountOf(shown: string, given: string | undefined): string {
  const account = given?.trim() ?? '';
  const whole = /^\d+$/.test(shown);
  if (account === '') {
    if (whole) return shown;
    throw new AppError('KEY_MISSING', 400, { accountNo: 'KEY_MISSING' });
  }
  const valid = /^\d{6,20}$/.test(account) && (whole ? account === shown : accountFits(shown, account));
  if (!valid) throw new AppError('KEY_INVALID', 400, { accountNo: 'KEY_INVALID' });
  return account;
}
