import type { PersonMatchStatus, PersonSignal } from '@member-wallet/contract/backoffice/person-matches';
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt } from './columns.ts';

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
  /** The bank account name without its title, computed by the database (migration 0043). */
  holder_name_key: ColumnType<string, never, never>;
  /** The first account of the person the member is linked to; null: a person of their own (migration 0043). */
  person_id: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
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
  /** A session of a member in a time-out or self-exclusion: it reaches only withdrawals (migration 0036). */
  limited_by: ColumnType<'TIMED_OUT' | 'SELF_EXCLUDED' | null, 'TIMED_OUT' | 'SELF_EXCLUDED' | null | undefined, never>;
  /** When the session was last used, at most a minute behind (the activity statement's time logged in). */
  last_seen_at: ColumnType<Date | null, Date | null | undefined, Date>;
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

/** Keys the server makes for itself: `device_cookie` signs the device cookies of sign-in (decision 0015). */
export interface AuthKeysTable {
  name: string;
  value: string;
  created_at: CreatedAt;
}

export type BankNameChangeStatus = 'pending' | 'approved' | 'rejected';

/**
 * A member's bank account name change that was not a spelling of the same name (migration 0041): pending until an
 * operator approves (the member's name becomes `name_to`) or rejects it (docs/backoffice/bank-name-changes.md).
 */
export interface BankNameChangesTable {
  id: Generated<bigint>;
  member_id: bigint;
  bank_code: string;
  name_from: string;
  name_to: string;
  status: ColumnType<BankNameChangeStatus, BankNameChangeStatus | undefined, BankNameChangeStatus>;
  requested_at: Date;
  decided_by: bigint | null;
  decided_at: Date | null;
  /** The operator's note of an approval, or reason of a rejection. */
  reason: string | null;
}

/** A pair of accounts found alike (migration 0043; docs/accounts.md, One person behind the accounts). */
export interface PersonMatchesTable {
  id: Generated<bigint>;
  /** The newer account (the larger id), and the older one. */
  member_id: bigint;
  other_member_id: bigint;
  signals: PersonSignal[];
  status: PersonMatchStatus;
  found_at: Date;
  decided_by: bigint | null;
  decided_at: Date | null;
  note: string | null;
}

/** Members, their sign-ins and one-time codes, their bank name changes, and the server's own signing keys. */
export interface AccountsTables {
  members: MembersTable;
  bank_name_changes: BankNameChangesTable;
  person_matches: PersonMatchesTable;
  sessions: SessionsTable;
  otp_challenges: OtpChallengesTable;
  auth_keys: AuthKeysTable;
}
