import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Issue 39, finding 6 (docs/app.md, Notifications): a browser's push subscription belongs to the session that
 * handed it in, so it ends with that session (logout, a password changed elsewhere, a block, expiry) and a shared
 * phone stops hearing the previous member's money. Subscriptions kept before this migration name no session and
 * are deleted: the app hands the browser's subscription in again the next time the member opens it signed in.
 * Frozen in time like every migration.
 */
export const pushSessions: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`delete from push_subscriptions`.execute(db);
    await db.schema
      .alterTable('push_subscriptions')
      .addColumn('session_id', 'bigint', (col) => col.notNull().references('sessions.id').onDelete('cascade'))
      .execute();
    await db.schema.createIndex('push_subscriptions_session').on('push_subscriptions').column('session_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('push_subscriptions').dropColumn('session_id').execute();
  },
};
