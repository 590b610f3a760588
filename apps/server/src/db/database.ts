import type { InviteMatch, InviteReviewStatus } from '@member-wallet/contract/backoffice/invite-reviews';
import type { OperatorRole } from '@member-wallet/contract/backoffice/operators';
import type { WithdrawalReviewState } from '@member-wallet/contract/backoffice/withdrawals';
import type { SlipReasonCode } from '@member-wallet/contract/error-codes';
import type { StatementType } from '@member-wallet/contract/statuses';
import type { ColumnType, Generated, Kysely } from 'kysely';

/** A timestamp the database may fill in, always read back as a `Date`. */
type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface SiteSettingsTable {
  key: string;
  /** `th`, `lo`, `en`, or `*` for a setting that does not depend on the language. */
  locale: string;
  value: ColumnType<unknown, string, string>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface BanksTable {
  code: string;
  name_th: string;
  name_en: string;
  name_lo: string;
  country: string;
  sort_order: number;
  active: boolean;
}

export interface SourcesTable {
  code: string;
  description: ColumnType<Record<string, string>, string, string>;
  sort_order: number;
  active: boolean;
}

export interface MembersTable {
  id: Generated<bigint>;
  public_id: string;
  phone: string;
  password_hash: string;
  name: string;
  source_code: string | null;
  inviter_id: bigint | null;
  bank_code: string;
  bank_account_no: string;
  bank_account_name: string;
  currency: string;
  status: ColumnType<'active' | 'inactive', 'active' | 'inactive' | undefined, 'active' | 'inactive'>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  /** The address the member registered from (migration 0028); null for members registered before it. */
  registration_ip: ColumnType<string | null, string | null | undefined, never>;
}

export interface SessionsTable {
  id: Generated<bigint>;
  member_id: bigint;
  token_hash: string;
  remember: boolean;
  created_at: CreatedAt;
  expires_at: Date;
  revoked_at: Date | null;
  ip: string | null;
  user_agent: string | null;
  /** The nonce of the device cookie this sign-in set (migration 0028; decision 0015). */
  device_nonce: string | null;
  /** The member whose genuine device cookie this sign-in carried, when it was another member's. */
  device_member_id: bigint | null;
}

export interface OtpChallengesTable {
  id: Generated<bigint>;
  phone: string;
  token_hash: string;
  ref: string;
  code_hash: string;
  attempts: ColumnType<number, number | undefined, number>;
  expires_at: Date;
  verified_at: Date | null;
  consumed_at: Date | null;
  created_at: CreatedAt;
  ip: string | null;
}

export interface SandboxSmsMessagesTable {
  id: Generated<bigint>;
  phone: string;
  body: string;
  created_at: CreatedAt;
}

export type LedgerAccountKind =
  | 'member_wallet'
  | 'member_provider_position'
  | 'provider_float'
  | 'deposit_clearing'
  | 'withdrawal_payable'
  | 'payout_clearing'
  | 'bonus_expense'
  | 'refund_expense'
  | 'invite_expense'
  | 'spin_prizes'
  | 'suspense'
  | 'manual_adjustment';

/** The statement's types, plus movements the statement does not show as their own kind (docs/ledger.md). */
export type JournalEntryType = StatementType | 'adjustment' | 'refund' | 'invite' | 'spin';
export type JournalEntryStatus = 'pending' | 'completed' | 'reversed' | 'failed';

/** A JSON object column: written as a JSON string, read back parsed. */
type JsonObject = ColumnType<Record<string, unknown>, string | undefined, string>;

export interface LedgerAccountsTable {
  id: Generated<bigint>;
  kind: LedgerAccountKind;
  member_id: bigint | null;
  provider_code: string | null;
  currency: string;
  /** Minor units; the sum of the account's postings (docs/ledger.md, sign convention). */
  balance: ColumnType<bigint, bigint | undefined, bigint>;
  created_at: CreatedAt;
}

export interface JournalEntriesTable {
  id: Generated<bigint>;
  member_id: bigint | null;
  type: JournalEntryType;
  status: JournalEntryStatus;
  idempotency_key: string;
  /** The entry this one compensates, for a reversal; null otherwise. */
  reversal_of: bigint | null;
  reference: JsonObject;
  metadata: JsonObject;
  /**
   * Whether the entry is a row of the member's statement (docs/ledger.md, Statement): false for the second
   * half of an action already shown, such as the wallet credit of a game-to-wallet transfer.
   */
  listed: ColumnType<boolean, boolean | undefined, never>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** Append-only: the database refuses UPDATE and DELETE. */
export interface PostingsTable {
  id: Generated<bigint>;
  entry_id: bigint;
  account_id: bigint;
  /** Minor units, never zero: positive adds to the account's balance, negative takes from it. */
  amount: bigint;
  created_at: CreatedAt;
}

export interface IdempotencyRequestsTable {
  id: Generated<bigint>;
  member_id: bigint;
  key: string;
  /** SHA-256 (hex) of the method, route, parameters, query and canonical body. */
  request_hash: string;
  status: 'in_progress' | 'completed';
  response_status: number | null;
  response_body: ColumnType<unknown, string | null, string | null>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  expires_at: Date;
}

/** Game providers and the saga of transfers to and from them (migration 0004, docs/wallet.md). */
export type GameCategory = 'slot' | 'sport' | 'lotto';
export type GameAdapterKind = 'sandbox' | 'http';
export type GameTransferDirection = 'to_game' | 'from_game';
export type GameTransferState = 'reserved' | 'provider_applied' | 'completed' | 'failed' | 'unknown';

export interface GameProvidersTable {
  code: string;
  name: string;
  category: GameCategory;
  logo: string;
  background: string;
  /** The wallet-slot multiplier in basis points: 10000 is 1.0. */
  ft_wallet_slot_bp: ColumnType<number, number | undefined, number>;
  web: string | null;
  android: string | null;
  ios: string | null;
  adapter: GameAdapterKind;
  api_base_url: string | null;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  sort_order: ColumnType<number, number | undefined, number>;
}

export interface GameAccountsTable {
  id: Generated<bigint>;
  member_id: bigint;
  provider_code: string;
  username: string;
  password_encrypted: string;
  status: ColumnType<'active' | 'closed', 'active' | 'closed' | undefined, 'active' | 'closed'>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface GameTransfersTable {
  id: string;
  member_id: bigint;
  provider_code: string;
  direction: GameTransferDirection;
  amount_minor: bigint;
  currency: string;
  state: GameTransferState;
  idempotency_key: string;
  reservation_entry_id: bigint;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface SandboxGameAccountsTable {
  id: Generated<bigint>;
  provider_code: string;
  external_id: string;
  username: string;
  password: string;
  balance_minor: ColumnType<bigint, bigint | undefined, bigint>;
  created_at: CreatedAt;
}

export interface SandboxGameTransactionsTable {
  provider_code: string;
  tx_id: string;
  account_id: bigint;
  type: 'deposit' | 'withdraw';
  amount_minor: bigint;
  status: 'applied' | 'failed' | 'pending';
  reason: string | null;
  apply_at: Date | null;
  created_at: CreatedAt;
}

export interface SandboxGameBetsTable {
  id: Generated<bigint>;
  account_id: bigint;
  stake_minor: bigint;
  win_minor: bigint;
  reels: string;
  created_at: CreatedAt;
}

export type WithdrawalStatus = 'IN_PROGRESS' | 'SUCCESS' | 'FAILED';

/** A withdrawal to the member's registered bank account (docs/withdrawals.md). */
export type WithdrawalReview = WithdrawalReviewState;

export type AdjustmentStatus = 'awaiting' | 'applied' | 'rejected';

/** Operators' manual adjustments of a member's wallet (migration 0017, docs/backoffice.md). */
export interface AdjustmentsTable {
  id: Generated<bigint>;
  public_id: string;
  /** The requesting client's id: unique per requesting operator, so a retry finds the first request. */
  request_id: string;
  member_id: bigint;
  currency: string;
  /** Signed minor units from the wallet's side: credit > 0, debit < 0. */
  amount_minor: bigint;
  reason: string;
  status: AdjustmentStatus;
  requested_by: bigint;
  requested_at: Date;
  /** The second operator who approved or rejected it; null when it applied at once or still waits. */
  reviewed_by: bigint | null;
  reviewed_at: Date | null;
  /** Why it was rejected. */
  review_reason: string | null;
  /** The ledger entry that moved the money, once applied. */
  entry_id: bigint | null;
  /** Paid as a bonus (migration 0029): its end terms, both set or both null (cash); only on a credit. */
  bonus_win_multiple: number | null;
  bonus_percent_fail: number | null;
}

export interface WithdrawalsTable {
  id: Generated<bigint>;
  /** The id the API and the payout party see (our payout reference). */
  public_id: string;
  member_id: bigint;
  amount_minor: bigint;
  currency: string;
  /** The registered bank account when the member asked. */
  bank_code: string;
  bank_account_no: string;
  bank_account_name: string;
  status: WithdrawalStatus;
  failure_reason: string | null;
  /** The payout party's own id of the payment. */
  payout_reference: string | null;
  /** The member's entry, wallet -> withdrawal payable. */
  entry_id: bigint;
  /** The settlement (payable -> payout clearing) on success, the compensating entry on failure. */
  settle_entry_id: bigint | null;
  attempts: ColumnType<number, number | undefined, number>;
  /** When the settler asks the payout party next. */
  next_check_at: Date;
  /** Operators' review (migration 0016): `awaiting` is not sent to the payout party until approved. */
  review: ColumnType<WithdrawalReview, WithdrawalReview | undefined, WithdrawalReview>;
  reviewed_by: bigint | null;
  reviewed_at: Date | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  settled_at: Date | null;
}

/** Webhook notifications already handled, so a replayed one is ignored. */
export interface PayoutWebhookEventsTable {
  event_id: string;
  received_at: Date;
}

/** The sandbox payout party's own records. */
export interface SandboxPayoutsTable {
  reference: string;
  payout_id: string;
  amount_minor: bigint;
  currency: string;
  bank_code: string;
  account_no: string;
  account_name: string;
  callback_url: string | null;
  status: 'pending' | 'paid' | 'failed';
  outcome: 'paid' | 'failed';
  failure_reason: string | null;
  settle_at: Date;
  created_at: Date;
  updated_at: Date;
}

export type BankTransferStatus = 'matched' | 'unmatched';
/** Why a bank transfer waits in suspense for an operator. */
export type BankTransferUnmatchedReason = 'no_member' | 'several_members' | 'member_inactive' | 'currency_differs';

/** A transfer to an operator account read from the bank feed, recorded once (docs/deposits.md). */
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
  /** Which view of the transfer recorded it first: the bank feed or a member's slip (docs/deposits.md). */
  recorded_by: ColumnType<'feed' | 'slip', 'feed' | 'slip' | undefined, never>;
  /** An operator's settlement of a transfer in suspense (migration 0018; docs/backoffice.md). */
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

/** The sandbox bank feed's own records; a reference injected twice is a re-delivery. */
export interface SandboxBankTransfersTable {
  id: Generated<bigint>;
  reference: string;
  operator_account_no: string;
  sender_bank_code: string;
  sender_account_no: string;
  amount_minor: bigint;
  currency: string;
  transferred_at: Date;
  created_at: Date;
}

/** A TrueMoney voucher we tried to redeem, by the SHA-256 of its code (docs/deposits.md, TrueMoney). */
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

/** The sandbox voucher party's gift vouchers. */
export interface SandboxVouchersTable {
  code: string;
  amount_minor: bigint;
  status: 'available' | 'redeemed';
  redeemed_reference: string | null;
  redeemed_at: Date | null;
  created_at: Date;
}

/** An account or gateway members pay into (docs/deposits.md, deposit channels). */
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

/** A QR a member asked for at a payment gateway (docs/deposits.md, QR payments). */
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
  created_at: Date;
  updated_at: Date;
}

/** Gateway webhook notifications already handled, per gateway, so a replayed one is ignored. */
export interface PaymentWebhookEventsTable {
  gateway: string;
  event_id: string;
  received_at: Date;
}

/** The sandbox payment gateways' own QR records (expired is read from expires_at). */
export interface SandboxPaymentQrcodesTable {
  gateway: string;
  qrcode_id: string;
  gateway_reference: string;
  amount_minor: bigint;
  currency: string;
  payload: string;
  status: 'live' | 'paid' | 'cancelled';
  expires_at: Date;
  callback_url: string | null;
  paid_amount_minor: bigint | null;
  paid_at: Date | null;
  payment_event_id: string | null;
  created_at: Date;
  updated_at: Date;
}

/** One upload of a bank-transfer slip and its outcome (docs/deposits.md, Slips). */
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
  /** An operator's review of a refused slip with a verified amount (migration 0018; docs/backoffice.md). */
  review: ColumnType<'credited' | 'dismissed' | null, 'credited' | 'dismissed' | null | undefined>;
  reviewed_by: ColumnType<bigint | null, bigint | null | undefined>;
  reviewed_at: ColumnType<Date | null, Date | null | undefined>;
  review_note: ColumnType<string | null, string | null | undefined>;
  created_at: Date;
  updated_at: Date;
}

// Bonuses and promotion codes (migration 0012; docs/promotions.md).
/** `reward`: the system's definition a reward runs under as a bonus (migration 0027), never listed. */
export type BonusKind = 'bonus' | 'promotion' | 'reward';
export type BonusTypeColumn = 'limit' | 'day' | 'week';
export type BonusAmountRule = 'fixed' | 'deposit_percent';
export type MemberBonusStatus = 'active' | 'cleared' | 'cancelled';
/** Per language (`th`, `lo`, `en`): a text of a bonus. */
type LocalizedTexts = ColumnType<Record<string, string>, string, string>;

export interface BonusesTable {
  id: Generated<bigint>;
  code: string;
  kind: BonusKind;
  type: BonusTypeColumn;
  currency: string;
  max_received: number;
  total_max: number | null;
  percent_fail: number;
  amount_rule: BonusAmountRule;
  amount_minor: bigint | null;
  deposit_percent: number | null;
  amount_cap_minor: bigint | null;
  deposit_window_hours: number | null;
  win_multiple: number;
  end_below_minor: bigint;
  names: LocalizedTexts;
  descriptions: LocalizedTexts;
  /** `html` per language (`{ th, lo, en }`, Thai the fallback), or one text for every language. */
  banners: ColumnType<{ image: string; html: string | Record<string, string> }[], string, string>;
  sort_order: number;
  active: boolean;
  created_at: CreatedAt;
}

export interface MemberBonusesTable {
  id: Generated<bigint>;
  public_id: string;
  member_id: bigint;
  bonus_id: bigint;
  status: MemberBonusStatus;
  amount_minor: bigint;
  currency: string;
  deposit_entry_id: bigint | null;
  entry_id: bigint;
  end_entry_id: bigint | null;
  taken_back_minor: bigint | null;
  activated_at: Date;
  ended_at: Date | null;
  /** The definition's end terms when it was received (migration 0020): an operator's later change leaves them. */
  win_multiple: number;
  end_below_minor: bigint;
  percent_fail: number;
  /** What a cancel still takes back from money coming back from game accounts (migration 0022). */
  owed_minor: Generated<bigint>;
  /** When the last of what a cancel owed was taken (migration 0029); null while owed, or when nothing was. */
  debt_paid_at: Generated<Date | null>;
}

// Invite a friend and loss refunds (migration 0013; docs/promotions.md).
export interface InviteAccrualCursorsTable {
  inviter_id: bigint;
  /** Every invitee day that ended by this instant has been accrued. */
  accrued_until: Date;
}

export interface InviteCollectionsTable {
  id: Generated<bigint>;
  member_id: bigint;
  currency: string;
  accrued_minor: bigint;
  paid_minor: bigint;
  forfeited_minor: bigint;
  entry_id: bigint | null;
  created_at: Date;
}

export interface InviteAccrualsTable {
  id: Generated<bigint>;
  inviter_id: bigint;
  invitee_id: bigint;
  day_start: Date;
  currency: string;
  net_deposit_minor: bigint;
  amount_minor: bigint;
  collection_id: bigint | null;
  created_at: Date;
  /** `open`: collectable until collected; `held`: its link awaits review; `forfeited`: never paid (0028). */
  state: ColumnType<InviteAccrualState, InviteAccrualState | undefined, InviteAccrualState>;
}

export type InviteAccrualState = 'open' | 'held' | 'forfeited';

/** An invite link that matched its inviter: held until an operator releases or rejects it (migration 0028). */
export interface InviteReviewsTable {
  invitee_id: bigint;
  inviter_id: bigint;
  reasons: InviteMatch[];
  status: InviteReviewStatus;
  held_at: Date;
  decided_by: bigint | null;
  decided_at: Date | null;
  note: string | null;
}

export interface RefundClaimsTable {
  id: Generated<bigint>;
  member_id: bigint;
  period_start: Date;
  period_end: Date;
  currency: string;
  net_loss_minor: bigint;
  refund_minor: bigint;
  paid_minor: bigint;
  entry_id: bigint | null;
  created_at: Date;
}

// Prize wheel (migration 0014; docs/promotions.md, Prize wheel).
export type SpinPrizeType = 'cash' | 'none' | 'item';

/** A member's coins; a spin takes one with a conditional update, never below zero. */
export interface SpinCoinsTable {
  member_id: bigint;
  coins: ColumnType<number, number | undefined, number>;
  /** Deposited minor units not yet worth a whole coin. */
  deposit_remainder_minor: ColumnType<bigint, bigint | undefined, bigint>;
  /** Coins deposits earned that withdrawals have not taken back (migration 0023). */
  deposit_coins: ColumnType<number, number | undefined, number>;
  /** Coins taken back after they were spun, paid by the next coins deposits earn (migration 0023). */
  coin_debt: ColumnType<number, number | undefined, number>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** A deposit or withdrawal entry already counted for coins, with its signed wallet amount (once: the entry id is the key). */
export interface SpinCoinDepositsTable {
  entry_id: bigint;
  member_id: bigint;
  amount_minor: bigint;
  created_at: Date;
}

export interface SpinCoinGrantsTable {
  id: Generated<bigint>;
  member_id: bigint;
  grant_key: string;
  coins: number;
  created_at: Date;
}

/** A slice label in each language: `{ th, lo, en }`. */
type SpinLabels = ColumnType<Record<string, string>, string, string>;

export interface SpinDrawsTable {
  id: Generated<bigint>;
  member_id: bigint;
  request_key: string | null;
  slice_code: string;
  labels: SpinLabels;
  prize_type: SpinPrizeType;
  amount_minor: bigint;
  currency: string;
  coins_after: number;
  created_at: Date;
}

export interface SpinCouponsTable {
  id: Generated<bigint>;
  public_id: string;
  member_id: bigint;
  draw_id: bigint;
  slice_code: string;
  labels: SpinLabels;
  prize_type: Exclude<SpinPrizeType, 'none'>;
  amount_minor: bigint;
  currency: string;
  expires_at: Date;
  claimed_at: Date | null;
  entry_id: bigint | null;
  created_at: Date;
}

export interface OperatorsTable {
  id: Generated<bigint>;
  username: string;
  role: OperatorRole;
  password_hash: string;
  totp_secret_sealed: string;
  totp_last_step: bigint | null;
  status: ColumnType<'active' | 'locked', 'active' | 'locked' | undefined>;
  created_at: CreatedAt;
}

export interface OperatorSessionsTable {
  id: Generated<bigint>;
  operator_id: bigint;
  token_hash: string;
  created_at: CreatedAt;
  expires_at: Date;
  revoked_at: Date | null;
  ip: string | null;
  user_agent: string | null;
}

/** Append-only (a trigger refuses update, delete and truncate): Kysely is given no way to update it either. */
export interface AuditLogTable {
  id: Generated<bigint>;
  operator_id: bigint | null;
  actor: string;
  action: string;
  target: string;
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
  ip: string | null;
  at: CreatedAt;
}

/** Keys the server makes for itself: `device_cookie` signs the device cookies of sign-in (decision 0015). */
export interface AuthKeysTable {
  name: string;
  value: string;
  created_at: CreatedAt;
}

export interface ChatKeysTable {
  name: string;
  value: string;
  created_at: CreatedAt;
}

export interface ChatGuestsTable {
  guest_id: string;
  created_at: CreatedAt;
  /** The member who claimed the guest's conversation; the guest's token is void from then on. */
  claimed_by: bigint | null;
  claimed_at: Date | null;
}

export interface ChatConversationsTable {
  id: Generated<bigint>;
  member_id: bigint | null;
  guest_id: string | null;
  assigned_operator_id: bigint | null;
  customer_unread: Generated<number>;
  operator_unread: Generated<number>;
  last_message_id: bigint | null;
  last_message_at: Date;
  created_at: CreatedAt;
}

export interface ChatMessagesTable {
  id: Generated<bigint>;
  conversation_id: bigint;
  sender: 'customer' | 'other';
  operator_id: bigint | null;
  message_type: string;
  payload: ColumnType<unknown, string, string>;
  client_message_id: string | null;
  created_at: Date;
}

export interface ChatUploadsTable {
  stored_name: string;
  kind: 'image' | 'video';
  content_type: string;
  size_bytes: number;
  member_id: bigint | null;
  guest_id: string | null;
  operator_id: bigint | null;
  created_at: Date;
  /** When a message first used the file; null: never sent, swept after CHAT_UNSENT_UPLOAD_TTL_MS. */
  sent_at: Date | null;
}

export interface Database {
  site_settings: SiteSettingsTable;
  banks: BanksTable;
  sources: SourcesTable;
  members: MembersTable;
  sessions: SessionsTable;
  otp_challenges: OtpChallengesTable;
  sandbox_sms_messages: SandboxSmsMessagesTable;
  ledger_accounts: LedgerAccountsTable;
  journal_entries: JournalEntriesTable;
  postings: PostingsTable;
  idempotency_requests: IdempotencyRequestsTable;
  game_providers: GameProvidersTable;
  game_accounts: GameAccountsTable;
  game_transfers: GameTransfersTable;
  sandbox_game_accounts: SandboxGameAccountsTable;
  sandbox_game_transactions: SandboxGameTransactionsTable;
  sandbox_game_bets: SandboxGameBetsTable;
  withdrawals: WithdrawalsTable;
  adjustments: AdjustmentsTable;
  payout_webhook_events: PayoutWebhookEventsTable;
  sandbox_payouts: SandboxPayoutsTable;
  bank_transfers: BankTransfersTable;
  bank_feed_cursors: BankFeedCursorsTable;
  sandbox_bank_transfers: SandboxBankTransfersTable;
  truelink_redemptions: TruelinkRedemptionsTable;
  sandbox_vouchers: SandboxVouchersTable;
  deposit_channels: DepositChannelsTable;
  deposit_wallets: DepositWalletsTable;
  qr_codes: QrCodesTable;
  payment_webhook_events: PaymentWebhookEventsTable;
  sandbox_payment_qrcodes: SandboxPaymentQrcodesTable;
  slips: SlipsTable;
  bonuses: BonusesTable;
  member_bonuses: MemberBonusesTable;
  invite_accrual_cursors: InviteAccrualCursorsTable;
  invite_collections: InviteCollectionsTable;
  invite_accruals: InviteAccrualsTable;
  invite_reviews: InviteReviewsTable;
  refund_claims: RefundClaimsTable;
  // Prize wheel (migration 0014).
  spin_coins: SpinCoinsTable;
  spin_coin_deposits: SpinCoinDepositsTable;
  spin_coin_grants: SpinCoinGrantsTable;
  spin_draws: SpinDrawsTable;
  spin_coupons: SpinCouponsTable;
  // The back-office (migration 0015).
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  audit_log: AuditLogTable;
  // Live chat (migration 0021).
  chat_keys: ChatKeysTable;
  auth_keys: AuthKeysTable;
  chat_guests: ChatGuestsTable;
  chat_conversations: ChatConversationsTable;
  chat_messages: ChatMessagesTable;
  chat_uploads: ChatUploadsTable;
}

export type Db = Kysely<Database>;
