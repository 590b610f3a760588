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

/** Where a reward came from; names the definition it runs under and its statement description's source. */
export type RewardSource = 'luckydraw';

/** The end terms a reward runs with as a bonus (docs/promotions.md, "Rewards are bonus money"). */
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
  rewardDefinition(source: RewardSource, currency: string): Promise<bigint>;
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
