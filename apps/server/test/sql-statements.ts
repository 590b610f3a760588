import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** One SQL statement sent to a database, and which database got it. */
export interface SentStatement {
  /** The database's name on PostgreSQL, the PGlite instance on the embedded database. */
  database: unknown;
  sql: string;
}

/**
 * Every statement the server sends while `action` runs, read at the drivers (node-postgres and PGlite), so that
 * `begin` and `commit` count too: each is a round trip, and round trips are what a money call pays for.
 */
export async function statementsDuring(action: () => Promise<unknown>): Promise<SentStatement[]> {
  const sent: SentStatement[] = [];
  const pgQuery = pg.Client.prototype.query;
  const pgliteQuery = PGlite.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [text] = args;
    sent.push({
      database: this.database,
      sql: typeof text === 'string' ? text : String((text as pg.QueryConfig).text),
    });
    return (pgQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pgQuery;
  PGlite.prototype.query = function (this: PGlite, ...args: Parameters<PGlite['query']>) {
    sent.push({ database: this, sql: args[0] });
    return pgliteQuery.apply(this, args);
  } as typeof pgliteQuery;
  try {
    await action();
  } finally {
    pg.Client.prototype.query = pgQuery;
    PGlite.prototype.query = pgliteQuery;
  }
  return sent;
}

/** The statements sent to the database that also received one naming `table`: one server's share. */
export function sentTo(statements: readonly SentStatement[], table: string): string[] {
  const database = statements.find((statement) => statement.sql.includes(table))?.database;
  return statements.filter((statement) => statement.database === database).map((statement) => statement.sql);
}
