import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { APP_NAME, APP_NAME_HEADER } from '@member-wallet/contract/constants';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { checkLedger, formatLedgerReport, ledgerIsSound } from './core/ledger/ledger.reconcile.ts';
import { createDatabase } from './db/connect.ts';
import type { Db } from './db/database.ts';
import { runtimeProblem } from './lib/runtime.ts';

/**
 * `npm run drill:restore` (docs/deploy.md, Backups): a restore, tried end to end on the PostgreSQL server of
 * DATABASE_URL (default the local one). It makes a database with the demo data (members, a deposit, the
 * sandbox's channels, pg-boss's queues), dumps it with `pg_dump`, restores the dump into a new database with
 * `pg_restore`, and checks the copy: every table of both schemas has the rows of the original, every ledger
 * balance is the original's, the ledger check is sound, and the demo member logs in. Both databases are dropped
 * at the end. Exit code 0 when the restore held, 1 on any difference, 2 when the drill could not run.
 */

const run = promisify(execFile);
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A node of the app on `url` (demo data and sandbox on the original, neither on the copy), built and ready. */
async function startApp(url: string, demo: boolean) {
  const flag = demo ? '1' : '0';
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: url,
    DEMO: flag,
    SANDBOX: flag,
    JOB_RUNNER: 'pg-boss',
    LOG_LEVEL: 'error',
    NODE_ENV: 'development',
  });
  const app = await buildApp(config);
  await app.ready();
  return { app, config };
}

/** Every table of our schema and pg-boss's, with its row count. */
async function rowCounts(db: Db): Promise<Map<string, number>> {
  const tables = await sql<{ name: string }>`
    select table_schema || '.' || table_name as name from information_schema.tables
    where table_schema in ('public', 'pgboss') and table_type = 'BASE TABLE' order by 1`.execute(db);
  const counts = new Map<string, number>();
  for (const { name } of tables.rows) {
    const [schema, table] = name.split('.') as [string, string];
    const row = await sql<{ count: string }>`select count(*) as count from ${sql.table(`${schema}.${table}`)}`.execute(
      db,
    );
    counts.set(name, Number(row.rows[0]?.count ?? 0));
  }
  return counts;
}

async function balances(db: Db): Promise<Map<string, bigint>> {
  const rows = await db.selectFrom('ledger_accounts').select(['id', 'balance']).execute();
  return new Map(rows.map((row) => [String(row.id), row.balance]));
}

function differences<T>(what: string, original: Map<string, T>, copy: Map<string, T>): string[] {
  const keys = new Set([...original.keys(), ...copy.keys()]);
  return [...keys]
    .filter((key) => original.get(key) !== copy.get(key))
    .map((key) => `${what} ${key}: ${String(original.get(key))} in the original, ${String(copy.get(key))} restored`);
}

async function drill(): Promise<number> {
  const suffix = randomBytes(5).toString('hex');
  const original = `mw_drill_original_${suffix}`;
  const restored = `mw_drill_restored_${suffix}`;
  const folder = await mkdtemp(join(tmpdir(), 'mw-drill-'));
  const dump = join(folder, 'member-wallet.dump');
  const step = (text: string) => process.stdout.write(`drill: ${text}\n`);
  try {
    await admin(`create database ${original}`);
    step(`made ${original} with the demo data`);
    const source = await startApp(databaseUrl(original), true);
    await source.app.close();

    await run('pg_dump', ['--format=custom', '--no-owner', `--file=${dump}`, databaseUrl(original)]);
    step('dumped it with pg_dump --format=custom');
    await admin(`create database ${restored}`);
    await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${databaseUrl(restored)}`, dump]);
    step(`restored the dump into ${restored} with pg_restore`);

    const originalDb = createDatabase({ url: databaseUrl(original), dataDir: 'memory://' });
    const restoredDb = createDatabase({ url: databaseUrl(restored), dataDir: 'memory://' });
    const problems: string[] = [];
    try {
      problems.push(...differences('rows of', await rowCounts(originalDb), await rowCounts(restoredDb)));
      problems.push(...differences('balance of account', await balances(originalDb), await balances(restoredDb)));
      step(`compared every table's rows and every ledger balance: ${problems.length} differences`);
      const report = await checkLedger(restoredDb);
      if (!ledgerIsSound(report)) problems.push(`ledger check of the copy:\n${formatLedgerReport(report)}`);
      step(`ledger check of the copy: ${ledgerIsSound(report) ? 'sound' : 'DRIFT'}`);
    } finally {
      await originalDb.destroy();
      await restoredDb.destroy();
    }

    const copy = await startApp(databaseUrl(restored), false);
    try {
      const login = await copy.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { [APP_NAME_HEADER]: APP_NAME },
        payload: { username: copy.config.demoMember.phone, password: copy.config.demoMember.password },
      });
      if (login.statusCode !== 200)
        problems.push(`the demo member could not log in: ${login.statusCode} ${login.body}`);
      step(`the demo member logs in to the copy: ${login.statusCode === 200 ? 'yes' : 'NO'}`);
    } finally {
      await copy.app.close();
    }

    for (const problem of problems) console.error(`drill: ${problem}`);
    step(problems.length === 0 ? 'the restore held' : 'the restore did NOT hold');
    return problems.length === 0 ? 0 : 1;
  } finally {
    await rm(folder, { recursive: true, force: true });
    for (const name of [original, restored]) await admin(`drop database if exists ${name} with (force)`);
  }
}

const problem = runtimeProblem(process.versions.node);
if (problem) {
  console.error(problem);
  process.exit(2);
}
drill().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('drill: could not run:', error);
    process.exit(2);
  },
);
