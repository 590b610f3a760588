import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Rewards that run as bonuses (docs/promotions.md, "Rewards are bonus money"): a claimed wheel cash prize is
 * credited as a running bonus, under a definition of kind `reward` that the system keeps per currency. Such a
 * definition is never listed to members or operators and never activated by a code. Frozen in time like every
 * migration.
 */
export const rewardBonuses: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table bonuses drop constraint bonuses_kind_check`.execute(db);
    await sql`alter table bonuses add constraint bonuses_kind_check
      check (kind in ('bonus', 'promotion', 'reward'))`.execute(db);
  },

  async down(db: Kysely<unknown>) {
    await sql`delete from bonuses where kind = 'reward'`.execute(db);
    await sql`alter table bonuses drop constraint bonuses_kind_check`.execute(db);
    await sql`alter table bonuses add constraint bonuses_kind_check check (kind in ('bonus', 'promotion'))`.execute(db);
  },
};
