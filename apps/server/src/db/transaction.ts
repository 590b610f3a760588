import type { Transaction } from 'kysely';
import type { Database, Db } from './database.ts';

/** serialization_failure and deadlock_detected: PostgreSQL rolled the transaction back; running it again is safe. */
const RETRYABLE_CODES = new Set(['40001', '40P01']);
export const TRANSACTION_ATTEMPTS_MAX = 3;

export function isRetryableTransactionError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE_CODES.has(code);
}

/**
 * Runs `work` in a transaction, again (a bounded number of times) when PostgreSQL aborted it for a
 * serialization failure or a deadlock, so neither reaches the member as a 500. `work` must have no effect
 * outside the database, since it may run more than once.
 */
export async function transactionWithRetry<T>(
  db: Db,
  work: (trx: Transaction<Database>) => Promise<T>,
  attempts = TRANSACTION_ATTEMPTS_MAX,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (attempt >= attempts || !isRetryableTransactionError(error)) throw error;
    }
  }
}
