import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Issue 20, real slip verifiers. Frozen in time like every migration.
 *
 * A slip-verification party may answer "come back later" (its quota is used up, the sending bank has not yet
 * published the transfer, the bank is down): the slip is then neither credited nor refused but waits IN_PROGRESS
 * and is asked again (docs/deposits/slips.md, "Waiting slips"). `qr_text` keeps the QR exactly as read, which is
 * what the parties take; `attempts` counts the askings; `next_check_at` is when a waiting slip is due (null once
 * it has an outcome). The partial index serves the retry pass, which only reads waiting slips that are due.
 */
export const slipRetries: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('slips')
      .addColumn('qr_text', 'text')
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('next_check_at', 'timestamptz')
      .execute();
    await sql`create index slips_due on slips (next_check_at) where status = 'IN_PROGRESS'`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop index if exists slips_due`.execute(db);
    await db.schema
      .alterTable('slips')
      .dropColumn('qr_text')
      .dropColumn('attempts')
      .dropColumn('next_check_at')
      .execute();
  },
};
