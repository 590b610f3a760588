import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { IdempotencyRequestsTable } from '../../db/tables/ledger.table.ts';

export type IdempotencyRequest = Selectable<IdempotencyRequestsTable>;
export type NewIdempotencyRequest = Insertable<IdempotencyRequestsTable>;

/** Rows deleted by one clean-up statement, so a large backlog never holds one long lock. */
export const EXPIRED_DELETE_BATCH = 1000;

/** The store of Idempotency-Key answers. Each call is one statement, committed on its own. */
export class IdempotencyRepository {
  constructor(private readonly db: Db) {}

  /** Claims the key; undefined when a row for it exists already (its own, or a racer's). */
  insertIfAbsent(request: NewIdempotencyRequest): Promise<IdempotencyRequest | undefined> {
    return this.db
      .insertInto('idempotency_requests')
      .values(request)
      .onConflict((oc) => oc.constraint('idempotency_requests_member_key').doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  find(memberId: bigint, key: string): Promise<IdempotencyRequest | undefined> {
    return this.db
      .selectFrom('idempotency_requests')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('key', '=', key)
      .executeTakeFirst();
  }

  /**
   * Restarts a row as a new in-progress request, only if nobody touched it since it was read (`updated_at`
   * unchanged): of two requests taking over the same stale or expired row, one wins.
   */
  async takeOver(
    row: IdempotencyRequest,
    requestHash: string,
    now: Date,
    expiresAt: Date,
  ): Promise<IdempotencyRequest | undefined> {
    return this.db
      .updateTable('idempotency_requests')
      .set({
        request_hash: requestHash,
        status: 'in_progress',
        response_status: null,
        response_body: null,
        updated_at: now,
        expires_at: expiresAt,
      })
      .where('id', '=', row.id)
      .where('updated_at', '=', row.updated_at)
      .returningAll()
      .executeTakeFirst();
  }

  async complete(id: bigint, status: number, body: unknown, now: Date): Promise<void> {
    await this.db
      .updateTable('idempotency_requests')
      .set({ status: 'completed', response_status: status, response_body: JSON.stringify(body), updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'in_progress')
      .execute();
  }

  /** Renews the lease of a claim whose handler still runs (IdempotencyService); nothing once it is answered. */
  async renew(id: bigint, now: Date): Promise<void> {
    await this.db
      .updateTable('idempotency_requests')
      .set({ updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'in_progress')
      .execute();
  }

  /** Forgets an in-progress claim whose handler failed unexpectedly, so a retry can run it again. */
  async release(id: bigint): Promise<void> {
    await this.db.deleteFrom('idempotency_requests').where('id', '=', id).where('status', '=', 'in_progress').execute();
  }

  /** Deletes up to one batch of expired rows; answers how many went. */
  async deleteExpired(now: Date): Promise<number> {
    const result = await this.db
      .deleteFrom('idempotency_requests')
      .where('id', 'in', (eb) =>
        eb.selectFrom('idempotency_requests').select('id').where('expires_at', '<=', now).limit(EXPIRED_DELETE_BATCH),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
