import { createHash } from 'node:crypto';
import type { StatementFormat, StatementProblem } from '@member-wallet/contract/backoffice/statements';
import type { IncomingTransfer } from '../../adapters/bank-feed/bank-feed.ts';

/**
 * What every statement layout's parser answers (docs/parties/statement-files.md): the credit lines that name a
 * sender, as transfers the bank feed's matcher records, and what it read around them. A parser reads the whole
 * file before anything is recorded, and refuses it whole at its first row out of the layout.
 */

/** The sender as the statement shows it: masked account (`X0052`), the bank when named, the name when shown. */
export interface StatementSender {
  bankCode: string;
  accountNo: string;
  /** As shown, a cut marked with `…` (the mask the matcher's name rule reads); null when none is shown. */
  name: string | null;
}

/** A credit line that names a sender: one transfer into the operator's account. */
export interface StatementCreditLine {
  /** The row a spreadsheet shows. */
  row: number;
  /** The bank's reference when the layout has one, else the line's hash (statementReference). */
  reference: string;
  transferredAt: Date;
  amountMinor: bigint;
  channel: string;
  description: string;
  details: string;
  sender: StatementSender;
}

/** A credit that names no sender account (interest, a cash deposit): shown to the operator, never recorded. */
export interface StatementSkippedLine {
  row: number;
  transferredAt: Date;
  amountMinor: bigint;
  description: string;
  details: string;
}

export interface ParsedStatement {
  format: StatementFormat;
  /** The operator account's number as the statement shows it (masked), and the row that shows it. */
  accountShown: string;
  accountRow: number;
  /** The statement's period as it states it, ISO dates (Gregorian). */
  period: { from: string; to: string };
  credits: StatementCreditLine[];
  skipped: StatementSkippedLine[];
  debitLines: number;
}

/** The file is not the layout: the row a spreadsheet shows (null: the whole file) and what is wrong there. */
export class StatementRefusedError extends Error {
  override name = 'StatementRefusedError';

  constructor(
    readonly row: number | null,
    readonly problem: StatementProblem,
  ) {
    super(`statement refused at row ${row ?? '-'}: ${problem}`);
  }
}

/** A credit line as the transfer the bank feed's matcher records (docs/deposits/bank-transfers.md). */
export function toTransfer(line: StatementCreditLine, operatorAccountNo: string, currency: string): IncomingTransfer {
  return {
    reference: line.reference,
    operatorAccountNo,
    senderBankCode: line.sender.bankCode,
    senderAccountNo: line.sender.accountNo,
    senderName: line.sender.name,
    amountMinor: line.amountMinor,
    currency,
    transferredAt: line.transferredAt,
  };
}

const AMOUNT = /^(?:\d{1,3}(?:,\d{3})*|\d+)\.\d{2}$/;

/** `79,901.58` as minor units (7990158n); null for anything else (no sign, two decimals, commas by thousands). */
export function amountMinorOf(text: string): bigint | null {
  if (!AMOUNT.test(text)) return null;
  return BigInt(text.replace(/[,.]/g, ''));
}

/** The parts of a line its reference is made of, as the file writes them. */
export interface ReferenceParts {
  /** The line's date and time, as an ISO local date-time (`2023-02-01T11:24`). */
  localDateTime: string;
  amountMinor: bigint;
  channel: string;
  description: string;
  details: string;
}

/**
 * The reference of a line whose layout has no bank reference: `<prefix>-` and the first 40 hex digits of the
 * SHA-256 of the format, the local date-time, the amount in minor units, channel, description and details
 * (each trimmed, one per line), then the line's occurrence among the file's lines with all of these equal
 * (1 for the first). The same transfer in two files (a period imported again, or two periods that overlap by
 * whole days) gets the same reference, so the matcher records it once; two equal transfers in one minute are
 * told apart by their order, which the bank keeps.
 */
export function statementReference(
  prefix: string,
  format: StatementFormat,
  parts: ReferenceParts,
  occurrence: number,
): string {
  const text = [
    format,
    parts.localDateTime,
    parts.amountMinor.toString(),
    parts.channel.trim(),
    parts.description.trim(),
    parts.details.trim(),
    String(occurrence),
  ].join('\n');
  return `${prefix}-${createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 40)}`;
}

/** Numbers each line among the lines with the same reference parts, in file order, from 1. */
export function occurrences(parts: readonly ReferenceParts[]): number[] {
  const seen = new Map<string, number>();
  return parts.map((part) => {
    const key = JSON.stringify([
      part.localDateTime,
      part.amountMinor.toString(),
      part.channel,
      part.description,
      part.details,
    ]);
    const next = (seen.get(key) ?? 0) + 1;
    seen.set(key, next);
    return next;
  });
}

/** Statement times are the bank's local time; the Thai banks' is UTC+7 all year. */
export const THAI_OFFSET_MS = 7 * 60 * 60 * 1000;

/** The instant of a Thai local date and time. */
export function thaiInstant(year: number, month: number, day: number, hour: number, minute: number): Date {
  return new Date(Date.UTC(year, month - 1, day, hour, minute) - THAI_OFFSET_MS);
}

/** Decodes a file as UTF-8 (a BOM dropped); anything else is refused as a whole (`encoding`). */
export function utf8Text(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new StatementRefusedError(null, 'encoding');
  }
}
