import type { OperatorRole } from '@member-wallet/contract/backoffice/operators';
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt } from './columns.ts';

export type AdjustmentStatus = 'awaiting' | 'applied' | 'rejected';

/** Operators' manual adjustments of a member's wallet (migration 0017, docs/backoffice/members.md). */
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

export interface OperatorsTable {
  id: Generated<bigint>;
  username: string;
  role: OperatorRole;
  /** Both null while the operator waits for enrolment (migration 0037). */
  password_hash: string | null;
  totp_secret_sealed: string | null;
  totp_last_step: bigint | null;
  status: ColumnType<OperatorStatus, OperatorStatus | undefined>;
  created_at: CreatedAt;
  /** What members see in chat; null: the generic word. */
  display_name: ColumnType<string | null, string | null | undefined>;
}

export type OperatorStatus = 'active' | 'disabled';

/** One-time enrolment links (migration 0037): the token's hash and the TOTP secret it hands out, sealed. */
export interface OperatorEnrolmentsTable {
  id: Generated<bigint>;
  operator_id: bigint;
  token_hash: string;
  totp_secret_sealed: string;
  created_by: bigint | null;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
  voided_at: Date | null;
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

export type PendingChangeKind =
  | 'settings.adjustment'
  | 'settings.withdraw'
  | 'operator.role'
  | 'promotions.bonus'
  | 'promotions.invite'
  | 'promotions.refund'
  | 'promotions.spin';
export type PendingChangeStatus = 'pending' | 'applied' | 'rejected' | 'withdrawn';

/** Changes waiting for a second admin (migrations 0042, 0044; docs/backoffice/four-eyes.md). */
export interface PendingChangesTable {
  id: Generated<bigint>;
  kind: PendingChangeKind;
  target: string;
  /** JSON: what the target was, and what it becomes. */
  before: ColumnType<unknown, string, string>;
  after: ColumnType<unknown, string, string>;
  status: PendingChangeStatus;
  proposed_by: bigint;
  proposed_at: Date;
  /** The second admin; null while pending, and for a change applied at once. */
  decided_by: bigint | null;
  decided_at: Date | null;
  reject_reason: string | null;
}

export type SponsorReason = 'created' | 'link' | 'role';

/** Who made, issued an enrolment link for, or re-roled an operator (migration 0042). */
export interface OperatorSponsorsTable {
  operator_id: bigint;
  sponsor_id: bigint;
  reason: SponsorReason;
  at: Date;
}

/** The back-office (migration 0015): operators, their sign-ins, the audit log and manual adjustments. */
export interface OperatorsTables {
  pending_changes: PendingChangesTable;
  operator_sponsors: OperatorSponsorsTable;
  adjustments: AdjustmentsTable;
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  operator_enrolments: OperatorEnrolmentsTable;
  audit_log: AuditLogTable;
}
