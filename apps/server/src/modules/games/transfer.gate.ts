import type { Transaction } from 'kysely';
import type { PeriodLosses } from '../../core/safer-play/safer-play.gate.ts';
import type { Database } from '../../db/database.ts';

/** The check of a transfer into a game account, in its reserve's transaction (docs/safer-play.md). */
export interface IntoGameGate {
  /**
   * Throws the refusal of a reserve already written in this transaction (rolling it back); RecordsWanted when the
   * member has a loss limit and `recorded` (the providers' records) is missing.
   */
  assertIntoGame(
    trx: Transaction<Database>,
    memberId: bigint,
    amountMinor: bigint,
    recorded?: PeriodLosses,
  ): Promise<void>;
  periodStarts(now: Date): Record<'day' | 'week' | 'month', Date>;
  /** Whether any of the members has safer-play settings: their reserves then go one by one, checked. */
  anySet(trx: Transaction<Database>, memberIds: readonly bigint[]): Promise<boolean>;
}
