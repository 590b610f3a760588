import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Bank transfers read from the operator's bank feed and matched to members (docs/deposits.md, bank feed): the
 * record of every transfer received (once per operator account and reference), the feed's durable cursor, and
 * the sandbox feed's own records. Frozen in time like every migration.
 */

const BANK_TRANSFER_STATUSES = ['matched', 'unmatched'];
const UNMATCHED_REASONS = ['no_member', 'several_members', 'member_inactive', 'currency_differs'];

function list(values: string[]) {
  return sql.raw(values.map((value) => `'${value}'`).join(', '));
}

export const bankFeed: Migration = {
  async up(db: Kysely<unknown>) {
    await createBankTransfers(db);
    await db.schema
      .createTable('bank_feed_cursors')
      .addColumn('feed', 'text', (col) => col.primaryKey().check(sql`char_length(feed) between 1 and 500`))
      .addColumn('cursor', 'text', (col) => col.notNull().check(sql`char_length(cursor) <= 500`))
      .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
      .execute();
    await createSandboxBankTransfers(db);
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('sandbox_bank_transfers').execute();
    await db.schema.dropTable('bank_feed_cursors').execute();
    await db.schema.dropTable('bank_transfers').execute();
  },
};

async function createBankTransfers(db: Kysely<unknown>) {
  await db.schema
    .createTable('bank_transfers')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('reference', 'text', (col) => col.notNull().check(sql`char_length(reference) between 1 and 100`))
    .addColumn('operator_account_no', 'text', (col) =>
      col.notNull().check(sql`char_length(operator_account_no) between 1 and 40`),
    )
    .addColumn('sender_bank_code', 'text', (col) =>
      col.notNull().check(sql`char_length(sender_bank_code) between 1 and 20`),
    )
    .addColumn('sender_account_no', 'text', (col) =>
      col.notNull().check(sql`char_length(sender_account_no) between 1 and 40`),
    )
    .addColumn('amount_minor', 'bigint', (col) => col.notNull().check(sql`amount_minor > 0`))
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('transferred_at', 'timestamptz', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in (${list(BANK_TRANSFER_STATUSES)})`))
    .addColumn('unmatched_reason', 'text', (col) => col.check(sql`unmatched_reason in (${list(UNMATCHED_REASONS)})`))
    .addColumn('member_id', 'bigint', (col) => col.references('members.id'))
    // The entry that credited the member, or put the money in suspense. Set in the transaction that inserts
    // the row (the row is inserted first: it is what makes a second delivery of the reference do nothing).
    .addColumn('entry_id', 'bigint', (col) => col.unique().references('journal_entries.id'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // A reference is unique per operator account (a bank numbers its own account's statement lines).
    .addUniqueConstraint('bank_transfers_reference_key', ['operator_account_no', 'reference'])
    .addCheckConstraint(
      'bank_transfers_match_check',
      sql`(status = 'matched') = (member_id is not null and unmatched_reason is null)`,
    )
    .execute();
  // The operator's queue (issue 7): only the transfers still waiting in suspense.
  await db.schema
    .createIndex('bank_transfers_unmatched_idx')
    .on('bank_transfers')
    .column('created_at')
    .where(sql.ref('status'), '=', 'unmatched')
    .execute();
  await db.schema.createIndex('bank_transfers_member_idx').on('bank_transfers').column('member_id').execute();
}

async function createSandboxBankTransfers(db: Kysely<unknown>) {
  // No unique reference: injecting a reference again is how the sandbox re-delivers a transfer, as real feeds do.
  await db.schema
    .createTable('sandbox_bank_transfers')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('reference', 'text', (col) => col.notNull())
    .addColumn('operator_account_no', 'text', (col) => col.notNull())
    .addColumn('sender_bank_code', 'text', (col) => col.notNull())
    .addColumn('sender_account_no', 'text', (col) => col.notNull())
    .addColumn('amount_minor', 'bigint', (col) => col.notNull().check(sql`amount_minor > 0`))
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('transferred_at', 'timestamptz', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .execute();
}
