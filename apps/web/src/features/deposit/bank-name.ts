import type { Locale } from '@member-wallet/contract/constants';
import type { DepositBank } from '@member-wallet/contract/deposit';
import { isEnglishName, normalizeAccountName, requiresEnglishName } from '@member-wallet/contract/rules';

/** The entry's bank name in the reader's language, or in another when that one is empty. */
export function bankName(entry: Pick<DepositBank, 'bankNameTH' | 'bankNameEN' | 'bankNameLO'>, locale: Locale) {
  const names = { th: entry.bankNameTH, en: entry.bankNameEN, lo: entry.bankNameLO };
  return names[locale] || entry.bankNameEN || entry.bankNameTH || entry.bankNameLO;
}

/**
 * Automatic deposits are matched by the sender's name, which KTB, TMB and BBL send in English letters: a
 * member of those banks whose registered name is not in English is asked for it (spec section 2).
 */
export function needsEnglishName(
  entries: readonly Pick<DepositBank, 'bankType' | 'mode'>[],
  bankAccount: { bankCode: string; bankAccountName: string },
): boolean {
  const hasAuto = entries.some((entry) => entry.bankType === 'BANK' && entry.mode === 'AUTO');
  return hasAuto && requiresEnglishName(bankAccount.bankCode) && !isEnglishName(bankAccount.bankAccountName);
}

/** The bank-name edit: letters and spaces only, required (spec section 5); null when it passes. */
export function checkEnglishName(name: string): 'validation.requiredEnglish' | null {
  const value = normalizeAccountName(name);
  return value !== '' && isEnglishName(value) ? null : 'validation.requiredEnglish';
}
