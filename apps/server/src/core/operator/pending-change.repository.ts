import type { PendingChangeStatus } from '@member-wallet/contract/backoffice/pending-changes';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { PendingChangesTable } from '../../db/tables/operators.table.ts';

export type PendingChangeRow = Selectable<PendingChangesTable>;
export type ShownChange = PendingChangeRow & { proposer: string; decider: string | null };

/** The most changes a list answers: they are decided within days, so the list stays short. */
export const CHANGES_LISTED_MAX = 200;

/** The SQL of changes waiting for a second admin (migration 0042). */
export class PendingChangeRepository {
  /** Inserts the change; undefined when another change of the same target is pending already. */
  insert(db: Db, row: Insertable<PendingChangesTable>): Promise<PendingChangeRow | undefined> {
    return db
      .insertInto('pending_changes')
      .values(row)
      .onConflict((conflict) =>
        // A literal, as the partial index says it: PostgreSQL matches the index by its predicate's text.
        conflict.column('target').where(sql<boolean>`status = 'pending'`).doNothing(),
      )
      .returningAll()
      .executeTakeFirst();
  }

  /** Whether a change of `target` waits already. */
  async pendingOf(db: Db, target: string): Promise<boolean> {
    const row = await db
      .selectFrom('pending_changes')
      .select('id')
      .where('target', '=', target)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return row !== undefined;
  }

  lock(db: Db, id: bigint): Promise<PendingChangeRow | undefined> {
    return db.selectFrom('pending_changes').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  }

  decide(
    db: Db,
    id: bigint,
    decision: { status: PendingChangeStatus; decided_by: bigint; decided_at: Date; reject_reason: string | null },
  ): Promise<PendingChangeRow> {
    return db
      .updateTable('pending_changes')
      .set(decision)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  #shown(db: Db) {
    return db
      .selectFrom('pending_changes as c')
      .innerJoin('operators as p', 'p.id', 'c.proposed_by')
      .leftJoin('operators as d', 'd.id', 'c.decided_by')
      .selectAll('c')
      .select(['p.username as proposer', 'd.username as decider']);
  }

  one(db: Db, id: bigint): Promise<ShownChange | undefined> {
    return this.#shown(db).where('c.id', '=', id).executeTakeFirst();
  }

  /** Newest first; `targetPrefix` narrows to one area (`setting:`, `operator:`). */
  list(db: Db, status: PendingChangeStatus, targetPrefix?: string): Promise<ShownChange[]> {
    let query = this.#shown(db).where('c.status', '=', status);
    if (targetPrefix) query = query.where('c.target', 'like', `${targetPrefix}%`);
    return query.orderBy('c.id', 'desc').limit(CHANGES_LISTED_MAX).execute();
  }
}
