import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { type AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Writable } from 'node:stream';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { APP_NAME, APP_NAME_HEADER } from '@member-wallet/contract/constants';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { Kysely } from 'kysely';
import pg from 'pg';
import { type AppDeps, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { createDatabase, migrateToLatest, poolUse } from '../src/db/connect.ts';
import type { Database, Db } from '../src/db/database.ts';
import { PGliteDialect } from '../src/db/pglite-dialect.ts';
import type { LedgerAccountKind } from '../src/db/tables/ledger.table.ts';
import { FakeClock } from '../src/lib/clock.ts';
import { migrateSandbox } from '../src/sandbox/migrations/index.ts';

/** Light argon2id for tests only: the same algorithm, less memory, so the suite stays fast. */
export const TEST_ARGON2 = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  clock: FakeClock;
  logs: string[];
  /** `app.inject` with the X-App-Name header every client sends. */
  api: (options: InjectOptions) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
}

/**
 * A fresh app on a fresh database: in-memory PGlite by default; a throw-away PostgreSQL database when
 * DATABASE_URL is set (created here, dropped on close). With REDIS_URL the limiter gets its own key prefix.
 */
export async function startTestApp(env: Record<string, string> = {}, deps: AppDeps = {}): Promise<TestApp> {
  const { databaseUrl, drop } = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DEMO: '0',
    SANDBOX: '1',
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'info',
    PUBLIC_DIR: '/nonexistent-public-dir',
    BACKOFFICE_DIR: '/nonexistent-backoffice-dir',
    REDIS_KEY_PREFIX: `mw-test:${randomBytes(6).toString('hex')}:`,
    // The bank feed's 5 s matcher would poll in every test app; the tests that want it set an interval.
    BANK_FEED_INTERVAL_MS: '0',
    // The tests run the passes they need themselves; the tests of the job queue (lib/jobs/) ask for pg-boss.
    JOB_RUNNER: 'in-process',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...env,
  });
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, callback) {
      logs.push(String(chunk));
      callback();
    },
  });
  // A test whose outcome depends on the time of day passes a clock fixed at a known time (`new FakeClock(date)`).
  const clock = deps.clock instanceof FakeClock ? deps.clock : new FakeClock();
  // A folder of the test's own (a restart on the same data) starts empty and migrates, as a real start does.
  const pgliteDataDir =
    config.database.url || config.database.dataDir !== 'memory://' ? undefined : await pgliteTemplate();
  const app = await buildApp(config, { logStream, argon2: TEST_ARGON2, pgliteDataDir, ...deps, clock });
  await app.listen({ port: 0, host: '127.0.0.1' });
  // Known now: a closing server no longer answers its address.
  const { port } = app.server.address() as AddressInfo;
  const api = (options: InjectOptions) =>
    app.inject({ ...options, headers: { [APP_NAME_HEADER]: APP_NAME, ...options.headers } });
  const close = async () => {
    // A close that hangs fails its test file with a bare hook time-out; this says what still held the process.
    const watch = setTimeout(() => {
      // On PostgreSQL, a pool whose end waits on a client never released shows it here (total above idle).
      const pool = poolUse(app.db);
      const pooled = pool ? `; pool: ${pool.total} open, ${pool.idle} idle, ${pool.waiting} waiting` : '';
      console.error(`app.close() still running after ${CLOSE_WATCH_MS} ms; open: ${activeResources(port)}${pooled}`);
    }, CLOSE_WATCH_MS).unref();
    try {
      await app.close();
    } finally {
      clearTimeout(watch);
      await drop();
    }
  };
  return { app, config, clock, logs, api, close };
}

const CLOSE_WATCH_MS = 20_000;

/**
 * What keeps the event loop busy, counted by kind ("TCPSocketWrap x3, Timeout x2"), then the open TCP sockets by
 * their far end ("sockets to :5432 x2, :6379 x3, app :41234 (a client of it) x1"): which party holds the close.
 */
