import { sql } from 'kysely';
import pg from 'pg';
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
    const db = createDatabase({ url: database.databaseUrl, dataDir: 'memory://' });
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

  it('outlives the end of an idle connection (a restart, a failover, an operator terminating it): the next query opens another', async () => {
    const heard: Error[] = [];
    const db = createDatabase({ url: database.databaseUrl, dataDir: 'memory://' }, undefined, (error) =>
      heard.push(error),
    );
    const admin = new pg.Client({ connectionString: database.databaseUrl });
    await admin.connect();
    try {
      const before = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
      const pid = before.rows[0]?.pid;
      await admin.query('select pg_terminate_backend($1)', [pid]);
      // The idle client hears its end; unhandled, the pool's 'error' event would end the process.
      await vi.waitFor(() => expect(poolUse(db)?.total).toBe(0));
      expect(heard.map((error) => (error as Error & { code?: string }).code)).toEqual(['57P01']);
      const after = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
      expect(after.rows[0]?.pid).not.toBe(pid);
    } finally {
      await admin.end();
      await db.destroy();
    }
  });
});
