import { type Selectable, sql, type Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.ts';
import type { RefundClaimsTable } from '../../db/tables/promotions.table.ts';

export type RefundClaim = Selectable<RefundClaimsTable>;

/** All SQL of loss refunds (docs/promotions/refunds.md). */
export class RefundRepository {
  constructor(private readonly db: Db) {}

  findClaim(memberId: bigint, periodStart: Date): Promise<RefundClaim | undefined> {
    return this.db
      .selectFrom('refund_claims')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('period_start', '=', periodStart)
      .executeTakeFirst();
  }

  /** The period's claim, or undefined when the member already has one: the unique key lets one request in. */
  insertClaim(
    trx: Transaction<Database>,
    row: Omit<RefundClaim, 'id' | 'entry_id'>,
  ): Promise<{ id: bigint } | undefined> {
    return trx
      .insertInto('refund_claims')
      .values(row)
      .onConflict((conflict) => conflict.columns(['member_id', 'period_start']).doNothing())
      .returning('id')
      .executeTakeFirst();
  }

  async setEntry(trx: Transaction<Database>, id: bigint, entryId: bigint): Promise<void> {
    await trx.updateTable('refund_claims').set({ entry_id: entryId }).where('id', '=', id).execute();
  }

  /** One page of the member's refunds, newest first, and their count, from one snapshot. */
  page(memberId: bigint, offset: number, limit: number) {
    return this.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const counted = await trx
          .selectFrom('refund_claims')
          .select(sql<bigint>`count(*)::bigint`.as('total'))
          .where('member_id', '=', memberId)
          .executeTakeFirstOrThrow();
        const total = Number(counted.total);
        const rows =
          offset < total
            ? await trx
                .selectFrom('refund_claims')
                .selectAll()
                .where('member_id', '=', memberId)
                .orderBy('created_at', 'desc')
                .orderBy('id', 'desc')
                .offset(offset)
                .limit(limit)
                .execute()
            : [];
        return { total, rows };
      });
  }
}
