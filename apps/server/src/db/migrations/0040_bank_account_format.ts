import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Issue 39, finding 3 (docs/accounts.md, Bank account numbers): registration finds an account taken when a stored
 * number of the bank differs from the new one only by zeros before it (a number stored before each bank's length
 * was checked, `0` + the number). This index serves that look-up. Nothing stored is changed: the numbers that do
 * not fit their bank's length are listed for operators (docs/backoffice/members.md, Bank account numbers to check).
 * Frozen in time like every migration.
 */
export const bankAccountFormat: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create index members_bank_account_significant_idx
      on members (bank_code, (ltrim(bank_account_no, '0')))`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop index members_bank_account_significant_idx`.execute(db);
  },
};
