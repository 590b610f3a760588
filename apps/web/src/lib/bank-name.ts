import type { Locale } from '@member-wallet/contract/constants';
import type { BankItem } from '@member-wallet/contract/lookup';

/** A bank's name in the reader's language, else in English, else in Thai. */
export function bankNameIn(bank: { nameTH: string; nameEN: string; nameLO?: string }, locale: Locale): string {
  const names: Record<Locale, string | undefined> = { th: bank.nameTH, lo: bank.nameLO, en: bank.nameEN };
  return names[locale] || bank.nameEN || bank.nameTH;
}

/** A bank of the bank list by its name in the reader's language, else in English, else in Thai, else its code. */
export function bankItemName(bank: BankItem, locale: Locale): string {
  return bankNameIn(bank, locale) || bank.code;
}