function activeResources(appPort?: number): string {
  const counts = new Map<string, number>();
  for (const kind of process.getActiveResourcesInfo()) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  const kinds = [...counts].map(([kind, n]) => `${kind} x${n}`).join(', ');
  const ends = new Map<string, number>();
  // The only way Node names a handle's socket; its use here is a test's diagnostic, never the app's.
  const handles = (process as unknown as { _getActiveHandles(): unknown[] })._getActiveHandles();
  for (const handle of handles) {
    if (!(handle instanceof Socket) || handle.remotePort === undefined) continue;
    const end =
      handle.localPort === appPort
        ? `app :${appPort} (its client at :${handle.remotePort})`
        : handle.remotePort === appPort
          ? `app :${appPort} (a client of it)`
          : `:${handle.remotePort}`;
    ends.set(end, (ends.get(end) ?? 0) + 1);
  }
  const sockets = [...ends].map(([end, n]) => `${end} x${n}`).join(', ');
  return sockets ? `${kinds}; sockets to ${sockets}` : kinds;
}

let template: Promise<Blob> | undefined;

/**
 * A migrated, empty PGlite database as a data directory dump, which every in-memory test database starts from:
 * PGlite's initdb and the migrations cost seconds per app, loading the dump a fraction of that. Made once per set
 * of migrations and PGlite version, kept in the temp folder (written aside, then renamed, so test workers racing
 * to make it never read half a file).
 */
function pgliteTemplate(): Promise<Blob> {
  template ??= loadOrMakeTemplate();
  return template;
}

/** A template holds the app's tables and the sandbox's, which apps with SANDBOX on would otherwise each create. */
async function migrateTemplate(db: Kysely<Database>) {
  await migrateToLatest(db);
  await migrateSandbox(db as Kysely<unknown>);
}

/**
 * What every test app's PGlite unpacks is made small, since unpacking it is most of a test app's start (docs/ci.md):
 * write-ahead log segments of 1 MB instead of 16 (initdb's own option), and no template0 and template1 databases,
 * which a test never creates a database from (15 MB). Less than half the bytes and files: 0.6 s to 0.3 s a start.
 * The configuration, the app's tables, settings and queries are those of a real start.
 */
const TEMPLATE_CLUSTER = { initDbStartParams: ['--wal-segsize=1'] };
const TEMPLATE_TRIM = [
  'alter database template1 is_template false',
  'drop database template1',
  'alter database template0 is_template false',
  'drop database template0',
  'checkpoint',
];

let migrationSet: Promise<string> | undefined;

/** A short hash of the migrations and the PGlite version: what a migrated template is valid for. */
function migrationSetKey(): Promise<string> {
  migrationSet ??= (async () => {
    const pglitePackage = join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '..');
    const hash = createHash('sha256').update(await readFile(join(pglitePackage, 'package.json')));
    hash.update(JSON.stringify(TEMPLATE_CLUSTER)).update(TEMPLATE_TRIM.join(';'));
    for (const folder of ['../src/db/migrations/', '../src/sandbox/migrations/']) {
      const migrations = new URL(folder, import.meta.url);
      for (const name of (await readdir(migrations)).toSorted()) {
        hash.update(name).update(await readFile(new URL(name, migrations)));
      }
    }
    return hash.digest('hex').slice(0, 16);
  })();
  return migrationSet;
}

