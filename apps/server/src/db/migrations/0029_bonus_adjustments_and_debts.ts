import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Issue 18, rewards follow the bonus rules. Frozen in time like every migration.
 *
 * Manual adjustments paid as a bonus (docs/backoffice.md, Manual adjustments): an operator may mark a credit as
 * bonus money, with the end terms it runs with once applied. Both terms are set, or neither (cash); only a credit
 * can carry them. The limits are a bonus definition's (0012). The definition such a bonus runs under
 * (`ADJUSTMENT-<currency>`, kind `reward` of 0027) is made by the system when first needed, as the wheel's is.
 *
 * When a cancelled bonus's debt was paid (docs/promotions.md, Loss refunds): a bonus cancelled while its money sat
 * in game accounts still owes (0022) until money coming back pays it; until then its money is at the games, and a
 * loss refund counts that time as bonus time. `debt_paid_at` is the instant the last of the debt was taken; null
 * while something is owed, and for bonuses that never owed (or whose debt was paid before this migration).
 */
export const bonusAdjustmentsAndDebts: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      alter table adjustments
        add column bonus_win_multiple integer check (bonus_win_multiple between 0 and 1000),
        add column bonus_percent_fail integer check (bonus_percent_fail between 0 and 100),
        add constraint adjustments_bonus_check check (
          (bonus_win_multiple is null and bonus_percent_fail is null)
          or (bonus_win_multiple is not null and bonus_percent_fail is not null and amount_minor > 0))`.execute(db);
    await sql`
      alter table member_bonuses
        add column debt_paid_at timestamptz,
        add constraint member_bonuses_debt_paid_check check (debt_paid_at is null or owed_minor = 0)`.execute(db);
  },

  async down(db: Kysely<unknown>) {
    await sql`
      alter table member_bonuses
        drop constraint member_bonuses_debt_paid_check,
        drop column debt_paid_at`.execute(db);
    await sql`
      alter table adjustments
        drop constraint adjustments_bonus_check,
        drop column bonus_win_multiple,
        drop column bonus_percent_fail`.execute(db);
  },
};
