import type { AuditCsvQuery, AuditQuery } from '@member-wallet/contract/backoffice/audit';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { AuditLogTable } from '../../db/tables/operators.table.ts';

export type AuditRow = Selectable<AuditLogTable>;

/** The audit log's SQL: rows are only ever added, and read newest first (docs/backoffice/README.md, Audit log). */
export class AuditRepository {
  constructor(private readonly db: Db) {}

  /** `db`: the transaction of the action the line records. */
  async insert(db: Db, row: Insertable<AuditLogTable>): Promise<void> {
    await db.insertInto('audit_log').values(row).execute();
  }

  /** One page, newest first, filtered by exact action, actor and target, with the filter's row count. */
  async page(query: AuditQuery): Promise<{ total: number; rows: AuditRow[] }> {
    const select = this.#filtered(query);
    const [count, rows] = await Promise.all([
      select.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      select
        .selectAll()
        .orderBy('id', 'desc')
        .offset((query.page - 1) * query.limit)
        .limit(query.limit)
        .execute(),
    ]);
    return { total: Number(count.total), rows };
  }

  /** At most `size` rows of the filters with ids below `beforeId` (all when null), newest first. */
  batch(query: AuditCsvQuery, beforeId: bigint | null, size: number): Promise<AuditRow[]> {
    let select = this.#filtered(query).selectAll();
    if (beforeId !== null) select = select.where('id', '<', beforeId);
    return select.orderBy('id', 'desc').limit(size).execute();
  }

  #filtered(query: { action?: string | undefined; actor?: string | undefined; target?: string | undefined }) {
    let select = this.db.selectFrom('audit_log');
    if (query.target) select = select.where('target', '=', query.target);
    if (query.action) select = select.where('action', '=', query.action);
    if (query.actor) select = select.where('actor', '=', query.actor);
    return select;
  }
}
