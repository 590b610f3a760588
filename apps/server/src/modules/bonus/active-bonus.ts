import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
/**
 * Whether a member has a bonus running (spec section 4: refunds, new bonuses and spin-prize claims are blocked
 * while one is active, and withdrawals must take everything). The bonus module answers it; the modules it blocks
 * receive it, so none of them reads the bonus tables.
 */
export interface ActiveBonusGate {
  hasActiveBonus(memberId: bigint): Promise<boolean>;
}

/** A stretch of time from `from` (included) to `to` (excluded). */
export interface TimeSpan {
  from: Date;
  to: Date;
}

/**
 * When a member's bonuses ran: what a module measuring play needs to tell bonus play from cash play (a loss
 * refund counts only bets placed while no bonus ran; docs/promotions/refunds.md), without reading the bonus
 * tables.
 */
export interface BonusHistory {
  /**
   * The stretches of `[from, to)` in which a bonus of the member was running (from its activation to its end, or
   * to `to` while it still runs), oldest first, joined where they touch. At most `RUNNING_SPANS_MAX` bonuses are
   * looked at: when more ran in the stretch, the last span answered reaches `to`, so a caller never counts bonus
   * time as cash time.
   */
  runningSpans(memberId: bigint, from: Date, to: Date): Promise<TimeSpan[]>;
}

/** How many of a member's bonuses `runningSpans` looks at in one stretch (a bound on the callers' provider calls). */
export const RUNNING_SPANS_MAX = 50;

/**
 * Where a reward came from; names the definition it runs under (`<SOURCE>-<currency>`): a claimed wheel prize
 * (`luckydraw`), an operator's adjustment paid as a bonus (`adjustment`).
 */
export type RewardSource = 'luckydraw' | 'adjustment';

/** The definition rewards of a source run under: its id, and its name in the site's language for the statement. */
export interface RewardDefinition {
  id: bigint;
  description: string;
}

/** The end terms a reward runs with as a bonus (docs/promotions/wheel.md, "Rewards are bonus money"). */
export interface RewardTerms {
  winMultiple: number;
  percentFail: number;
}

/**
 * Rewards are bonus money: a module paying a reward into the wallet starts it as the member's running bonus, in
 * the transaction that credits it, so it leaves as cash only when its condition is met, like any bonus.
 */
export interface RewardBonuses {
  /** The definition rewards of this source run under in this currency; asked before the caller's transaction. */
  rewardDefinition(source: RewardSource, currency: string): Promise<RewardDefinition>;
  /**
   * In the caller's transaction, after it posted the credit `entryId`: the reward becomes the member's running
   * bonus. `BONUS_REMAINING` (409) when a bonus already runs: the caller's transaction, and its credit, roll back.
   */
  startRewardIn(trx: Transaction<Database>, reward: RewardStart): Promise<void>;
}

/** A reward just credited by the caller's entry `entryId`, to start as a running bonus. */
export interface RewardStart {
  definitionId: bigint;
  memberId: bigint;
  currency: string;
  amountMinor: bigint;
  entryId: bigint;
  terms: RewardTerms;
}
