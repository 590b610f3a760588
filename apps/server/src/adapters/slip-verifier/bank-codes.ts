/**
 * Bank of Thailand bank codes, as slip mini-QRs carry them, against our bank codes (migration 0002). A slip
 * whose sending bank is not listed cannot be verified by its code: it is INVALID_SLIP.
 */
export const BOT_BANK_CODES: Readonly<Record<string, string>> = {
  '002': 'BBL',
  '004': 'KBANK',
  '006': 'KTB',
  '011': 'TMB',
  '014': 'SCB',
  '022': 'CIMB',
  '024': 'UOB',
  '025': 'BAY',
  '030': 'GSB',
  '033': 'GHB',
  '034': 'BAAC',
  '067': 'TISCO',
  '069': 'KKP',
  '070': 'ICBC',
  '073': 'LHB',
};

export function bankOfBotCode(code: string): string | undefined {
  return Object.hasOwn(BOT_BANK_CODES, code) ? BOT_BANK_CODES[code] : undefined;
}

export function botCodeOfBank(bankCode: string): string | undefined {
  return Object.entries(BOT_BANK_CODES).find(([, bank]) => bank === bankCode)?.[0];
}
