import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Invite a friend and loss refunds (docs/promotions.md). Invite: one accrual per (invitee, local day) with a
 * positive amount, each collected at most once (`collection_id`), and a cursor per inviter saying up to which
 * instant the invitees' days have been accrued. Refunds: one claim per (member, period), the unique key that
 * makes a period pay at most once. Frozen in time like every migration.
 */
export const invitesRefunds: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('invite_accrual_cursors')
      .addColumn('inviter_id', 'bigint', (col) => col.primaryKey().references('members.id'))
      .addColumn('accrued_until', 'timestamptz', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('invite_collections')
      .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('member_id', 'bigint', (col) => col.notNull().references('members.id'))
      .addColumn('currency', 'text', (col) => col.notNull())
      .addColumn('accrued_minor', 'bigint', (col) => col.notNull().check(sql`accrued_minor > 0`))
      .addColumn('paid_minor', 'bigint', (col) => col.notNull().check(sql`paid_minor > 0`))
      .addColumn('forfeited_minor', 'bigint', (col) => col.notNull().check(sql`forfeited_minor >= 0`))
      .addColumn('entry_id', 'bigint', (col) => col.unique().references('journal_entries.id'))
      .addColumn('created_at', 'timestamptz', (col) => col.notNull())
      .addCheckConstraint('invite_collections_sum_check', sql`paid_minor + forfeited_minor = accrued_minor`)
      .execute();

    await db.schema
      .createTable('invite_accruals')
      .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('inviter_id', 'bigint', (col) => col.notNull().references('members.id'))
      .addColumn('invitee_id', 'bigint', (col) => col.notNull().references('members.id'))
      // The instant the invitee's local day began.
      .addColumn('day_start', 'timestamptz', (col) => col.notNull())
      .addColumn('currency', 'text', (col) => col.notNull())
      .addColumn('net_deposit_minor', 'bigint', (col) => col.notNull().check(sql`net_deposit_minor > 0`))
      .addColumn('amount_minor', 'bigint', (col) => col.notNull().check(sql`amount_minor > 0`))
      .addColumn('collection_id', 'bigint', (col) => col.references('invite_collections.id'))
      .addColumn('created_at', 'timestamptz', (col) => col.notNull())
      .addUniqueConstraint('invite_accruals_invitee_day_key', ['invitee_id', 'day_start'])
      .execute();
    await db.schema
      .createIndex('invite_accruals_inviter_idx')
      .on('invite_accruals')
      .columns(['inviter_id', 'day_start'])
      .execute();

    await db.schema
      .createTable('refund_claims')
      .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('member_id', 'bigint', (col) => col.notNull().references('members.id'))
      .addColumn('period_start', 'timestamptz', (col) => col.notNull())
      .addColumn('period_end', 'timestamptz', (col) => col.notNull())
      .addColumn('currency', 'text', (col) => col.notNull())
      .addColumn('net_loss_minor', 'bigint', (col) => col.notNull().check(sql`net_loss_minor > 0`))
      .addColumn('refund_minor', 'bigint', (col) => col.notNull().check(sql`refund_minor > 0`))
      .addColumn('paid_minor', 'bigint', (col) => col.notNull().check(sql`paid_minor > 0`))
      .addColumn('entry_id', 'bigint', (col) => col.unique().references('journal_entries.id'))
      .addColumn('created_at', 'timestamptz', (col) => col.notNull())
      // A period pays at most once per member, however many requests race for it.
      .addUniqueConstraint('refund_claims_member_period_key', ['member_id', 'period_start'])
      .addCheckConstraint('refund_claims_period_check', sql`period_start < period_end`)
      .addCheckConstraint('refund_claims_paid_check', sql`paid_minor <= refund_minor`)
      .execute();
    await db.schema
      .createIndex('refund_claims_member_created_idx')
      .on('refund_claims')
      .columns(['member_id', 'created_at'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('refund_claims').execute();
    await db.schema.dropTable('invite_accruals').execute();
    await db.schema.dropTable('invite_collections').execute();
    await db.schema.dropTable('invite_accrual_cursors').execute();
  },
};
