import { type Kysely, type Migration, sql } from 'kysely';

/**
 * TrueMoney gift links (docs/deposits.md, TrueMoney): one row per voucher we ever tried to redeem, keyed by the
 * SHA-256 of its code (the raw code is never stored), which makes a voucher credit once whoever sends it; and
 * the sandbox voucher party's own records. Frozen in time like every migration.
 */

const REDEMPTION_STATUSES = ['redeeming', 'unknown', 'credited'];
const SANDBOX_VOUCHER_STATUSES = ['available', 'redeemed'];

function list(values: string[]) {
  return sql.raw(values.map((value) => `'${value}'`).join(', '));
}

export const truelink: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('truelink_redemptions')
      .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
      // Our reference of the redemption: the party's idempotency key, and the answer's `reference`.
      .addColumn('reference', 'text', (col) =>
        col.notNull().unique().check(sql`char_length(reference) between 1 and 64`),
      )
      .addColumn('voucher_hash', 'text', (col) => col.notNull().unique().check(sql`voucher_hash ~ '^[0-9a-f]{64}$'`))
      .addColumn('member_id', 'bigint', (col) => col.notNull().references('members.id'))
      .addColumn('status', 'text', (col) => col.notNull().check(sql`status in (${list(REDEMPTION_STATUSES)})`))
      // The Idempotency-Key of the request now working on it.
      .addColumn('request_key', 'text', (col) => col.notNull().check(sql`char_length(request_key) <= 200`))
      .addColumn('amount_minor', 'bigint', (col) => col.check(sql`amount_minor > 0`))
      .addColumn('currency', 'text', (col) => col.notNull())
      .addColumn('entry_id', 'bigint', (col) => col.unique().references('journal_entries.id'))
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('next_check_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addCheckConstraint(
        'truelink_redemptions_credited_check',
        sql`(status = 'credited') = (entry_id is not null and amount_minor is not null)`,
      )
      .execute();
    // The settler's queue: only redemptions whose outcome at the party is unknown.
    await db.schema
      .createIndex('truelink_redemptions_unknown_idx')
      .on('truelink_redemptions')
      .column('next_check_at')
      .where(sql.ref('status'), '=', 'unknown')
      .execute();

    await db.schema
      .createTable('sandbox_vouchers')
      .addColumn('code', 'text', (col) => col.primaryKey())
      .addColumn('amount_minor', 'bigint', (col) => col.notNull().check(sql`amount_minor > 0`))
      .addColumn('status', 'text', (col) => col.notNull().check(sql`status in (${list(SANDBOX_VOUCHER_STATUSES)})`))
      // Who redeemed it: the redeemer's reference, so asking again with it answers the same redemption.
      .addColumn('redeemed_reference', 'text')
      .addColumn('redeemed_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (col) => col.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('sandbox_vouchers').execute();
    await db.schema.dropTable('truelink_redemptions').execute();
  },
};
