import { MINUTE_MS } from '../../lib/clock.ts';

/**
 * A statement line has no bank reference, so the bank feed's or a slip's record of the same transfer (under the
 * bank's reference) cannot be found by reference. A line is taken to be a transfer recorded elsewhere when that
 * record has its amount and sender bank and a time from the minute before the line's to the minute after (a
 * statement shows minutes; the feed and the slips seconds, and their clocks are not the bank's statement's).
 * Each record stands for one line at most, paired in the file's order. An equal transfer in the same minutes
 * that the feed did not report is then taken for the one it did: it is shown to the operator as `elsewhere`
 * with the record it was paired with, never credited twice.
 */
export const ELSEWHERE_BEFORE_MS = MINUTE_MS;
export const ELSEWHERE_AFTER_MS = 2 * MINUTE_MS;

export interface LineToPair {
  reference: string;
  /** The start of the line's minute. */
  transferredAt: Date;
  amountMinor: bigint;
  senderBankCode: string;
}

export interface RecordToPair {
  reference: string;
  transferred_at: Date;
  amount_minor: bigint;
  sender_bank_code: string;
}

/** Each line paired with a record of another source: line reference -> that record's reference. */
export function pairElsewhere(lines: readonly LineToPair[], records: readonly RecordToPair[]): Map<string, string> {
  const used = new Set<number>();
  const pairs = new Map<string, string>();
  for (const line of lines) {
    const at = line.transferredAt.getTime();
    const index = records.findIndex(
      (record, candidate) =>
        !used.has(candidate) &&
        record.amount_minor === line.amountMinor &&
        record.sender_bank_code === line.senderBankCode &&
        record.transferred_at.getTime() >= at - ELSEWHERE_BEFORE_MS &&
        record.transferred_at.getTime() < at + ELSEWHERE_AFTER_MS,
    );
    if (index < 0) continue;
    used.add(index);
    pairs.set(line.reference, (records[index] as RecordToPair).reference);
  }
  return pairs;
}
