import type { AuditCsvQuery, AuditEntry, AuditPage, AuditQuery } from '@member-wallet/contract/backoffice/audit';
import type { Db } from '../../db/database.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import { byIdDescending } from '../../lib/keyset.ts';
import { AuditRepository, type AuditRow } from './audit.repository.ts';

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

/** Writes an operator's action to the audit log, in the action's own transaction. */
export interface AuditRecorder {
  record(db: Db, entry: AuditRecord, at: Date): Promise<void>;
}

/** Who acted, as the request tells: the operator and the address they called from. */
export type AuditCaller = Pick<AuditRecord, 'actor' | 'ip'>;

/** What a change records of itself: the action, its target, before and after. */
export type AuditChange = Omit<AuditRecord, 'actor' | 'ip'>;

/**
 * A change and its audit line in one transaction (run again whole when PostgreSQL aborts it), both at the
 * transaction's `now`: `work` answers the line and the change's result; a refused change writes nothing.
 */
export function auditedChange<T>(
  deps: { db: Db; clock: Clock; audit: AuditRecorder },
  caller: AuditCaller,
  work: (trx: Db, now: Date) => Promise<{ audit: AuditChange; result: T }>,
): Promise<T> {
  return transactionWithRetry(deps.db, async (trx) => {
    const now = deps.clock.now();
    const done = await work(trx, now);
    await deps.audit.record(trx, { ...done.audit, ...caller }, now);
    return done.result;
  });
}

/**
 * The append-only record of every operator action (docs/backoffice/README.md). `record` takes the transaction of the
 * action itself, so an action and its audit line commit together or not at all. Nothing here updates or
 * deletes, and the database refuses both (migration 0015).
 */
export class AuditLog implements AuditRecorder {
  readonly #repository: AuditRepository;

  constructor(db: Db) {
    this.#repository = new AuditRepository(db);
  }

  async record(db: Db, entry: AuditRecord, at: Date): Promise<void> {
    await this.#repository.insert(db, {
      operator_id: entry.actor.operatorId,
      actor: entry.actor.username,
      action: entry.action,
      target: entry.target,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
      ip: entry.ip ?? null,
      at,
    });
  }

  /** Newest first, filtered by exact action and actor. */
  async page(query: AuditQuery): Promise<AuditPage> {
    const { total, rows } = await this.#repository.page(query);
    return { total, entries: rows.map(toAuditEntry) };
  }

  /** Every row of the filters, newest first, a batch at a time (keyset on id: rows added meanwhile never shift). */
  all(query: AuditCsvQuery, batchSize = 500): AsyncGenerator<AuditEntry> {
    return byIdDescending((beforeId, size) => this.#repository.batch(query, beforeId, size), toAuditEntry, batchSize);
  }
}

function toAuditEntry(row: AuditRow): AuditEntry {
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
