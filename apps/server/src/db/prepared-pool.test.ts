import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../test/helpers.ts';
import type { Database } from './database.ts';
import { PREPARED_PER_CONNECTION_MAX, preparingPool } from './prepared-pool.ts';
import { transactionWithRetry } from './transaction.ts';

/**
 * Statements prepared once per connection (docs/decisions/0032), on PostgreSQL (PGlite has no pool), in a
 * database of its own. One connection, so that what it prepared can be seen from it.
 */

const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
let db: Kysely<Database>;
let other: pg.Client;

beforeAll(async () => {
  database = await createPostgresDatabase(ADMIN_URL);
  db = new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: preparingPool(new pg.Pool({ connectionString: database.databaseUrl, max: 1 })),
    }),
  });
  // Another node: it changes the schema while this one holds its prepared statements.
  other = new pg.Client({ connectionString: database.databaseUrl });
  await other.connect();
});
afterAll(async () => {
  await other.end();
  await db.destroy();
  await database.drop();
});

async function prepared(): Promise<string[]> {
  const result = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db);
  return result.rows.map((row) => row.statement);
}

describe('statements prepared once per connection', () => {
  it('prepares a statement with parameters on its first run and runs it by name after', async () => {
    await other.query('create table probe_named (id int primary key, a text)');
    await other.query(`insert into probe_named values (1, 'one'), (2, 'two')`);
    const answers: string[] = [];
    for (const id of [1, 2, 1]) {
      const result = await sql<{ a: string }>`select a from probe_named where id = ${id}`.execute(db);
      answers.push(result.rows[0]?.a ?? '');
    }
    expect(answers).toEqual(['one', 'two', 'one']);
    // Once, though it ran three times; a statement without parameters (this one) is not prepared.
    expect(await prepared()).toEqual(['select a from probe_named where id = $1']);
  });

  it("answers a `select *` in its new shape after another node's migration added a column", async () => {
    await other.query('create table probe_shape (id int primary key, a text)');
    await other.query(`insert into probe_shape values (1, 'one')`);
    const read = async () => (await sql`select * from probe_shape where id = ${1}`.execute(db)).rows[0];
    expect(await read()).toEqual({ id: 1, a: 'one' });
    await other.query(`alter table probe_shape add column b text not null default 'added'`);
    expect(await read()).toEqual({ id: 1, a: 'one', b: 'added' });
    expect(await read()).toEqual({ id: 1, a: 'one', b: 'added' });
  });

  it('runs a transaction again when a statement prepared before the migration aborted it', async () => {
    await other.query('create table probe_trx (id int primary key, a text)');
    await other.query(`insert into probe_trx values (1, 'one')`);
    const read = (on: Kysely<Database>) => sql`select * from probe_trx where id = ${1}`.execute(on);
    await read(db);
    await other.query(`alter table probe_trx add column b text not null default 'added'`);
    let attempts = 0;
    const row = await transactionWithRetry(db, async (trx) => {
      attempts++;
      return (await read(trx)).rows[0];
    });
    expect({ row, attempts }).toEqual({ row: { id: 1, a: 'one', b: 'added' }, attempts: 2 });
  });

  it(`prepares at most ${PREPARED_PER_CONNECTION_MAX} statements on a connection; the rest run unnamed`, async () => {
    await db.connection().execute(async (connection) => {
      await sql`deallocate all`.execute(connection);
    });
    const before = (await prepared()).length;
    for (let index = 0; index < PREPARED_PER_CONNECTION_MAX + 5; index++) {
      const result = await sql<{ n: number }>`select ${index}::int + ${sql.lit(index)} as n`.execute(db);
      expect(result.rows[0]?.n).toBe(index * 2);
    }
    expect(before).toBe(0);
    expect((await prepared()).length).toBeLessThanOrEqual(PREPARED_PER_CONNECTION_MAX);
  });
});
