import type { SlipReasonCode } from '@member-wallet/contract/error-codes';
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt } from './columns.ts';

export type BankTransferStatus = 'matched' | 'unmatched';
/** Why a bank transfer waits in suspense for an operator. */
export type BankTransferUnmatchedReason =
  | 'no_member'
  | 'several_members'
  | 'member_inactive'
  | 'currency_differs'
  // Held for the matched member's own limit or block (migration 0036; docs/safer-play.md).
  | HeldReason;
/** Who recorded a transfer: the bank feed, a slip, or (held for safer play, migration 0036) a QR or gift link. */
export type BankTransferRecorder = 'feed' | 'slip' | 'qr' | 'voucher';
/** Why a deposit that reached a member's account was held in suspense instead of credited. */
export type HeldReason = 'deposit_limit' | 'timed_out' | 'self_excluded';

/** A transfer to an operator account read from the bank feed, recorded once (docs/deposits/bank-transfers.md). */
export interface BankTransfersTable {
  id: Generated<bigint>;
  /** The bank's reference of the transfer, unique per operator account. */
  reference: string;
  operator_account_no: string;
  sender_bank_code: string;
  sender_account_no: string;
  amount_minor: bigint;
  currency: string;
  transferred_at: Date;
  status: BankTransferStatus;
  unmatched_reason: BankTransferUnmatchedReason | null;
  member_id: bigint | null;
  /** The deposit (matched) or suspense (unmatched) entry; set in the transaction that inserts the row. */
  entry_id: bigint | null;
  /** Which view of the transfer recorded it first: the bank feed or a member's slip (docs/deposits/slips.md). */
  recorded_by: ColumnType<BankTransferRecorder, BankTransferRecorder | undefined, never>;
  /** An operator's settlement of a transfer in suspense (migration 0018; docs/backoffice/deposits.md). */
  settled_as: ColumnType<'assign' | 'refund' | null, 'assign' | 'refund' | null | undefined>;
  settled_by: ColumnType<bigint | null, bigint | null | undefined>;
  /** Assigned: when; refunded: when the payout party reported the refund paid. */
  settled_at: ColumnType<Date | null, Date | null | undefined>;
  settled_member_id: ColumnType<bigint | null, bigint | null | undefined>;
  settled_entry_id: ColumnType<bigint | null, bigint | null | undefined>;
  settle_note: ColumnType<string | null, string | null | undefined>;
  refund_status: ColumnType<'pending' | 'paid' | null, 'pending' | 'paid' | null | undefined>;
  refund_attempts: ColumnType<number, number | undefined>;
  refund_reference: ColumnType<string | null, string | null | undefined>;
  /** The sender's whole account a refund pays, given by the operator (migration 0033). */
  refund_account_no: ColumnType<string | null, string | null | undefined>;
  refund_next_check_at: ColumnType<Date | null, Date | null | undefined>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** How far the matcher has read each bank feed (an opaque cursor of the feed's own). */
export interface BankFeedCursorsTable {
  feed: string;
  cursor: string;
  updated_at: Date;
}

/** A TrueMoney voucher we tried to redeem, by the SHA-256 of its code (docs/deposits/truemoney.md). */
export interface TruelinkRedemptionsTable {
  id: Generated<bigint>;
  reference: string;
  voucher_hash: string;
  member_id: bigint;
  /** redeeming: a request is on it; unknown: the party did not answer; credited: the wallet has it. */
  status: 'redeeming' | 'unknown' | 'credited';
  request_key: string;
  amount_minor: bigint | null;
  currency: string;
  entry_id: bigint | null;
  attempts: ColumnType<number, number | undefined, number>;
  next_check_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** An account or gateway members pay into (docs/deposits/README.md, deposit channels). */
export interface DepositChannelsTable {
  id: Generated<bigint>;
  bank_code: string;
  bank_type: 'BANK' | 'PAYMENT';
  /** AUTO: matched by the bank feed; QR: a QR of the gateway `bank_code`; MANUAL: proved by a slip. */
  mode: 'AUTO' | 'QR' | 'MANUAL';
  name_th: string;
  name_en: string;
  name_lo: string;
  account_name: string;
  account_no: string;
  currency: string;
  min_amount_minor: ColumnType<bigint, bigint | undefined, bigint>;
  sort_order: ColumnType<number, number | undefined, number>;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  /** Mounted by the sandbox (its parties stand behind it); operators' own entries are false. */
  sandbox: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** A TrueMoney wallet entry of the deposit modal. */
export interface DepositWalletsTable {
  id: Generated<bigint>;
  mode: 'AUTO' | 'GIFT_LINK';
  wallet_account_name: string;
  currency: string;
  sort_order: ColumnType<number, number | undefined, number>;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  sandbox: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
}

export type QrCodeStatus = 'creating' | 'live' | 'paid' | 'cancelled' | 'expired' | 'failed';

/** A QR a member asked for at a payment gateway (docs/deposits/qr.md). */
export interface QrCodesTable {
  id: Generated<bigint>;
  /** Our id of the QR (random): the API's qrcodeId and the gateway's idempotency key. */
  qrcode_id: string;
  member_id: bigint;
  gateway: string;
  channel_id: bigint;
  amount_minor: bigint;
  currency: string;
  /** The EMVCo payload the gateway made; null until it answered. */
  payload: string | null;
  gateway_reference: string | null;
  /** creating: the gateway is being asked; failed: it refused or did not answer; the rest as named. */
  status: QrCodeStatus;
  expires_at: Date;
  /** What was paid (may differ from amount_minor), set with entry_id and paid_at when credited. */
  paid_amount_minor: bigint | null;
  entry_id: bigint | null;
  paid_at: Date | null;
  /** When the settler asks the gateway about it next; null: no more. */
  next_check_at: Date | null;
  check_attempts: ColumnType<number, number | undefined, number>;
  /** When a vendor's notification last made us ask the gateway about it (migration 0039); null: never. */
  notice_inquiry_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** Gateway webhook notifications already handled, per gateway, so a replayed one is ignored. */
export interface PaymentWebhookEventsTable {
  gateway: string;
  event_id: string;
  received_at: Date;
}

/** One upload of a bank-transfer slip and its outcome (docs/deposits/slips.md). */
export interface SlipsTable {
  id: Generated<bigint>;
  public_id: string;
  member_id: bigint;
  /** The stored picture's random name; null when it could not be stored (FILE_MISSING). */
  file_name: string | null;
  content_type: 'image/png' | 'image/jpeg';
  size_bytes: number;
  sha256: string;
  width: number;
  height: number;
  /** The sending bank's Bank of Thailand code, read from the mini-QR. */
  sending_bank: string | null;
  reference: string | null;
  amount_minor: bigint | null;
  currency: string | null;
  status: 'IN_PROGRESS' | 'SUCCESS' | 'FAILED';
  note: SlipReasonCode | null;
  bank_transfer_id: bigint | null;
  entry_id: bigint | null;
  /** An operator's review of a refused slip with a verified amount (migration 0018; docs/backoffice/deposits.md). */
  review: ColumnType<'credited' | 'dismissed' | null, 'credited' | 'dismissed' | null | undefined>;
  reviewed_by: ColumnType<bigint | null, bigint | null | undefined>;
  reviewed_at: ColumnType<Date | null, Date | null | undefined>;
  review_note: ColumnType<string | null, string | null | undefined>;
  /** The QR as read (migration 0031); the times the verifier was asked; when a waiting slip is due again. */
  qr_text: ColumnType<string | null, string | null | undefined>;
  attempts: ColumnType<number, number | undefined>;
  next_check_at: ColumnType<Date | null, Date | null | undefined>;
  /** The sandbox verifier was asked about it: its outcome is the sandbox's (migration 0032; the sandbox label). */
  sandbox: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Date;
  updated_at: Date;
}

/**
 * Every way money comes in: the bank feed and suspense, TrueMoney vouchers, deposit channels, QR payments and
 * slips (docs/deposits/).
 */
export interface DepositsTables {
  bank_transfers: BankTransfersTable;
  bank_feed_cursors: BankFeedCursorsTable;
  truelink_redemptions: TruelinkRedemptionsTable;
  deposit_channels: DepositChannelsTable;
  deposit_wallets: DepositWalletsTable;
  qr_codes: QrCodesTable;
  payment_webhook_events: PaymentWebhookEventsTable;
  slips: SlipsTable;
}
