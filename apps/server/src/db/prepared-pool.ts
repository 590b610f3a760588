import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/**
 * Statements prepared per connection at most (a few hundred distinct texts serve the whole app; lists of varying
 * length make more). Past it, statements go unnamed, parsed and planned each time as before.
 */
export const PREPARED_PER_CONNECTION_MAX = 500;

/** Each pooled connection's wrapper, made once: Kysely keeps its own state per connection object it is given. */
const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();

/**
 * Marks an error from a prepared statement that no longer fits the schema (docs/decisions/0032): the transaction
 * it aborted may be run again, and the statement is prepared afresh then (`transactionWithRetry`).
 */
export const STALE_PREPARED_STATEMENT = Symbol('stale prepared statement');

/**
 * A prepared statement that cannot run as prepared: its result type changed under it (another node's migration
 * added a column to a `select *`), or it is gone (a pooler reset the session). Nothing of it ran.
 */
function isStale(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code === '26000') return true;
  return code === '0A000' && typeof message === 'string' && message.includes('cached plan must not change');
}

/**
 * The pool Kysely uses on PostgreSQL, with each parameterized statement prepared once per connection (a named
 * statement): PostgreSQL then skips parsing it, and after a few runs planning it, on every later run. On the
 * money path that cut our database's CPU per transfer by a third or more (docs/performance.md, Transfers). `begin`, `commit` and
 * statements without parameters go as they are (the simple protocol, one message).
 */
export function preparingPool(pool: pg.Pool): PostgresPool {
  return {
    connect: async () => {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = wrap(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}

/** A connection whose statements with parameters are prepared under names of its own (text -> name). */
function wrap(client: pg.PoolClient): PostgresPoolClient {
  const state = { names: new Map<string, string>(), made: 0 };
  const nameFor = (text: string): string | undefined => {
    const known = state.names.get(text);
    if (known || state.made >= PREPARED_PER_CONNECTION_MAX) return known;
    // A new name each time a text is (re)prepared: a stale statement keeps its name on the server, unused.
    const name = `mw_${state.made++}`;
    state.names.set(text, name);
    return name;
  };
  function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  function query<R>(
    sqlOrCursor: string | PostgresCursor<R>,
    parameters?: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof sqlOrCursor !== 'string') return client.query(sqlOrCursor as never) as PostgresCursor<R>;
    const values = [...(parameters ?? [])];
    const name = values.length > 0 ? nameFor(sqlOrCursor) : undefined;
    const unnamed = () => client.query(sqlOrCursor, values) as unknown as Promise<PostgresQueryResult<R>>;
    if (!name) return unnamed();
    const named = client.query({ name, text: sqlOrCursor, values }) as unknown as Promise<PostgresQueryResult<R>>;
    return named.catch((error: unknown) => {
      if (!isStale(error)) throw error;
      state.names.delete(sqlOrCursor);
      // Outside a transaction nothing was aborted: run it once more, unnamed; inside one, the caller's retry does.
      if (client.getTransactionStatus() === 'I') return unnamed();
      throw Object.assign(error as object, { [STALE_PREPARED_STATEMENT]: true });
    });
  }
  return { query, release: () => client.release() };
}
