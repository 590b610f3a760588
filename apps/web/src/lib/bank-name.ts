import type { Locale } from '@member-wallet/contract/constants';
import type { BankItem } from '@member-wallet/contract/lookup';

/** A bank of the bank list by its name in the reader's language, else in English, else in Thai, else its code. */
export function bankItemName(bank: BankItem, locale: Locale): string {
  const names: Record<Locale, string> = { th: bank.nameTH, lo: bank.nameLO, en: bank.nameEN };
  return names[locale] || bank.nameEN || bank.nameTH || bank.code;
}
