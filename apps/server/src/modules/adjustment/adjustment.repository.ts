import type { AdjustmentCsvQuery, AdjustmentQuery } from '@member-wallet/contract/backoffice/adjustments';
import type { Insertable, Selectable, Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.ts';
import type { AdjustmentsTable } from '../../db/tables/operators.table.ts';

export type Adjustment = Selectable<AdjustmentsTable>;

/** The back-office's SQL of manual adjustments (docs/backoffice/members.md, Manual adjustments). */
export class AdjustmentRepository {
  /** Adjustments with their member and both operators, as the back-office shows them. */
  private shown(db: Db) {
    return db
      .selectFrom('adjustments as a')
      .innerJoin('members as m', 'm.id', 'a.member_id')
      .innerJoin('operators as requester', 'requester.id', 'a.requested_by')
      .leftJoin('operators as reviewer', 'reviewer.id', 'a.reviewed_by')
      .selectAll('a')
      .select([
        'm.public_id as member_public_id',
        'm.phone',
        'm.name',
        'requester.username as requester',
        'reviewer.username as reviewer',
      ]);
  }

  async page(db: Db, query: AdjustmentQuery) {
    let count = db.selectFrom('adjustments');
    let rows = this.shown(db);
    if (query.status) {
      count = count.where('status', '=', query.status);
      rows = rows.where('a.status', '=', query.status);
    }
    const [total, page] = await Promise.all([
      count.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      rows
        .orderBy('a.id', 'desc')
        .offset((query.page - 1) * query.limit)
        .limit(query.limit)
        .execute(),
    ]);
    return { total: Number(total.total), rows: page };
  }

  /** Newest first, `limit` at a time after `beforeId` (keyset paging for the CSV export). */
  batch(db: Db, query: AdjustmentCsvQuery, beforeId: bigint | null, limit: number) {
    let rows = this.shown(db);
    if (query.status) rows = rows.where('a.status', '=', query.status);
    if (beforeId !== null) rows = rows.where('a.id', '<', beforeId);
    return rows.orderBy('a.id', 'desc').limit(limit).execute();
  }

  findShown(db: Db, publicId: string) {
    return this.shown(db).where('a.public_id', '=', publicId).executeTakeFirst();
  }

  /** The member an adjustment is asked for. */
  findMember(db: Db, publicId: string) {
    return db.selectFrom('members').select(['id', 'currency']).where('public_id', '=', publicId).executeTakeFirst();
  }

  /**
   * Inserts the request unless this operator already sent this request id: then answers nothing, and the caller
   * reads the first. A concurrent twin waits here for the first one's commit or rollback.
   */
  insertIfNew(trx: Transaction<Database>, row: Insertable<AdjustmentsTable>) {
    return trx
      .insertInto('adjustments')
      .values(row)
      .onConflict((conflict) => conflict.columns(['requested_by', 'request_id']).doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  findByRequest(trx: Transaction<Database>, operatorId: bigint, requestId: string) {
    return trx
      .selectFrom('adjustments')
      .selectAll()
      .where('requested_by', '=', operatorId)
      .where('request_id', '=', requestId)
      .executeTakeFirst();
  }

  /** The credits `operatorId` applied alone (no second operator) in `currency` since `since`, minor units. */
  async aloneCreditsSince(trx: Transaction<Database>, operatorId: bigint, currency: string, since: Date) {
    const row = await trx
      .selectFrom('adjustments')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount_minor'), eb.lit(0)).as('total'))
      .where('requested_by', '=', operatorId)
      .where('status', '=', 'applied')
      .where('reviewed_by', 'is', null)
      .where('currency', '=', currency)
      .where('amount_minor', '>', 0n)
      .where('requested_at', '>=', since)
      .executeTakeFirstOrThrow();
    return BigInt(row.total);
  }

  lock(trx: Transaction<Database>, publicId: string) {
    return trx.selectFrom('adjustments').selectAll().where('public_id', '=', publicId).forUpdate().executeTakeFirst();
  }

  update(
    trx: Transaction<Database>,
    id: bigint,
    changes: Partial<Pick<Adjustment, 'status' | 'reviewed_by' | 'reviewed_at' | 'review_reason' | 'entry_id'>>,
  ): Promise<Adjustment> {
    return trx.updateTable('adjustments').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
  }
}
