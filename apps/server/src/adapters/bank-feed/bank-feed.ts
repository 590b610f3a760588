/**
 * The bank feed port: transfers arriving in the operator's bank accounts, read page by page after a cursor
 * (docs/deposits/bank-transfers.md). The deposit matcher knows nothing of the party behind it. A feed may deliver a
 * transfer more than once (a page read again after a crash, a bank re-sending a line): the matcher records a
 * reference once per operator account.
 */
export interface IncomingTransfer {
  /** The bank's reference of the transfer: unique per operator account. */
  reference: string;
  /** The operator's account the money arrived in. */
  operatorAccountNo: string;
  senderBankCode: string;
  /** The sender's account as the bank shows it: masked (`xxx-x-x0209-x`) by real banks, digits by some. */
  senderAccountNo: string;
  /** The sender's name as the bank shows it (Thai or English, possibly cut), when the bank shows one. */
  senderName?: string | null;
  /** Minor units, more than zero. */
  amountMinor: bigint;
  /** The currency of the operator's account (`BAHT`, `LAK`). */
  currency: string;
  transferredAt: Date;
}

export interface BankFeedPage {
  /** Oldest first. */
  transfers: IncomingTransfer[];
  /** Where the next read starts; the same cursor when nothing new arrived. */
  nextCursor: string | null;
}

export interface BankFeed {
  /** Transfers after `cursor` (from the beginning when null), at most `limit` of them. */
  transfersAfter(cursor: string | null, limit: number): Promise<BankFeedPage>;
}

/** The feed could not be read (network error, time-out, a 5xx, a refused signature, an answer we cannot read). */
export class BankFeedUnavailableError extends Error {
  override name = 'BankFeedUnavailableError';
}
