import { type Kysely, type Migration, sql } from 'kysely';

/**
 * A received bonus keeps the end terms it was received with (docs/promotions.md; docs/backoffice.md,
 * Promotions): the win multiple, the floor and percentFail are copied onto `member_bonuses` at activation, so an
 * operator changing the definition later changes nothing for bonuses already running. Existing rows take their
 * definition's current terms. Frozen in time like every migration.
 */
export const memberBonusTerms: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('member_bonuses')
      .addColumn('win_multiple', 'integer', (col) => col.check(sql`win_multiple between 0 and 1000`))
      .addColumn('end_below_minor', 'bigint', (col) => col.check(sql`end_below_minor >= 0`))
      .addColumn('percent_fail', 'integer', (col) => col.check(sql`percent_fail between 0 and 100`))
      .execute();
    await sql`
      update member_bonuses m
      set win_multiple = b.win_multiple, end_below_minor = b.end_below_minor, percent_fail = b.percent_fail
      from bonuses b
      where b.id = m.bonus_id`.execute(db);
    for (const column of ['win_multiple', 'end_below_minor', 'percent_fail']) {
      await db.schema
        .alterTable('member_bonuses')
        .alterColumn(column, (col) => col.setNotNull())
        .execute();
    }
  },

  async down(db: Kysely<unknown>) {
    await db.schema
      .alterTable('member_bonuses')
      .dropColumn('win_multiple')
      .dropColumn('end_below_minor')
      .dropColumn('percent_fail')
      .execute();
  },
};
