import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database, Db } from './database.ts';
import { migrationProvider } from './migrations/index.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import { preparingPool } from './prepared-pool.ts';

const INT8_OID = 20;

/** The pool behind each PostgreSQL database this process opened (none for PGlite: one connection). */
const pools = new WeakMap<Db, pg.Pool>();

/** How a PostgreSQL database's pool is used now (for /metrics); null on the embedded database. */
export function poolUse(db: Db): { total: number; idle: number; waiting: number } | null {
  const pool = pools.get(db);
  return pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : null;
}

/** The advisory lock a node holds while it makes the rows a start makes (pg_advisory_lock's key). */
const STARTUP_LOCK = 727_019;

/**
 * Holds a lock on PostgreSQL across nodes, on a connection of its own, until the answered function is called:
 * nodes started together make the rows a start makes (the sandbox's channels, the demo data, keys made once)
 * one after the other, so each finds what the one before made. Nothing to hold on the embedded database,
 * which one node opens.
 */
export async function holdStartupLock(db: Db): Promise<() => Promise<void>> {
  const pool = pools.get(db);
  if (!pool) return async () => {};
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
  } catch (error) {
    client.release(error as Error);
    throw error;
  }
  return async () => {
    try {
      await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]);
      client.release();
    } catch (error) {
      // A connection that cannot unlock is closed, and the lock ends with it.
      client.release(error as Error);
    }
  };
}

/**
 * Runs `work` holding the startup lock: what nodes started together must each do only if no other node did (the
 * demo data made after the start), one node at a time.
 */
export async function onceAcrossNodes<T>(db: Db, work: () => Promise<T>): Promise<T> {
  const release = await holdStartupLock(db);
  try {
    return await work();
  } finally {
    await release();
  }
}

export interface DatabaseSettings {
  /** PostgreSQL's URL; null: embedded PGlite in `dataDir`. */
  url: string | null;
  dataDir: string;
  /** Prepare statements once per connection on PostgreSQL (default); off behind a pooler that cannot keep them. */
  prepare?: boolean;
}

/**
 * PostgreSQL when a URL is given, else embedded PGlite (a folder, or memory). int8 reads as `bigint` on both.
 * `loadDataDir`: an embedded database starts as a copy of this PGlite data directory dump (tests start from a
 * migrated one instead of running initdb and every migration again). `onIdleError` hears an idle PostgreSQL
 * connection's end (the server logs it as a warning).
 */
export function createDatabase(
  settings: DatabaseSettings,
  loadDataDir?: Blob,
  onIdleError: (error: Error) => void = (error) => process.emitWarning(error),
): Db {
  if (settings.url) {
    const pool = new pg.Pool({
      connectionString: settings.url,
      max: 10,
      // Connections stay open once made (a fixed pool): closed when idle, the next burst opened them all at once,
      // each a new backend preparing its statements again, and waited up to a second for them (performance.md).
      idleTimeoutMillis: 0,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8_OID
            ? (value: string) => BigInt(value)
            : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // An idle connection that ends (a restart, a failover, an operator's terminate) is an 'error' of the pool; the
    // pool drops it and opens another when next needed. Unheard, the event would end the process.
    pool.on('error', onIdleError);
    const prepare = settings.prepare ?? true;
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: prepare ? preparingPool(pool) : pool }) });
    pools.set(db, pool);
    return db;
  }
  const dataDir = settings.dataDir === 'memory://' ? undefined : settings.dataDir;
  // One options object: `new PGlite(undefined, options)` drops the options, and PGlite's own int8 parser then
  // answers a number for small values and a bigint only past 2^53.
  const pglite = new PGlite({
    dataDir,
    parsers: { [pgliteTypes.INT8]: (value: string) => BigInt(value) },
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  return new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
}

/** Brings the schema to the latest version; a failed migration stops start-up. */
export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}
