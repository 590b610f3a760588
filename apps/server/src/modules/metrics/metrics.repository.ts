import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { OPEN_TRANSFER_STATES } from '../../db/tables/games.table.ts';

/** The figures /metrics reads from the database at each scrape: each one small query over an open-work index. */
export class MetricsRepository {
  constructor(private readonly db: Db) {}

  /** Withdrawals under way, by stage: waiting for an operator's review, or with the payout party. */
  async openWithdrawals(): Promise<{ review: number; payout: number }> {
    const rows = await this.db
      .selectFrom('withdrawals')
      .where('status', '=', 'IN_PROGRESS')
      .select(sql<string>`case when review = 'awaiting' then 'review' else 'payout' end`.as('stage'))
      .select(sql<string>`count(*)`.as('count'))
      .groupBy(sql`1`)
      .execute();
    const count = (stage: string) => Number(rows.find((row) => row.stage === stage)?.count ?? 0);
    return { review: count('review'), payout: count('payout') };
  }

  /** Game transfers not settled yet, by state. */
  async openTransfers(): Promise<Record<(typeof OPEN_TRANSFER_STATES)[number], number>> {
    const rows = await this.db
      .selectFrom('game_transfers')
      .where('state', 'in', OPEN_TRANSFER_STATES)
      .select(['state', sql<string>`count(*)`.as('count')])
      .groupBy('state')
      .execute();
    const count = (state: string) => Number(rows.find((row) => row.state === state)?.count ?? 0);
    return { reserved: count('reserved'), provider_applied: count('provider_applied'), unknown: count('unknown') };
  }
}
