import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../db/connect.ts';
import type { Db } from '../db/database.ts';
import { migrationProvider } from '../db/migrations/index.ts';
import { PGliteDialect } from '../db/pglite-dialect.ts';
import { migrateSandbox } from './migrations/index.ts';

/**
 * The sandbox's tables are its own (decision 0020): a database migrated by the app alone, as production's is, holds
 * none; the sandbox's migrations make all eight; and once they own them, migrating the app down past 0030 and up
 * again keeps them. A fresh in-memory database, not the tests' template (which holds the sandbox's tables too).
 */
const SANDBOX_TABLES = [
  'sandbox_bank_transfers',
  'sandbox_game_accounts',
  'sandbox_game_bets',
  'sandbox_game_transactions',
  'sandbox_payment_qrcodes',
  'sandbox_payouts',
  'sandbox_sms_messages',
  'sandbox_vouchers',
];

let db: Db;

async function sandboxTables(): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_name like 'sandbox\\_%' and table_name not like 'sandbox\\_migration%'
    order by table_name`.execute(db);
  return rows.map((row) => row.name);
}

beforeAll(async () => {
  db = new Kysely({ dialect: new PGliteDialect(new PGlite()) });
  await migrateToLatest(db);
});

afterAll(async () => {
  await db.destroy();
});

describe("the sandbox's tables", () => {
  it('are not in a database the app alone migrated (production)', async () => {
    expect(await sandboxTables()).toEqual([]);
  });

  it("are all made by the sandbox's own migrations", async () => {
    await migrateSandbox(db as Kysely<unknown>);
    expect(await sandboxTables()).toEqual(SANDBOX_TABLES);
  });

  it("stay with the sandbox when the app's migrations go down past 0030 and up again", async () => {
    await sql`insert into sandbox_sms_messages (phone, body) values ('0812345678', 'kept')`.execute(db);
    const migrator = new Migrator({ db, provider: migrationProvider });
    const down = await migrator.migrateTo('0029_bonus_adjustments_and_debts');
    expect(down.error).toBeUndefined();
    expect(down.results?.map((result) => result.migrationName).at(-1)).toBe('0030_sandbox_tables_out');
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await sandboxTables()).toEqual(SANDBOX_TABLES);
    const { rows } = await sql<{ body: string }>`select body from sandbox_sms_messages`.execute(db);
    expect(rows).toEqual([{ body: 'kept' }]);
  });
});
