import { STATEMENT_CREDITS_MAX } from '@member-wallet/contract/backoffice/statements';
import { type CsvRow, CsvSyntaxError, csvRows } from './csv-rows.ts';
import {
  amountMinorOf,
  occurrences,
  type ParsedStatement,
  type ReferenceParts,
  StatementRefusedError,
  type StatementSender,
  statementReference,
  thaiInstant,
  utf8Text,
} from './statement-file.ts';

/**
 * KBank K-BIZ "K-DEPOSIT STATEMENT OF SAVING ACCOUNT (WITH DETAIL)" as CSV (docs/parties/statement-files.md): a
 * Thai and an English title, the account and period block (labels in the 8th cell, values in the 12th or 13th),
 * then 13-cell rows `,Date,Time,Descriptions,Withdrawal,,Deposit,,Outstanding Balance,,Channel,,Details`, the
 * first one the beginning balance. Dates `DD-MM-YY`, times `HH:MM` (Thai time), amounts `1,234.56`. A credit's
 * details read `From [BANK ]X1234[ NAME++]`: the sender's bank (none: another KBank account), the account masked
 * to its last digits, the name cut and ended with `++`. The file has no reference per line: each credit gets the
 * hash of statement-file.ts. Nothing is guessed: a row out of this layout refuses the whole file.
 */

const FORMAT = 'kbank-kbiz-csv';
const REFERENCE_PREFIX = 'kbiz';
const TITLE_TH = 'รายการเดินบัญชีเงินฝากออมทรัพย์ (มีรายละเอียด)';
const TITLE_EN = 'K-DEPOSIT STATEMENT OF SAVING ACCOUNT (WITH DETAIL)';
const CELLS = 13;
const HEADER = [
  '',
  'Date',
  'Time/\nEff.Date',
  'Descriptions',
  'Withdrawal',
  '',
  'Deposit',
  '',
  'Outstanding\nBalance',
  '',
  'Channel',
  '',
  'Details',
];
/** The rows of the account block are looked for before the column header, at most this far down. */
const HEADER_ROW_MAX = 30;
const BEGINNING = 'Beginning Balance';
const MASKED_ACCOUNT = /^[0-9X]{3}-[0-9X]-[0-9X]{5}-[0-9X]$/;
const PERIOD = /^(\d{2})\/(\d{2})\/(\d{4}) - (\d{2})\/(\d{2})\/(\d{4})$/;
const DATE = /^(\d{2})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const SENDER = /^From (?:([A-Z][A-Z0-9]{1,9}) )?([Xx]\d{4,})(?: (.+))?$/;
/** Our code of a bank KBank names otherwise (migration 0002's codes); any other code is passed as shown. */
const BANK_ALIASES: Readonly<Record<string, string>> = { TTB: 'TMB' };
/** Above this, a year is of the Buddhist era (2566 is 2023). */
const BUDDHIST_ERA_FROM = 2400;
const BUDDHIST_ERA_OFFSET = 543;

interface Totals {
  count: number;
  amountMinor: bigint;
  row: number;
}

interface Block {
  accountShown: string;
  accountRow: number;
  /** The period's years as written (either era), and its Gregorian ISO dates. */
  years: [number, number];
  period: { from: string; to: string };
  endingMinor: bigint;
  endingRow: number;
  withdrawals: Totals;
  deposits: Totals;
  headerIndex: number;
}

const cell = (row: CsvRow, index: number) => (row.cells[index] ?? '').replace(/\r\n?/g, '\n').trim();

