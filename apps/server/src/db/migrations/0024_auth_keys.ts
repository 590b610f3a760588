import { type Kysely, type Migration, sql } from 'kysely';

/**
 * The key signing device cookies (docs/decisions/0015): made once by the first node that needs it, so every node
 * on the database agrees. Frozen in time like every migration.
 */
export const authKeys: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('auth_keys')
      .addColumn('name', 'text', (col) => col.primaryKey())
      .addColumn('value', 'text', (col) => col.notNull())
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('auth_keys').execute();
  },
};
