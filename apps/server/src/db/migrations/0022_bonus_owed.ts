import { type Kysely, type Migration, sql } from 'kysely';

/**
 * What a cancelled bonus still takes back (docs/promotions.md, "Where the bonus money goes"): when a bonus is
 * cancelled while its money sits in game accounts, the part of percentFail the wallet cannot pay at once is owed,
 * and the money that comes back from the game accounts pays it first. `owed_minor` is what is left to take;
 * `taken_back_minor` keeps growing as it is paid. The partial index finds a member's open debts quickly, since
 * every transfer back from a game looks for them. Frozen in time like every migration.
 */
export const bonusOwed: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('member_bonuses')
      .addColumn('owed_minor', 'bigint', (col) => col.notNull().defaultTo(0).check(sql`owed_minor >= 0`))
      .execute();
    await db.schema
      .createIndex('member_bonuses_owed_idx')
      .on('member_bonuses')
      .columns(['member_id', 'id'])
      .where(sql.ref('owed_minor'), '>', sql.lit(0))
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('member_bonuses_owed_idx').execute();
    await db.schema.alterTable('member_bonuses').dropColumn('owed_minor').execute();
  },
};
