import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPostgresDatabase } from '../../test/helpers.ts';
import { createDatabase, poolUse } from './connect.ts';

/** The request pool on PostgreSQL (PGlite has none), in a database of its own. */

const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

let database: Awaited<ReturnType<typeof createPostgresDatabase>>;

beforeAll(async () => {
  database = await createPostgresDatabase(ADMIN_URL);
});
afterAll(async () => {
  await database.drop();
});

describe('the PostgreSQL pool', () => {
  it('keeps its connections open when idle: a burst after a quiet minute finds them ready', async () => {
    // Closed after pg's default 10 s, the next burst opened them all again at once, each a new backend preparing
    // its statements anew: the first second of bench/transfer's steady phase took up to a second (performance.md).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const db = createDatabase({ databaseUrl: database.databaseUrl, dataDir: 'memory://' });
    try {
      await Promise.all([1, 2, 3].map(() => sql`select pg_sleep(0.05)`.execute(db)));
      expect(poolUse(db)).toEqual({ total: 3, idle: 3, waiting: 0 });
      vi.advanceTimersByTime(10 * 60_000);
      expect(poolUse(db)).toEqual({ total: 3, idle: 3, waiting: 0 });
    } finally {
      vi.useRealTimers();
      await db.destroy();
    }
  });
});
