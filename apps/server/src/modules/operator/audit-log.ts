import type { AuditCsvQuery, AuditEntry, AuditPage, AuditQuery } from '@member-wallet/contract/backoffice/audit';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { AuditLogTable } from '../../db/tables/operators.table.ts';
import { byIdDescending } from '../../lib/keyset.ts';

/** A signed-in operator, by id and username. */
export interface OperatorActor {
  operatorId: bigint;
  username: string;
}

/** Who acts: an operator, the command line, or the server itself. */
export type AuditActor = OperatorActor | { operatorId: null; username: 'cli' | 'system' };

export interface AuditRecord {
  actor: AuditActor;
  /** Dotted lower-case verb, e.g. `operator.create`, `withdrawal.approve`. */
  action: string;
  /** What was acted on, e.g. `operator:3`, `withdrawal:41`. */
  target: string;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
}

/**
 * The append-only record of every operator action (docs/backoffice/README.md). `record` takes the transaction of the
 * action itself, so an action and its audit line commit together or not at all. Nothing here updates or
 * deletes, and the database refuses both (migration 0015).
 */
export class AuditLog {
  constructor(private readonly db: Db) {}

  async record(db: Db, entry: AuditRecord, at: Date): Promise<void> {
    await db
      .insertInto('audit_log')
      .values({
        operator_id: entry.actor.operatorId,
        actor: entry.actor.username,
        action: entry.action,
        target: entry.target,
        before: entry.before === undefined ? null : JSON.stringify(entry.before),
        after: entry.after === undefined ? null : JSON.stringify(entry.after),
        ip: entry.ip ?? null,
        at,
      })
      .execute();
  }

  /** Newest first, filtered by exact action and actor. */
  async page(query: AuditQuery): Promise<AuditPage> {
    let select = this.db.selectFrom('audit_log');
    if (query.action) select = select.where('action', '=', query.action);
    if (query.actor) select = select.where('actor', '=', query.actor);
    const [count, rows] = await Promise.all([
      select.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      select
        .selectAll()
        .orderBy('id', 'desc')
        .offset((query.page - 1) * query.limit)
        .limit(query.limit)
        .execute(),
    ]);
    return { total: Number(count.total), entries: rows.map(toAuditEntry) };
  }

  /** Every row of the filters, newest first, a batch at a time (keyset on id: rows added meanwhile never shift). */
  all(query: AuditCsvQuery, batchSize = 500): AsyncGenerator<AuditEntry> {
    return byIdDescending(
      (beforeId, size) => {
        let select = this.db.selectFrom('audit_log').selectAll();
        if (query.action) select = select.where('action', '=', query.action);
        if (query.actor) select = select.where('actor', '=', query.actor);
        if (beforeId !== null) select = select.where('id', '<', beforeId);
        return select.orderBy('id', 'desc').limit(size).execute();
      },
      toAuditEntry,
      batchSize,
    );
  }
}

function toAuditEntry(row: Selectable<AuditLogTable>): AuditEntry {
  return {
    id: String(row.id),
    actor: row.actor,
    action: row.action,
    target: row.target,
    before: row.before,
    after: row.after,
    ip: row.ip,
    at: row.at.toISOString(),
  };
}
