import type { InviteMatch, InviteReviewStatus } from '@member-wallet/contract/backoffice/invite-reviews';
import type { ColumnType, Generated } from 'kysely';

// Invite a friend and loss refunds (migration 0013; docs/promotions/invite.md, refunds.md).
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

// Prize wheel (migration 0014; docs/promotions/wheel.md).
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

/** Invite a friend, loss refunds and the prize wheel (docs/promotions/). */
export interface PromotionsTables {
  invite_accrual_cursors: InviteAccrualCursorsTable;
  invite_collections: InviteCollectionsTable;
  invite_accruals: InviteAccrualsTable;
  invite_reviews: InviteReviewsTable;
  refund_claims: RefundClaimsTable;
  spin_coins: SpinCoinsTable;
  spin_coin_deposits: SpinCoinDepositsTable;
  spin_coin_grants: SpinCoinGrantsTable;
  spin_draws: SpinDrawsTable;
  spin_coupons: SpinCouponsTable;
}
