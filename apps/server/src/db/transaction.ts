import type { Transaction } from 'kysely';
import type { Database, Db } from './database.ts';
import { STALE_PREPARED_STATEMENT } from './prepared-pool.ts';

/** serialization_failure and deadlock_detected: PostgreSQL rolled the transaction back; running it again is safe. */
const RETRYABLE_CODES = new Set(['40001', '40P01']);
export const TRANSACTION_ATTEMPTS_MAX = 3;

/** Those, and a prepared statement that no longer fits the schema, prepared afresh on the next attempt. */
export function isRetryableTransactionError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  if (STALE_PREPARED_STATEMENT in error) return true;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && RETRYABLE_CODES.has(code);
}

/** What each open transaction of `transactionWithRetry` runs once it has committed. */
const committedCallbacks = new WeakMap<Transaction<Database>, (() => void)[]>();

/**
 * Runs `then` after `trx` commits, never when it rolls back (a retried attempt's callbacks are dropped with it):
 * news of what the transaction did (docs/live.md) must never announce what did not happen. A transaction not
 * opened by `transactionWithRetry` (the demo data's, a test's own) has no commit to wait for: `then` is dropped.
 */
export function afterCommit(trx: Transaction<Database>, then: () => void): void {
  committedCallbacks.get(trx)?.push(then);
}

/**
 * Runs `work` in a transaction, again (a bounded number of times) when PostgreSQL aborted it for a
 * serialization failure or a deadlock, so neither reaches the member as a 500. `work` must have no effect
 * outside the database, since it may run more than once (what must follow the commit goes to `afterCommit`).
 */
export async function transactionWithRetry<T>(
  db: Db,
  work: (trx: Transaction<Database>) => Promise<T>,
  attempts = TRANSACTION_ATTEMPTS_MAX,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const callbacks: (() => void)[] = [];
    let result: T;
    try {
      result = await db.transaction().execute((trx) => {
        committedCallbacks.set(trx, callbacks);
        return work(trx);
      });
    } catch (error) {
      if (attempt >= attempts || !isRetryableTransactionError(error)) throw error;
      continue;
    }
    // Outside the try: the transaction has committed, so nothing here may make it look failed or run it again.
    for (const callback of callbacks) callback();
    return result;
  }
}
