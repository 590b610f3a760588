import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Issue 20, sandbox labelled. Frozen in time like every migration.
 *
 * Whether a slip's verification was asked of the sandbox verifier (docs/parties/README.md, The sandbox label): its
 * outcome is then the sandbox's, and the member's slip list marks it so, long after the verifier that answered
 * was chosen. A slip no verifier was asked about, and every slip of before, is false (no real slip ever becomes a
 * sandbox one).
 */
export const slipsSandbox: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table slips add column sandbox boolean not null default false`.execute(db);
  },

  async down(db: Kysely<unknown>) {
    await sql`alter table slips drop column sandbox`.execute(db);
  },
};
