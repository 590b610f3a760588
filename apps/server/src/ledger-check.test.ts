import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestMember, startTestDatabase, type TestDatabase } from '../test/helpers.ts';
import { LedgerRepository } from './core/ledger/ledger.repository.ts';
import { LedgerService } from './core/ledger/ledger.service.ts';
import { createDatabase, migrateToLatest } from './db/connect.ts';
import type { Db } from './db/database.ts';
import { FakeClock } from './lib/clock.ts';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

/**
 * The operator's command, run as a separate process: on PostgreSQL against this file's own database, on PGlite
 * against a data directory (PGlite opens a directory from one process at a time, so the test closes it first).
 */
let target: { env: Record<string, string>; open: () => Promise<Db>; release: (db: Db) => Promise<void> };
let cleanup: () => Promise<void>;

beforeAll(async () => {
  if (process.env.DATABASE_URL) {
    const database: TestDatabase = await startTestDatabase();
    target = {
      env: { DATABASE_URL: database.databaseUrl ?? '' },
      open: async () => database.db,
      release: async () => {},
    };
    cleanup = database.close;
    return;
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'mw-ledger-check-'));
  target = {
    env: { DATA_DIR: dataDir },
    open: async () => createDatabase({ url: null, dataDir }),
    release: (db) => db.destroy(),
  };
  cleanup = () => rm(dataDir, { recursive: true, force: true });
  const db = await target.open();
  await migrateToLatest(db);
  await target.release(db);
});
afterAll(() => cleanup());

function runCheck(): Promise<{ code: number; stdout: string }> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', NODE_ENV: 'test', ...target.env };
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/ledger-check.ts'],
      { cwd: SERVER_DIR, env, timeout: 60_000 },
      (error, stdout) => resolve({ code: error ? Number(error.code ?? -1) : 0, stdout }),
    );
  });
}

describe('npm run ledger:check', () => {
  it('exits 0 on a sound ledger and 1, naming the account, on a drift', async () => {
    const db = await target.open();
    const ledger = new LedgerService({ repository: new LedgerRepository(), clock: new FakeClock() });
    const memberId = await insertTestMember(db);
    const wallet = await ledger.memberWallet(db, memberId, 'BAHT');
    const clearing = await ledger.ensureAccount(db, {
      kind: 'deposit_clearing',
      memberId: null,
      providerCode: null,
      currency: 'BAHT',
    });
    await db.transaction().execute((trx) =>
      ledger.post(trx, {
        memberId,
        type: 'deposit',
        status: 'completed',
        idempotencyKey: 'check:1',
        postings: [
          { account: clearing.id, amount: -500n },
          { account: wallet.id, amount: 500n },
        ],
      }),
    );
    await target.release(db);

    const sound = await runCheck();
    expect(sound.stdout).toBe('ledger check: 2 accounts, 1 entries, 0 drifts, 0 unbalanced entries: OK\n');
    expect(sound.code).toBe(0);

    const again = await target.open();
    await sql`update ledger_accounts set balance = 499 where id = ${wallet.id}`.execute(again);
    await target.release(again);
    const drifted = await runCheck();
    expect(drifted.stdout).toContain(`DRIFT account ${wallet.id}: stored 499, postings sum 500, difference -1\n`);
    expect(drifted.stdout).toContain('1 drifts, 0 unbalanced entries: FAILED');
    expect(drifted.code).toBe(1);
  });
});