async function loadOrMakeTemplate(): Promise<Blob> {
  const path = join(tmpdir(), `mw-pglite-template-${await migrationSetKey()}.tar`);
  try {
    return new Blob([await readFile(path)]);
  } catch {
    // Not made yet on this machine.
  }
  const pglite = new PGlite({
    parsers: { [pgliteTypes.INT8]: (value: string) => BigInt(value) },
    ...TEMPLATE_CLUSTER,
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  try {
    await migrateTemplate(db);
    // One statement at a time: a multi-statement text runs as one transaction, and a drop of a database may not.
    for (const statement of TEMPLATE_TRIM) await pglite.exec(statement);
    const dump = await pglite.dumpDataDir('none');
    const aside = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(aside, new Uint8Array(await dump.arrayBuffer()));
    await rename(aside, path);
    return dump;
  } finally {
    await db.destroy();
  }
}

/**
 * With DATABASE_URL, a throw-away PostgreSQL database of its own (its URL, and `drop`); without, nothing to
 * make: the caller uses in-memory PGlite.
 */
async function createTestDatabase(): Promise<{ databaseUrl: string | undefined; drop: () => Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return { databaseUrl: undefined, drop: async () => {} };
  return createPostgresDatabase(adminUrl);
}

/**
 * A throw-away PostgreSQL database on the server of `adminUrl` (its URL, and `drop`), for tests that need one
 * database shared by several apps, which in-memory PGlite cannot be.
 */
export async function createPostgresDatabase(
  adminUrl: string,
): Promise<{ databaseUrl: string; drop: () => Promise<void> }> {
  const databaseName = `mw_test_${randomBytes(6).toString('hex')}`;
  const template = await postgresTemplate(adminUrl);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${databaseName} template ${template}`);
  await admin.end();
  return { databaseUrl: databaseUrlOf(adminUrl, databaseName), drop: () => dropDatabase(adminUrl, databaseName) };
}

function databaseUrlOf(adminUrl: string, databaseName: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
}

/** Serialises the making of templates across test workers and files (any number: only unique on the server). */
const TEMPLATE_LOCK = 727_018;

/**
 * A migrated, empty PostgreSQL database that test databases are copied from (`create database ... template`):
 * a file copy instead of running every migration per test app. Made once per migration set under an advisory
 * lock, so racing workers make it once; templates of older migration sets are dropped then.
 */
async function postgresTemplate(adminUrl: string): Promise<string> {
  const name = `mw_template_${await migrationSetKey()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return name;
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const made = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (made.rowCount) return name;
      const stale = await admin.query("select datname from pg_database where datname like 'mw\\_template\\_%'");
      for (const row of stale.rows as { datname: string }[]) {
        // One being copied right now is in use and stays: it goes with the next new template.
        await admin.query(`drop database if exists ${row.datname}`).catch(() => undefined);
      }
      const building = `${name}_building`;
      await admin.query(`drop database if exists ${building}`);
      await admin.query(`create database ${building}`);
      const db = createDatabase({ url: databaseUrlOf(adminUrl, building), dataDir: 'memory://' });
      try {
        await migrateTemplate(db);
      } finally {
        await db.destroy();
      }
      await admin.query(`alter database ${building} rename to ${name}`);
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  } finally {
    await admin.end();
  }
}

/** How long a drop waits for the app's closed connections to leave PostgreSQL before forcing them out. */
const DROP_WAIT_MS = 3_000;

async function dropDatabase(adminUrl: string, databaseName: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // A pool that has just ended may still have backends on their way out; forcing them out then makes their
  // clients throw "terminating connection" as an uncaught error, so wait for them to go first (bounded).
  const deadline = Date.now() + DROP_WAIT_MS;
  while (Date.now() < deadline) {
    const { rows } = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [
      databaseName,
    ]);
    if (rows[0]?.n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.end();
}

export interface TestDatabase {
  db: Db;
  /** The PostgreSQL URL of this database, or null on in-memory PGlite. */
  databaseUrl: string | null;
  close: () => Promise<void>;
}

/** A fresh, migrated database without an app: in-memory PGlite, or a throw-away PostgreSQL database. */
export async function startTestDatabase(): Promise<TestDatabase> {
  const { databaseUrl, drop } = await createTestDatabase();
  const db = createDatabase(
    { url: databaseUrl ?? null, dataDir: 'memory://' },
    databaseUrl ? undefined : await pgliteTemplate(),
  );
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    await drop();
    throw error;
  }
  const close = async () => {
    try {
      await db.destroy();
    } finally {
      await drop();
    }
  };
  return { db, databaseUrl: databaseUrl ?? null, close };
}

/** A member row straight in the table, for tests of modules below the HTTP API (the ledger needs owners). */
export async function insertTestMember(db: Db, currency = 'BAHT'): Promise<bigint> {
  const row = await db
    .insertInto('members')
    .values({
      public_id: randomBytes(6).toString('hex'),
      phone: nextPhone(),
      password_hash: 'not-a-hash',
      name: 'Test Member',
      bank_code: 'KBANK',
      bank_account_no: nextAccountNo(),
      bank_account_name: 'TEST MEMBER',
      currency,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

let addressCounter = 0;
/** A distinct client address, so per-address limits of one test do not spill into another. */
export function nextAddress(): string {
  addressCounter += 1;
  return `10.0.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

let phoneCounter = 0;
export function nextPhone(): string {
  phoneCounter += 1;
  return `09${String(Date.now() % 1_000_000).padStart(6, '0')}${String(phoneCounter % 100).padStart(2, '0')}`;
}

let accountCounter = 0;
/**
 * A fresh 10-digit account number. The counter sits in digits 6 to 9, the ones a Thai bank leaves visible when
 * it masks (`xxx-x-x0209-x`), so no two members of a test process look alike to a masked feed or slip.
 */
export function nextAccountNo(): string {
  accountCounter += 1;
  const time = Date.now() % 1_000_000;
  return `${String(Math.floor(time / 10)).padStart(5, '0')}${String(accountCounter % 10_000).padStart(4, '0')}${time % 10}`;
}

/**
 * A holder name of its own (`somchai` and a random surname of 12 letters, never a spelling of another), so the
 * members of a test are different people (docs/accounts.md, One person behind the accounts) unless the test gives
 * them one name.
 */
export function nextHolderName(): string {
  const surname = [...randomBytes(12)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('');
  return `somchai ${surname}`;
}

export function registration(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Somchai',
    username: nextPhone(),
    password: 'secret123',
    bankCode: 'KBANK',
    bankAccountName: nextHolderName(),
    bankAccountNo: nextAccountNo(),
    ...overrides,
  };
}

/** Registers a member and logs in, as the client does; returns the phone, password and token. */
export async function registerAndLogin(t: TestApp, overrides: Record<string, unknown> = {}) {
  const body = registration(overrides);
  const registered = await t.api({ method: 'POST', url: '/api/account', payload: body, remoteAddress: nextAddress() });
  if (registered.statusCode !== 200) throw new Error(`register failed: ${registered.body}`);
  const login = await t.api({
    method: 'POST',
    url: '/api/login',
    payload: { username: body.username, password: body.password },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  return { ...body, publicId: registered.json()._id as string, token: login.json().token as string };
}

/** Registers and logs in a member (registerAndLogin), with the member's database id beside what it answers. */
export async function registerMember(t: TestApp, overrides: Record<string, unknown> = {}) {
  const registered = await registerAndLogin(t, overrides);
  const row = await t.app.db
    .selectFrom('members')
    .select('id')
    .where('public_id', '=', registered.publicId)
    .executeTakeFirstOrThrow();
  return { ...registered, id: row.id };
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** The stored balance of a BAHT ledger account: the member's own of that kind, or the system one without a member. */
export async function accountBalanceMinor(t: TestApp, kind: LedgerAccountKind, memberId?: bigint): Promise<bigint> {
  const row = await t.app.db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('kind', '=', kind)
    .where((eb) => (memberId === undefined ? eb('member_id', 'is', null) : eb('member_id', '=', memberId)))
    .where('currency', '=', 'BAHT')
    .executeTakeFirst();
  return row?.balance ?? 0n;
}
