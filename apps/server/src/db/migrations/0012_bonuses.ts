import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Bonuses and promotion codes (docs/promotions.md, Bonuses and promotion codes): the operator's definitions
 * (each one's numbers are its own settings), and one row per activation by a member. A member has at most one
 * running bonus (a unique partial index), and a deposit qualifies for one bonus at most. Frozen in time like
 * every migration.
 */

const KINDS = ['bonus', 'promotion'];
const TYPES = ['limit', 'day', 'week'];
const AMOUNT_RULES = ['fixed', 'deposit_percent'];
const MEMBER_BONUS_STATUSES = ['active', 'cleared', 'cancelled'];

function list(values: string[]) {
  return sql.raw(values.map((value) => `'${value}'`).join(', '));
}

export const bonuses: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('bonuses')
      .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('code', 'text', (col) => col.notNull().unique().check(sql`code ~ '^[A-Z0-9_-]{1,32}$'`))
      // `bonus`: shown in the grid; `promotion`: activated only by typing its code.
      .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in (${list(KINDS)})`))
      .addColumn('type', 'text', (col) => col.notNull().check(sql`type in (${list(TYPES)})`))
      .addColumn('currency', 'text', (col) => col.notNull())
      .addColumn('max_received', 'integer', (col) => col.notNull().check(sql`max_received between 1 and 10000`))
      // Activations of all members together; null: no such limit.
      .addColumn('total_max', 'integer', (col) => col.check(sql`total_max > 0`))
      .addColumn('percent_fail', 'integer', (col) => col.notNull().check(sql`percent_fail between 0 and 100`))
      .addColumn('amount_rule', 'text', (col) => col.notNull().check(sql`amount_rule in (${list(AMOUNT_RULES)})`))
      .addColumn('amount_minor', 'bigint', (col) => col.check(sql`amount_minor > 0`))
      .addColumn('deposit_percent', 'integer', (col) => col.check(sql`deposit_percent between 1 and 1000`))
      .addColumn('amount_cap_minor', 'bigint', (col) => col.check(sql`amount_cap_minor > 0`))
      .addColumn('deposit_window_hours', 'integer', (col) => col.check(sql`deposit_window_hours between 1 and 720`))
      .addColumn('win_multiple', 'integer', (col) => col.notNull().check(sql`win_multiple between 0 and 1000`))
      .addColumn('end_below_minor', 'bigint', (col) => col.notNull().check(sql`end_below_minor >= 0`))
      // { th, lo, en } each: the name and the description.
      .addColumn('names', 'jsonb', (col) => col.notNull())
      .addColumn('descriptions', 'jsonb', (col) => col.notNull())
      .addColumn('banners', 'jsonb', (col) => col.notNull())
      .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true))
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addCheckConstraint(
        'bonuses_amount_rule_fields_check',
        sql`(amount_rule = 'fixed' and amount_minor is not null)
          or (amount_rule = 'deposit_percent' and deposit_percent is not null and amount_cap_minor is not null
              and deposit_window_hours is not null)`,
      )
      .execute();

    await db.schema
      .createTable('member_bonuses')
      .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('public_id', 'text', (col) => col.notNull().unique())
      .addColumn('member_id', 'bigint', (col) => col.notNull().references('members.id'))
      .addColumn('bonus_id', 'bigint', (col) => col.notNull().references('bonuses.id'))
      .addColumn('status', 'text', (col) => col.notNull().check(sql`status in (${list(MEMBER_BONUS_STATUSES)})`))
      .addColumn('amount_minor', 'bigint', (col) => col.notNull().check(sql`amount_minor > 0`))
      .addColumn('currency', 'text', (col) => col.notNull())
      // The deposit the amount was a percentage of: it qualifies once.
      .addColumn('deposit_entry_id', 'bigint', (col) => col.unique().references('journal_entries.id'))
      .addColumn('entry_id', 'bigint', (col) => col.notNull().unique().references('journal_entries.id'))
      .addColumn('end_entry_id', 'bigint', (col) => col.unique().references('journal_entries.id'))
      .addColumn('taken_back_minor', 'bigint', (col) => col.check(sql`taken_back_minor >= 0`))
      .addColumn('activated_at', 'timestamptz', (col) => col.notNull())
      .addColumn('ended_at', 'timestamptz')
      .addCheckConstraint('member_bonuses_ended_check', sql`(status = 'active') = (ended_at is null)`)
      .execute();
    // One running bonus per member: a second activation racing the first conflicts here.
    await db.schema
      .createIndex('member_bonuses_one_active_idx')
      .on('member_bonuses')
      .column('member_id')
      .unique()
      .where(sql.ref('status'), '=', 'active')
      .execute();
    await db.schema
      .createIndex('member_bonuses_member_bonus_idx')
      .on('member_bonuses')
      .columns(['member_id', 'bonus_id', 'activated_at'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('member_bonuses').execute();
    await db.schema.dropTable('bonuses').execute();
  },
};
