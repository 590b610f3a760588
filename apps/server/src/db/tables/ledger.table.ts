import type { StatementType } from '@member-wallet/contract/statuses';
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, JsonObject } from './columns.ts';

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

/** The double-entry ledger and the answers kept for an Idempotency-Key (docs/ledger.md). */
export interface LedgerTables {
  ledger_accounts: LedgerAccountsTable;
  journal_entries: JournalEntriesTable;
  postings: PostingsTable;
  idempotency_requests: IdempotencyRequestsTable;
}
