import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Withdrawals to members' registered bank accounts (docs/withdrawals.md): the durable record of each one, the
 * ledger account that receives what the payout party has paid out, the de-duplication of the party's webhook
 * notifications, the default withdrawal limits, and the sandbox payout party's own records. Frozen in time
 * like every migration: the lists below are copies, not imports.
 */

const WITHDRAWAL_STATUSES = ['IN_PROGRESS', 'SUCCESS', 'FAILED'];
const SANDBOX_PAYOUT_STATUSES = ['pending', 'paid', 'failed'];
/** The kinds of 0003_ledger plus `payout_clearing`. */
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
];
const ACCOUNT_KINDS_OF_0003 = ACCOUNT_KINDS.filter((kind) => kind !== 'payout_clearing');

/**
 * Limits in minor units per currency (100 to 50,000 baht; 50,000 to 30,000,000 kip, about the same value).
 * Operators change them in `site_settings`; this is only the first value.
 */
const DEFAULT_WITHDRAW_LIMITS = {
  BAHT: { min: 10_000, max: 5_000_000 },
  LAK: { min: 5_000_000, max: 3_000_000_000 },
};

function list(values: string[]) {
  return sql.raw(values.map((value) => `'${value}'`).join(', '));
}

export const withdrawals: Migration = {
  async up(db: Kysely<unknown>) {
    await setAccountKinds(db, ACCOUNT_KINDS);
    await createWithdrawals(db);
    await createWebhookEvents(db);
    await createSandboxPayouts(db);
    await sql`
      insert into site_settings (key, locale, value)
      values ('withdrawLimits', '*', ${JSON.stringify(DEFAULT_WITHDRAW_LIMITS)}::jsonb)
      on conflict do nothing`.execute(db);
  },

  async down(db: Kysely<unknown>) {
    await sql`delete from site_settings where key = 'withdrawLimits'`.execute(db);
    await db.schema.dropTable('sandbox_payouts').execute();
    await db.schema.dropTable('payout_webhook_events').execute();
    await db.schema.dropTable('withdrawals').execute();
    await setAccountKinds(db, ACCOUNT_KINDS_OF_0003);
  },
};

/** Replaces the CHECK of `ledger_accounts.kind` (named by PostgreSQL after the column) with the given list. */
async function setAccountKinds(db: Kysely<unknown>, kinds: string[]) {
  await sql`
    alter table ledger_accounts
      drop constraint ledger_accounts_kind_check,
      add constraint ledger_accounts_kind_check check (kind in (${list(kinds)}))`.execute(db);
}

async function createWithdrawals(db: Kysely<unknown>) {
  await db.schema
    .createTable('withdrawals')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    // The id the member, the API and the payout party see (the party's idempotency reference).
    .addColumn('public_id', 'text', (col) => col.notNull().unique().check(sql`char_length(public_id) between 1 and 64`))
    .addColumn('member_id', 'bigint', (col) => col.notNull().references('members.id'))
    .addColumn('amount_minor', 'bigint', (col) => col.notNull().check(sql`amount_minor > 0`))
    .addColumn('currency', 'text', (col) => col.notNull())
    // The registered bank account as it was when the member asked: a later change by an operator does not
    // redirect money already on its way.
    .addColumn('bank_code', 'text', (col) => col.notNull())
    .addColumn('bank_account_no', 'text', (col) => col.notNull())
    .addColumn('bank_account_name', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in (${list(WITHDRAWAL_STATUSES)})`))
    .addColumn('failure_reason', 'text', (col) => col.check(sql`char_length(failure_reason) <= 200`))
    .addColumn('payout_reference', 'text', (col) => col.check(sql`char_length(payout_reference) <= 100`))
    // The member's entry (wallet -> withdrawal payable), and the entry that settled or compensated it.
    .addColumn('entry_id', 'bigint', (col) => col.notNull().unique().references('journal_entries.id'))
    .addColumn('settle_entry_id', 'bigint', (col) => col.references('journal_entries.id'))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_check_at', 'timestamptz', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('settled_at', 'timestamptz')
    .addCheckConstraint(
      'withdrawals_settled_check',
      sql`(status = 'IN_PROGRESS') = (settled_at is null and settle_entry_id is null)`,
    )
    .execute();
  await db.schema
    .createIndex('withdrawals_member_created_idx')
    .on('withdrawals')
    .columns(['member_id', 'created_at'])
    .execute();
  // The settler's queue: only the few withdrawals still waiting for the payout party.
  await db.schema
    .createIndex('withdrawals_in_progress_idx')
    .on('withdrawals')
    .column('next_check_at')
    .where(sql.ref('status'), '=', 'IN_PROGRESS')
    .execute();
}

async function createWebhookEvents(db: Kysely<unknown>) {
  await db.schema
    .createTable('payout_webhook_events')
    .addColumn('event_id', 'text', (col) => col.primaryKey().check(sql`char_length(event_id) between 1 and 100`))
    .addColumn('received_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('payout_webhook_events_received_idx')
    .on('payout_webhook_events')
    .column('received_at')
    .execute();
}

async function createSandboxPayouts(db: Kysely<unknown>) {
  await db.schema
    .createTable('sandbox_payouts')
    .addColumn('reference', 'text', (col) => col.primaryKey())
    .addColumn('payout_id', 'text', (col) => col.notNull().unique())
    .addColumn('amount_minor', 'bigint', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('bank_code', 'text', (col) => col.notNull())
    .addColumn('account_no', 'text', (col) => col.notNull())
    .addColumn('account_name', 'text', (col) => col.notNull())
    .addColumn('callback_url', 'text')
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in (${list(SANDBOX_PAYOUT_STATUSES)})`))
    // Decided when the payout is accepted, applied once `settle_at` has passed.
    .addColumn('outcome', 'text', (col) => col.notNull().check(sql`outcome in ('paid', 'failed')`))
    .addColumn('failure_reason', 'text')
    .addColumn('settle_at', 'timestamptz', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .execute();
}
