import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Operators' review of withdrawals (docs/backoffice.md, Withdrawals): a withdrawal above the auto-approve amount
 * waits for an operator before the payout party is asked to pay; the operator approves it (it is paid) or
 * rejects it with a reason (the money returns to the wallet). Frozen in time like every migration.
 */

/**
 * Withdrawals up to this amount (minor units, per currency) are paid without review: 5,000 baht; about the
 * same in kip. Operators change it in `site_settings`.
 */
const DEFAULT_AUTO_APPROVE = { BAHT: 500_000, LAK: 300_000_000 };

export const withdrawalReview: Migration = {
  async up(db: Kysely<unknown>) {
    // Existing withdrawals were paid without review: `auto`.
    await db.schema
      .alterTable('withdrawals')
      .addColumn('review', 'text', (col) =>
        col.notNull().defaultTo('auto').check(sql`review in ('auto', 'awaiting', 'approved', 'rejected')`),
      )
      .execute();
    await db.schema
      .alterTable('withdrawals')
      .addColumn('reviewed_by', 'bigint', (col) => col.references('operators.id'))
      .execute();
    await db.schema.alterTable('withdrawals').addColumn('reviewed_at', 'timestamptz').execute();
    // A withdrawal waiting for review is in progress; reviewed ones name their operator and time.
    await sql`
      alter table withdrawals add constraint withdrawals_reviewed_check check (
        (review <> 'awaiting' or status = 'IN_PROGRESS')
        and ((review in ('approved', 'rejected')) = (reviewed_by is not null and reviewed_at is not null))
      )
    `.execute(db);
    // The review queue: only the few waiting.
    await db.schema
      .createIndex('withdrawals_awaiting_idx')
      .on('withdrawals')
      .column('created_at')
      .where(sql.ref('review'), '=', 'awaiting')
      .execute();
    await sql`
      insert into site_settings (key, locale, value)
      values ('withdrawAutoApprove', '*', ${JSON.stringify(DEFAULT_AUTO_APPROVE)}::jsonb)
      on conflict do nothing
    `.execute(db);
  },
};
