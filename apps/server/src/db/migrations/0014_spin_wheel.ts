import { type Kysely, type Migration, sql } from 'kysely';

/**
 * The prize wheel (docs/promotions.md, Prize wheel): each member's coins, the deposits already turned into coins,
 * coins granted by hand, every spin, and the coupons spins won. The wheel itself and its rules are site
 * settings (`spinWheel`, `spinRules`). Frozen in time like every migration.
 */

/** First values of the rules; operators change them in `site_settings`. */
const DEFAULT_SPIN_RULES = {
  // Completed deposits (in the major unit) that earn one coin, per currency: 100 baht; about the same in kip.
  depositPerCoin: { BAHT: 100, LAK: 30_000 },
  // How long a won coupon can be claimed: 7 days.
  couponExpiryHours: 168,
};

export const spinWheel: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('spin_coins')
      .addColumn('member_id', 'bigint', (col) => col.primaryKey().references('members.id'))
      // Never below zero: a spin takes one with `coins = coins - 1 where coins > 0`; the CHECK backs it up.
      .addColumn('coins', 'integer', (col) => col.notNull().defaultTo(0).check(sql`coins >= 0`))
      // Deposited minor units not yet worth a whole coin, carried to the next deposit.
      .addColumn('deposit_remainder_minor', 'bigint', (col) =>
        col.notNull().defaultTo(0).check(sql`deposit_remainder_minor >= 0`),
      )
      .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .execute();

    // One row per completed deposit entry already turned into coins: the primary key makes it count once.
    await db.schema
      .createTable('spin_coin_deposits')
      .addColumn('entry_id', 'bigint', (col) => col.primaryKey().references('journal_entries.id'))
      .addColumn('member_id', 'bigint', (col) => col.notNull().references('members.id'))
      .addColumn('amount_minor', 'bigint', (col) => col.notNull().check(sql`amount_minor > 0`))
      .addColumn('created_at', 'timestamptz', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('spin_coin_deposits_member_idx').on('spin_coin_deposits').column('member_id').execute();

    // Coins given by hand (the demo member, an operator's goodwill), once per key.
    await db.schema
      .createTable('spin_coin_grants')
      .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('member_id', 'bigint', (col) => col.notNull().references('members.id'))
      .addColumn('grant_key', 'text', (col) => col.notNull().check(sql`char_length(grant_key) between 1 and 200`))
      .addColumn('coins', 'integer', (col) => col.notNull().check(sql`coins between 1 and 1000`))
      .addColumn('created_at', 'timestamptz', (col) => col.notNull())
      .addUniqueConstraint('spin_coin_grants_key_unique', ['member_id', 'grant_key'])
      .execute();

    // Every spin, with a snapshot of the slice it landed on (the wheel may change afterwards).
    await db.schema
      .createTable('spin_draws')
      .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('member_id', 'bigint', (col) => col.notNull().references('members.id'))
      // The request's Idempotency-Key, when it sent one: a retry answers this spin again.
      .addColumn('request_key', 'text', (col) => col.check(sql`char_length(request_key) between 1 and 200`))
      .addColumn('slice_code', 'text', (col) => col.notNull())
      .addColumn('labels', 'jsonb', (col) => col.notNull())
      .addColumn('prize_type', 'text', (col) => col.notNull().check(sql`prize_type in ('cash', 'none', 'item')`))
      .addColumn('amount_minor', 'bigint', (col) => col.notNull().check(sql`amount_minor >= 0`))
      .addColumn('currency', 'text', (col) => col.notNull())
      .addColumn('coins_after', 'integer', (col) => col.notNull().check(sql`coins_after >= 0`))
      .addColumn('created_at', 'timestamptz', (col) => col.notNull())
      .addUniqueConstraint('spin_draws_request_unique', ['member_id', 'request_key'])
      .execute();

    await db.schema
      .createTable('spin_coupons')
      .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('public_id', 'text', (col) => col.notNull().unique())
      .addColumn('member_id', 'bigint', (col) => col.notNull().references('members.id'))
      .addColumn('draw_id', 'bigint', (col) => col.notNull().unique().references('spin_draws.id'))
      .addColumn('slice_code', 'text', (col) => col.notNull())
      .addColumn('labels', 'jsonb', (col) => col.notNull())
      .addColumn('prize_type', 'text', (col) => col.notNull().check(sql`prize_type in ('cash', 'item')`))
      .addColumn('amount_minor', 'bigint', (col) => col.notNull().check(sql`amount_minor >= 0`))
      .addColumn('currency', 'text', (col) => col.notNull())
      .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
      .addColumn('claimed_at', 'timestamptz')
      .addColumn('entry_id', 'bigint', (col) => col.unique().references('journal_entries.id'))
      .addColumn('created_at', 'timestamptz', (col) => col.notNull())
      // A claimed coupon is a credited cash coupon; nothing else is ever claimed.
      .addCheckConstraint(
        'spin_coupons_claimed_check',
        sql`(claimed_at is null) = (entry_id is null) and (claimed_at is null or prize_type = 'cash')`,
      )
      .addCheckConstraint('spin_coupons_cash_check', sql`prize_type <> 'cash' or amount_minor > 0`)
      .execute();
    await db.schema
      .createIndex('spin_coupons_member_created_idx')
      .on('spin_coupons')
      .columns(['member_id', 'created_at'])
      .execute();

    await sql`
      insert into site_settings (key, locale, value)
      values ('spinRules', '*', ${JSON.stringify(DEFAULT_SPIN_RULES)}::jsonb)
      on conflict do nothing`.execute(db);
  },

  async down(db: Kysely<unknown>) {
    await sql`delete from site_settings where key in ('spinRules', 'spinWheel')`.execute(db);
    await db.schema.dropTable('spin_coupons').execute();
    await db.schema.dropTable('spin_draws').execute();
    await db.schema.dropTable('spin_coin_grants').execute();
    await db.schema.dropTable('spin_coin_deposits').execute();
    await db.schema.dropTable('spin_coins').execute();
  },
};