export function parseKbankKbizCsv(bytes: Buffer): ParsedStatement {
  const text = utf8Text(bytes);
  let rows: CsvRow[];
  try {
    rows = csvRows(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw new StatementRefusedError(error.row, 'columns');
    throw error;
  }
  if (cell(rows[0] ?? { row: 1, cells: [] }, 0) !== TITLE_TH) throw new StatementRefusedError(1, 'format');
  if (cell(rows[1] ?? { row: 2, cells: [] }, 0) !== TITLE_EN) throw new StatementRefusedError(2, 'format');
  const block = readBlock(rows);
  return readLines(rows.slice(block.headerIndex + 1), block);
}

/** The account and period block above the column header, and the header itself. */
function readBlock(rows: CsvRow[]): Block {
  const headerIndex = rows.findIndex((row, index) => index < HEADER_ROW_MAX && cell(row, 1) === 'Date');
  if (headerIndex < 0) throw new StatementRefusedError(null, 'header');
  const header = rows[headerIndex] as CsvRow;
  if (header.cells.length !== CELLS || HEADER.some((label, index) => cell(header, index) !== label))
    throw new StatementRefusedError(header.row, 'header');
  const labelled = (label: string) => {
    const found = rows.slice(2, headerIndex).find((row) => cell(row, 7) === label);
    if (!found) throw new StatementRefusedError(null, 'header');
    return found;
  };
  const accountRow = labelled('Account Number');
  const accountShown = cell(accountRow, 11);
  if (!MASKED_ACCOUNT.test(accountShown)) throw new StatementRefusedError(accountRow.row, 'header');
  const periodRow = labelled('Period');
  const { years, period } = readPeriod(periodRow);
  const endingRow = labelled('ENDING BALANCE');
  const endingMinor = amountMinorOf(cell(endingRow, 12));
  if (endingMinor === null) throw new StatementRefusedError(endingRow.row, 'header');
  return {
    accountShown,
    accountRow: accountRow.row,
    years,
    period,
    endingMinor,
    endingRow: endingRow.row,
    withdrawals: readTotals(labelled('TOTAL WITHDRAWAL')),
    deposits: readTotals(labelled('TOTAL DEPOSIT')),
    headerIndex,
  };
}

function readPeriod(row: CsvRow): { years: [number, number]; period: { from: string; to: string } } {
  const parts = PERIOD.exec(cell(row, 11));
  if (!parts) throw new StatementRefusedError(row.row, 'header');
  const [fromDay, fromMonth, fromYear, toDay, toMonth, toYear] = parts.slice(1).map(Number) as number[] as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const from = isoDate(gregorian(fromYear), fromMonth, fromDay);
  const to = isoDate(gregorian(toYear), toMonth, toDay);
  if (from === null || to === null || from > to) throw new StatementRefusedError(row.row, 'header');
  return { years: [fromYear, toYear], period: { from, to } };
}

function readTotals(row: CsvRow): Totals {
  const count = cell(row, 9);
  const amountMinor = amountMinorOf(cell(row, 12));
  if (!/^\d+$/.test(count) || cell(row, 11) !== 'ITEMS' || amountMinor === null)
    throw new StatementRefusedError(row.row, 'header');
  return { count: Number(count), amountMinor, row: row.row };
}

function gregorian(year: number): number {
  return year >= BUDDHIST_ERA_FROM ? year - BUDDHIST_ERA_OFFSET : year;
}

/** `YYYY-MM-DD` of a real calendar date, else null. */
function isoDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** A row's date: its two-digit year is one of the period's years (in the period's era), inside the period. */
function readDate(row: CsvRow, block: Block): { iso: string; year: number; month: number; day: number } {
  const parts = DATE.exec(cell(row, 1));
  if (!parts) throw new StatementRefusedError(row.row, 'date');
  const [day, month, shortYear] = parts.slice(1).map(Number) as [number, number, number];
  const written = block.years.find((year) => year % 100 === shortYear);
  const year = written === undefined ? undefined : gregorian(written);
  const iso = year === undefined ? null : isoDate(year, month, day);
  if (iso === null || year === undefined || iso < block.period.from || iso > block.period.to)
    throw new StatementRefusedError(row.row, 'date');
  return { iso, year, month, day };
}

function readAmount(row: CsvRow, index: number): bigint | null {
  const text = cell(row, index);
  if (text === '') return null;
  const minor = amountMinorOf(text);
  if (minor === null) throw new StatementRefusedError(row.row, 'amount');
  return minor;
}

/** The sender a credit's details name, or null when they name no account (interest, a cash deposit). */
function senderOf(details: string): StatementSender | null {
  const parts = SENDER.exec(details);
  if (!parts) return null;
  const [, bank, account, shownName] = parts;
  const bankCode = bank === undefined ? 'KBANK' : (BANK_ALIASES[bank] ?? bank);
  const name = shownName?.trim() ? shownName.trim().replace(/\+\+$/, '…') : null;
  return { bankCode, accountNo: (account as string).toUpperCase(), name };
}

/** The beginning balance, then every row: amounts, the running balance, the totals; credits kept. */
function readLines(lines: CsvRow[], block: Block): ParsedStatement {
  const rows = lines.slice(0, lastFilled(lines) + 1);
  const first = rows[0];
  if (!first || first.cells.length !== CELLS || cell(first, 3) !== BEGINNING)
    throw new StatementRefusedError(first?.row ?? null, 'header');
  readDate(first, block);
  let balance = readAmount(first, 8);
  if (balance === null) throw new StatementRefusedError(first.row, 'amount');
  const sums = { debits: 0, debitMinor: 0n, credits: 0, creditMinor: 0n };
  const credited: { row: CsvRow; parts: ReferenceParts; at: Date; sender: StatementSender | null }[] = [];
  for (const row of rows.slice(1)) {
    if (row.cells.length !== CELLS) throw new StatementRefusedError(row.row, 'columns');
    const date = readDate(row, block);
    const time = TIME.exec(cell(row, 2));
    if (!time) throw new StatementRefusedError(row.row, 'time');
    const withdrawal = readAmount(row, 4);
    const deposit = readAmount(row, 6);
    const shown = readAmount(row, 8);
    if ((withdrawal !== null && deposit !== null) || withdrawal === 0n || deposit === 0n || shown === null)
      throw new StatementRefusedError(row.row, 'amount');
    balance = balance - (withdrawal ?? 0n) + (deposit ?? 0n);
    if (shown !== balance) throw new StatementRefusedError(row.row, 'balance');
    if (withdrawal !== null) {
      sums.debits += 1;
      sums.debitMinor += withdrawal;
    }
    if (deposit === null) continue;
    sums.credits += 1;
    sums.creditMinor += deposit;
    const [hour, minute] = [Number(time[1]), Number(time[2])];
    credited.push({
      row,
      at: thaiInstant(date.year, date.month, date.day, hour, minute),
      sender: senderOf(cell(row, 12)),
      parts: {
        localDateTime: `${date.iso}T${cell(row, 2)}`,
        amountMinor: deposit,
        channel: cell(row, 10),
        description: cell(row, 3),
        details: cell(row, 12),
      },
    });
  }
  checkTotals(block, sums, balance);
  return statementOf(block, credited, sums.debits);
}

/** The index of the last row with any text: blank rows may end the file, nowhere else. */
function lastFilled(rows: CsvRow[]): number {
  for (let index = rows.length - 1; index >= 0; index--) {
    if ((rows[index] as CsvRow).cells.some((text) => text.trim() !== '')) return index;
  }
  return -1;
}

function checkTotals(
  block: Block,
  sums: { debits: number; debitMinor: bigint; credits: number; creditMinor: bigint },
  balance: bigint,
): void {
  const { withdrawals, deposits } = block;
  if (withdrawals.count !== sums.debits || withdrawals.amountMinor !== sums.debitMinor)
    throw new StatementRefusedError(withdrawals.row, 'totals');
  if (deposits.count !== sums.credits || deposits.amountMinor !== sums.creditMinor)
    throw new StatementRefusedError(deposits.row, 'totals');
  if (block.endingMinor !== balance) throw new StatementRefusedError(block.endingRow, 'totals');
}

function statementOf(
  block: Block,
  credited: { row: CsvRow; parts: ReferenceParts; at: Date; sender: StatementSender | null }[],
  debitLines: number,
): ParsedStatement {
  const withSender = credited.filter((line) => line.sender !== null);
  if (withSender.length > STATEMENT_CREDITS_MAX) throw new StatementRefusedError(null, 'too_many_credits');
  const numbers = occurrences(withSender.map((line) => line.parts));
  return {
    format: FORMAT,
    accountShown: block.accountShown,
    accountRow: block.accountRow,
    period: block.period,
    credits: withSender.map((line, index) => ({
      row: line.row.row,
      reference: referenceOf(line.parts, numbers[index] as number),
      transferredAt: line.at,
      amountMinor: line.parts.amountMinor,
      channel: line.parts.channel,
      description: line.parts.description,
      details: line.parts.details,
      sender: line.sender as StatementSender,
    })),
    skipped: credited
      .filter((line) => line.sender === null)
      .map((line) => ({
        row: line.row.row,
        transferredAt: line.at,
        amountMinor: line.parts.amountMinor,
        description: line.parts.description,
        details: line.parts.details,
      })),
    debitLines,
  };
}

function referenceOf(parts: ReferenceParts, occurrence: number): string {
  return statementReference(REFERENCE_PREFIX, FORMAT, parts, occurrence);
}
