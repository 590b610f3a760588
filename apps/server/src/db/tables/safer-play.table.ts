import type { BlockKind, LimitKind, LimitPeriod } from '@member-wallet/contract/safer-play';
import type { Generated } from 'kysely';
import type { JsonObject } from './columns.ts';

/** A member's safer-play settings and the block in force (migration 0036; docs/safer-play.md). */
export interface SaferPlayTable {
  member_id: bigint;
  reality_check_minutes: number | null;
  block_kind: BlockKind | null;
  block_started_at: Date | null;
  /** Null with a kind: permanent. */
  block_ends_at: Date | null;
  reopen_requested_at: Date | null;
  reopens_at: Date | null;
  updated_at: Date;
}

/** One of a member's limits, with the raise or removal waiting for its cooling-off. */
export interface SaferPlayLimitsTable {
  member_id: bigint;
  kind: LimitKind;
  period: LimitPeriod;
  amount_minor: bigint | null;
  pending_amount_minor: bigint | null;
  pending_from: Date | null;
  updated_at: Date;
}

/** The history of a member's safer-play changes, for the operators' member screen. */
export interface SaferPlayEventsTable {
  id: Generated<bigint>;
  member_id: bigint;
  action: string;
  detail: JsonObject;
  at: Date;
}

/** Members an operator should look at, raised by the watch rules (docs/safer-play.md, Watch list). */
export interface WatchListTable {
  id: Generated<bigint>;
  member_id: bigint;
  rule: string;
  detail: JsonObject;
  raised_at: Date;
  state: 'open' | 'closed';
  note: string | null;
  closed_by: bigint | null;
  closed_at: Date | null;
}

export interface SaferPlayTables {
  safer_play: SaferPlayTable;
  safer_play_limits: SaferPlayLimitsTable;
  safer_play_events: SaferPlayEventsTable;
  watch_list: WatchListTable;
}
