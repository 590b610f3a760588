import { type Kysely, type Migration, sql } from 'kysely';

/** Reference tables, members, sessions, OTP challenges and the sandbox SMS party's outbox. */
export const initial: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('site_settings')
      .addColumn('key', 'text', (col) => col.notNull())
      .addColumn('locale', 'text', (col) => col.notNull())
      .addColumn('value', 'jsonb', (col) => col.notNull())
      .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('site_settings_pkey', ['key', 'locale'])
      .execute();

    await db.schema
      .createTable('banks')
      .addColumn('code', 'text', (col) => col.primaryKey())
      .addColumn('name_th', 'text', (col) => col.notNull())
      .addColumn('name_en', 'text', (col) => col.notNull())
      .addColumn('name_lo', 'text', (col) => col.notNull())
      .addColumn('country', 'text', (col) => col.notNull().check(sql`country in ('TH', 'LA')`))
      .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true))
      .execute();

    await db.schema
      .createTable('sources')
      .addColumn('code', 'text', (col) => col.primaryKey())
      .addColumn('description', 'jsonb', (col) => col.notNull())
      .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true))
      .execute();

    await db.schema
      .createTable('members')
      .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('public_id', 'text', (col) => col.notNull().unique())
      .addColumn('phone', 'text', (col) => col.notNull().unique())
      .addColumn('password_hash', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('source_code', 'text', (col) => col.references('sources.code'))
      .addColumn('inviter_id', 'bigint', (col) => col.references('members.id'))
      .addColumn('bank_code', 'text', (col) => col.notNull().references('banks.code'))
      .addColumn('bank_account_no', 'text', (col) => col.notNull())
      .addColumn('bank_account_name', 'text', (col) => col.notNull())
      .addColumn('currency', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) =>
        col.notNull().defaultTo('active').check(sql`status in ('active', 'inactive')`),
      )
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addUniqueConstraint('members_bank_account_key', ['bank_code', 'bank_account_no'])
      .execute();

    await db.schema
      .createTable('sessions')
      .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('member_id', 'bigint', (col) => col.notNull().references('members.id'))
      .addColumn('token_hash', 'text', (col) => col.notNull().unique())
      .addColumn('remember', 'boolean', (col) => col.notNull())
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
      .addColumn('revoked_at', 'timestamptz')
      .addColumn('ip', 'text')
      .addColumn('user_agent', 'text')
      .execute();
    await db.schema.createIndex('sessions_member_idx').on('sessions').column('member_id').execute();

    await db.schema
      .createTable('otp_challenges')
      .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('phone', 'text', (col) => col.notNull())
      .addColumn('token_hash', 'text', (col) => col.notNull().unique())
      .addColumn('ref', 'text', (col) => col.notNull())
      .addColumn('code_hash', 'text', (col) => col.notNull())
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
      .addColumn('verified_at', 'timestamptz')
      .addColumn('consumed_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('ip', 'text')
      .execute();
    await db.schema
      .createIndex('otp_challenges_phone_idx')
      .on('otp_challenges')
      .columns(['phone', 'created_at'])
      .execute();

    await db.schema
      .createTable('sandbox_sms_messages')
      .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('phone', 'text', (col) => col.notNull())
      .addColumn('body', 'text', (col) => col.notNull())
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createIndex('sandbox_sms_messages_phone_idx')
      .on('sandbox_sms_messages')
      .columns(['phone', 'id'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    for (const table of ['sandbox_sms_messages', 'otp_challenges', 'sessions', 'members', 'sources', 'banks']) {
      await db.schema.dropTable(table).execute();
    }
    await db.schema.dropTable('site_settings').execute();
  },
};
