import { asciiDigits, canonicalBankAccountNo } from '@member-wallet/contract/bank-account-no';
import { AppError } from '../../lib/errors.ts';
import { accountFits } from '../deposits/deposits.module.ts';

/**
 * The account a refund pays (docs/backoffice/deposits.md, Refund): the sender's whole account, given by the
 * operator in the canonical form of the sender's bank (contract bank-account-no.ts: any spelling, the bank's
 * length, else `BANK_ACCOUNT_NO_LENGTH`), fitting every digit the bank showed. A sender the bank showed whole
 * needs none, and one given must be it.
 */
export function refundAccountOf(shown: string, given: string | undefined, bankCode: string): string {
  const written = given?.trim() ?? '';
  const shownDigits = asciiDigits(shown);
  const whole = /^\d+$/.test(shownDigits);
  if (written === '') {
    if (whole) return shownDigits;
    throw new AppError('KEY_MISSING', { accountNo: 'KEY_MISSING' });
  }
  const canonical = canonicalBankAccountNo(bankCode, written);
  if ('problem' in canonical) throw new AppError(canonical.problem, { accountNo: canonical.problem });
  const account = canonical.accountNo;
  const valid = whole ? account === shownDigits : accountFits(shown, account);
  if (!valid) throw new AppError('KEY_INVALID', { accountNo: 'KEY_INVALID' });
  return account;
}
