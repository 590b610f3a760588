import { type Kysely, type Migration, sql } from 'kysely';

/**
 * The operators of the back-office (docs/backoffice.md): their accounts with a role and a TOTP secret, their
 * sessions (a table of their own: a member's token is never an operator's), and the append-only audit log of
 * every operator action. Frozen in time like every migration.
 */
export const operators: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('operators')
      .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('username', 'text', (col) => col.notNull().unique().check(sql`username ~ '^[a-z0-9._-]{3,32}$'`))
      .addColumn('role', 'text', (col) => col.notNull().check(sql`role in ('admin', 'finance', 'support')`))
      .addColumn('password_hash', 'text', (col) => col.notNull())
      // The TOTP secret, sealed by the server's secret box: the server must read it back to check codes.
      .addColumn('totp_secret_sealed', 'text', (col) => col.notNull())
      // The last TOTP step that signed in: a code is good once.
      .addColumn('totp_last_step', 'bigint')
      .addColumn('status', 'text', (col) =>
        col.notNull().defaultTo('active').check(sql`status in ('active', 'locked')`),
      )
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .execute();

    await db.schema
      .createTable('operator_sessions')
      .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('operator_id', 'bigint', (col) => col.notNull().references('operators.id'))
      .addColumn('token_hash', 'text', (col) => col.notNull().unique())
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
      .addColumn('revoked_at', 'timestamptz')
      .addColumn('ip', 'text')
      .addColumn('user_agent', 'text')
      .execute();
    await db.schema
      .createIndex('operator_sessions_operator_idx')
      .on('operator_sessions')
      .column('operator_id')
      .execute();

    // Who did what, when, to what, with the state before and after. `operator_id` is null for actions of the
    // command line (the first admin) and of the system.
    await db.schema
      .createTable('audit_log')
      .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('operator_id', 'bigint', (col) => col.references('operators.id'))
      .addColumn('actor', 'text', (col) => col.notNull())
      .addColumn('action', 'text', (col) => col.notNull().check(sql`action ~ '^[a-z][a-z0-9_.]{0,63}$'`))
      .addColumn('target', 'text', (col) => col.notNull())
      .addColumn('before', 'jsonb')
      .addColumn('after', 'jsonb')
      .addColumn('ip', 'text')
      .addColumn('at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute();

    // Append-only in the database itself, not only in the API: an update, a delete or a truncate fails
    // whoever runs it.
    await sql`
      create function audit_log_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'audit_log is append-only';
      end;
      $$
    `.execute(db);
    await sql`
      create trigger audit_log_no_change before update or delete on audit_log
      for each row execute function audit_log_append_only()
    `.execute(db);
    await sql`
      create trigger audit_log_no_truncate before truncate on audit_log
      for each statement execute function audit_log_append_only()
    `.execute(db);
  },
};
