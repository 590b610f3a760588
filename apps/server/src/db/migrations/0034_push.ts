import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Issue 21, notifications (docs/app.md): the members' Web Push subscriptions, each with the language its
 * notifications are written in (a member's language is the app's choice, not stored anywhere else), and the
 * VAPID key pair demo mode makes once when VAPID_* are unset, so a restart keeps every subscription valid.
 * Frozen in time like every migration.
 */
export const push: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('push_subscriptions')
      .addColumn('id', 'bigserial', (col) => col.primaryKey())
      .addColumn('member_id', 'bigint', (col) => col.notNull().references('members.id'))
      .addColumn('endpoint', 'text', (col) => col.notNull().unique())
      .addColumn('p256dh', 'text', (col) => col.notNull())
      .addColumn('auth', 'text', (col) => col.notNull())
      .addColumn('locale', 'text', (col) => col.notNull().check(sql`locale in ('th', 'lo', 'en')`))
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('push_subscriptions_member').on('push_subscriptions').column('member_id').execute();
    await db.schema
      .createTable('push_keys')
      .addColumn('name', 'text', (col) => col.primaryKey())
      .addColumn('value', 'text', (col) => col.notNull())
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('push_keys').execute();
    await db.schema.dropTable('push_subscriptions').execute();
  },
};
