import { type Kysely, type Migration, sql } from 'kysely';

/**
 * The member's statement (docs/ledger.md, Statement): a `listed` flag on journal entries, false for an entry
 * that is the second half of a member action already shown (the wallet credit of a game-to-wallet transfer),
 * and a partial index that pages a member's statement rows newest first and counts them without touching the
 * table. Frozen in time like every migration: the type list and the key prefix are copies, not imports.
 */

const STATEMENT_TYPES = "'deposit', 'bonus', 'finish_bonus', 'withdraw', 'transfer'";

export const statement: Migration = {
  async up(db: Kysely<unknown>) {
    // A constant default: PostgreSQL 11+ adds the column without rewriting the table.
    await sql`alter table journal_entries add column listed boolean not null default true`.execute(db);
    // Credits of game-to-wallet transfers written before this migration; the saga marks new ones itself.
    await sql`
      update journal_entries set listed = false
      where idempotency_key like 'game-transfer-credit:%' and reversal_of is null`.execute(db);
    await sql`
      create index journal_entries_statement_idx on journal_entries (member_id, created_at desc, id desc)
      where listed and reversal_of is null and type in (${sql.raw(STATEMENT_TYPES)})`.execute(db);
  },

  async down(db: Kysely<unknown>) {
    await sql`drop index journal_entries_statement_idx`.execute(db);
    await sql`alter table journal_entries drop column listed`.execute(db);
  },
};
