import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Issue 24, operator accounts run from the back-office (docs/backoffice/operators.md): an operator is `active` or
 * `disabled` (the never-used `locked` of 0015 becomes `disabled`); one waiting for enrolment has neither a password
 * nor a TOTP secret yet; a display name members see in chat; and the one-time enrolment links, kept as hashes with
 * the TOTP secret they hand out sealed. Frozen in time like every migration.
 */
export const operatorAccounts: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table operators drop constraint operators_status_check`.execute(db);
    await sql`update operators set status = 'disabled' where status = 'locked'`.execute(db);
    await sql`alter table operators add constraint operators_status_check check (status in ('active', 'disabled'))`.execute(
      db,
    );
    await sql`alter table operators alter column password_hash drop not null`.execute(db);
    await sql`alter table operators alter column totp_secret_sealed drop not null`.execute(db);
    // Enrolled (both set) or waiting for enrolment (neither).
    await sql`
      alter table operators add constraint operators_credentials_check
      check ((password_hash is null) = (totp_secret_sealed is null))
    `.execute(db);
    await db.schema
      .alterTable('operators')
      .addColumn('display_name', 'text', (col) =>
        col.check(sql`display_name is null or char_length(display_name) between 1 and 40`),
      )
      .execute();

    await db.schema
      .createTable('operator_enrolments')
      .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('operator_id', 'bigint', (col) => col.notNull().references('operators.id'))
      // SHA-256 of the link's token: the token itself is shown once, to the admin who made the link.
      .addColumn('token_hash', 'text', (col) => col.notNull().unique())
      // The TOTP secret the link hands out, sealed; it becomes the operator's when the enrolment completes.
      .addColumn('totp_secret_sealed', 'text', (col) => col.notNull())
      // The admin who made the link; null for the command line.
      .addColumn('created_by', 'bigint', (col) => col.references('operators.id'))
      .addColumn('created_at', 'timestamptz', (col) => col.notNull())
      .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
      .addColumn('used_at', 'timestamptz')
      // A newer link, a disable or a completed enrolment voids the links still open.
      .addColumn('voided_at', 'timestamptz')
      .execute();
    await db.schema
      .createIndex('operator_enrolments_operator_idx')
      .on('operator_enrolments')
      .column('operator_id')
      .execute();
  },
  /** Operators still waiting for enrolment go back locked, with placeholders 0015's columns demand. */
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('operator_enrolments').execute();
    await db.schema.alterTable('operators').dropColumn('display_name').execute();
    await sql`alter table operators drop constraint operators_credentials_check`.execute(db);
    await sql`
      update operators set status = 'disabled', password_hash = '!', totp_secret_sealed = '!'
      where password_hash is null
    `.execute(db);
    await sql`alter table operators alter column password_hash set not null`.execute(db);
    await sql`alter table operators alter column totp_secret_sealed set not null`.execute(db);
    await sql`alter table operators drop constraint operators_status_check`.execute(db);
    await sql`update operators set status = 'locked' where status = 'disabled'`.execute(db);
    await sql`alter table operators add constraint operators_status_check check (status in ('active', 'locked'))`.execute(
      db,
    );
  },
};
