import type { StatementFormat } from '@member-wallet/contract/backoffice/statements';
import { parseKbankKbizCsv } from './kbank.parser.ts';
import type { ParsedStatement } from './statement-file.ts';

/** A statement layout: the bank and currency of the accounts it is exported for, and its parser. */
export interface StatementLayout {
  bankCode: string;
  currency: string;
  /** What its lines' references start with (`kbiz-…`), which tells them from the feed's and the slips'. */
  referencePrefix: string;
  parse(bytes: Buffer): ParsedStatement;
}

/** Every layout the server reads (docs/parties/statement-files.md): one per bank export whose layout we have seen. */
export const STATEMENT_LAYOUTS: Readonly<Record<StatementFormat, StatementLayout>> = {
  'kbank-kbiz-csv': { bankCode: 'KBANK', currency: 'BAHT', referencePrefix: 'kbiz', parse: parseKbankKbizCsv },
};

/** The layouts of an account's bank and currency. */
export function formatsOf(bankCode: string, currency: string): StatementFormat[] {
  return (Object.entries(STATEMENT_LAYOUTS) as [StatementFormat, StatementLayout][])
    .filter(([, layout]) => layout.bankCode === bankCode && layout.currency === currency)
    .map(([format]) => format);
}
