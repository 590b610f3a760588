import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Coins follow net deposits (docs/promotions.md, Coins): a withdrawal takes back the coins of the deposits it
 * takes out, and a failed withdrawal's money coming back earns them again. `spin_coin_deposits` now records every
 * counted wallet movement of a deposit or withdrawal entry, with its sign (a withdrawal is negative).
 * `deposit_coins` is how many coins deposits have earned and withdrawals not yet taken back: a withdrawal never
 * takes back more (coins granted by hand stay). `coin_debt` counts coins taken back after they were spun: the next
 * coins deposits earn pay it first.
 * What happened before this migration stands: earlier withdrawals and deposit reversals are recorded as counted,
 * so they take back nothing, and coins earned before it cannot be taken back (`deposit_coins` starts at 0).
 * Frozen in time like every migration.
 */
export const spinCoinsNet: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table spin_coin_deposits drop constraint spin_coin_deposits_amount_minor_check`.execute(db);
    await sql`alter table spin_coin_deposits add constraint spin_coin_deposits_amount_minor_check
      check (amount_minor <> 0)`.execute(db);
    await db.schema
      .alterTable('spin_coins')
      .addColumn('deposit_coins', 'integer', (col) => col.notNull().defaultTo(0).check(sql`deposit_coins >= 0`))
      .addColumn('coin_debt', 'integer', (col) => col.notNull().defaultTo(0).check(sql`coin_debt >= 0`))
      .execute();
    await sql`
      insert into spin_coin_deposits (entry_id, member_id, amount_minor, created_at)
      select e.id, e.member_id, sum(p.amount), now()
      from journal_entries e
      join postings p on p.entry_id = e.id
      join ledger_accounts a on a.id = p.account_id
      where a.kind = 'member_wallet' and a.member_id = e.member_id
        and (e.type = 'withdraw' or (e.type = 'deposit' and e.reversal_of is not null))
      group by e.id, e.member_id
      having sum(p.amount) <> 0
      on conflict do nothing`.execute(db);
  },

  async down(db: Kysely<unknown>) {
    await sql`delete from spin_coin_deposits where amount_minor < 0`.execute(db);
    await db.schema.alterTable('spin_coins').dropColumn('deposit_coins').dropColumn('coin_debt').execute();
    await sql`alter table spin_coin_deposits drop constraint spin_coin_deposits_amount_minor_check`.execute(db);
    await sql`alter table spin_coin_deposits add constraint spin_coin_deposits_amount_minor_check
      check (amount_minor > 0)`.execute(db);
  },
};
