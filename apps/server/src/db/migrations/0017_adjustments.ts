import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Manual adjustments (docs/backoffice.md, Manual adjustments): an operator credits or debits a member's wallet
 * with a reason, as a ledger entry against the system account `manual_adjustment`; above a configurable amount
 * a second operator approves it first. Frozen in time like every migration: the lists below are copies.
 */

const ADJUSTMENT_STATUSES = ['awaiting', 'applied', 'rejected'];
/** The kinds of 0005_withdrawals plus `manual_adjustment`. */
const ACCOUNT_KINDS = [
  'member_wallet',
  'member_provider_position',
  'provider_float',
  'deposit_clearing',
  'withdrawal_payable',
  'payout_clearing',
  'bonus_expense',
  'refund_expense',
  'invite_expense',
  'spin_prizes',
  'suspense',
  'manual_adjustment',
];

/**
 * Adjustments up to this amount (absolute, minor units, per currency) apply at once: 1,000 baht; 300,000 kip.
 * Operators change it in `site_settings`; 0 makes every adjustment wait for a second operator.
 */
const DEFAULT_APPROVAL_ABOVE = { BAHT: 100_000, LAK: 30_000_000 };

function list(values: string[]) {
  return sql.raw(values.map((value) => `'${value}'`).join(', '));
}

export const adjustments: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      alter table ledger_accounts
        drop constraint ledger_accounts_kind_check,
        add constraint ledger_accounts_kind_check check (kind in (${list(ACCOUNT_KINDS)}))`.execute(db);
    await db.schema
      .createTable('adjustments')
      .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('public_id', 'text', (col) =>
        col.notNull().unique().check(sql`char_length(public_id) between 1 and 64`),
      )
      // The requesting client's id for this adjustment: a retry with it finds the first and moves nothing twice.
      .addColumn('request_id', 'text', (col) => col.notNull().check(sql`char_length(request_id) between 8 and 64`))
      .addColumn('member_id', 'bigint', (col) => col.notNull().references('members.id'))
      .addColumn('currency', 'text', (col) => col.notNull())
      // Signed, from the wallet's side: a credit is positive, a debit negative.
      .addColumn('amount_minor', 'bigint', (col) => col.notNull().check(sql`amount_minor <> 0`))
      .addColumn('reason', 'text', (col) => col.notNull().check(sql`char_length(reason) between 3 and 200`))
      .addColumn('status', 'text', (col) => col.notNull().check(sql`status in (${list(ADJUSTMENT_STATUSES)})`))
      .addColumn('requested_by', 'bigint', (col) => col.notNull().references('operators.id'))
      .addColumn('requested_at', 'timestamptz', (col) => col.notNull())
      .addColumn('reviewed_by', 'bigint', (col) => col.references('operators.id'))
      .addColumn('reviewed_at', 'timestamptz')
      .addColumn('review_reason', 'text', (col) => col.check(sql`char_length(review_reason) between 3 and 200`))
      .addColumn('entry_id', 'bigint', (col) => col.unique().references('journal_entries.id'))
      .addUniqueConstraint('adjustments_request_unique', ['requested_by', 'request_id'])
      // Nobody approves their own request.
      .addCheckConstraint('adjustments_four_eyes_check', sql`reviewed_by <> requested_by`)
      .addCheckConstraint('adjustments_reviewed_check', sql`(reviewed_by is null) = (reviewed_at is null)`)
      // awaiting: nothing decided, no money moved; applied: its entry (a reviewer when it needed one);
      // rejected: a reviewer and a reason, no money moved.
      .addCheckConstraint(
        'adjustments_state_check',
        sql`(status = 'awaiting' and reviewed_by is null and entry_id is null and review_reason is null)
          or (status = 'applied' and entry_id is not null and review_reason is null)
          or (status = 'rejected' and reviewed_by is not null and entry_id is null and review_reason is not null)`,
      )
      .execute();
    await db.schema.createIndex('adjustments_member_idx').on('adjustments').column('member_id').execute();
    // The approval queue: only the few waiting.
    await db.schema
      .createIndex('adjustments_awaiting_idx')
      .on('adjustments')
      .column('id')
      .where(sql.ref('status'), '=', 'awaiting')
      .execute();
    await sql`
      insert into site_settings (key, locale, value)
      values ('adjustmentApproval', '*', ${JSON.stringify(DEFAULT_APPROVAL_ABOVE)}::jsonb)
      on conflict do nothing
    `.execute(db);
  },
};
