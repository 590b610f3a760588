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
  | 'bonus_expense'
  | 'refund_expense'
  | 'invite_expense'
  | 'spin_prizes'
  | 'suspense';

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
}

export type Db = Kysely<Database>;
