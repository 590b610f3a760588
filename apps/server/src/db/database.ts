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

export interface Database {
  site_settings: SiteSettingsTable;
  banks: BanksTable;
  sources: SourcesTable;
  members: MembersTable;
  sessions: SessionsTable;
  otp_challenges: OtpChallengesTable;
  sandbox_sms_messages: SandboxSmsMessagesTable;
}

export type Db = Kysely<Database>;
