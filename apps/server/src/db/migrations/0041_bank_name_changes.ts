import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Issue 39, finding 10 (docs/accounts.md, Changing the bank account name): a member's bank account name changes at
 * once only when it is the same name spelt differently; any other name is a request in `bank_name_changes`, pending
 * until an operator approves it (the member's name becomes `name_to` in the same transaction) or rejects it (the
 * name stays). A member has at most one pending request (`bank_name_changes_pending_key`). A decided request names
 * its operator and time, a rejected one its reason. Frozen in time like every migration.
 */
export const bankNameChanges: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('bank_name_changes')
      .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('member_id', 'bigint', (col) => col.notNull().references('members.id'))
      .addColumn('bank_code', 'text', (col) => col.notNull())
      .addColumn('name_from', 'text', (col) => col.notNull())
      .addColumn('name_to', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) =>
        col.notNull().defaultTo('pending').check(sql`status in ('pending', 'approved', 'rejected')`),
      )
      .addColumn('requested_at', 'timestamptz', (col) => col.notNull())
      .addColumn('decided_by', 'bigint', (col) => col.references('operators.id'))
      .addColumn('decided_at', 'timestamptz')
      .addColumn('reason', 'text', (col) => col.check(sql`char_length(reason) <= 200`))
      .addCheckConstraint(
        'bank_name_changes_decided_check',
        sql`(status = 'pending') = (decided_by is null and decided_at is null)`,
      )
      .addCheckConstraint('bank_name_changes_reject_reason_check', sql`status <> 'rejected' or reason is not null`)
      .execute();
    await sql`create unique index bank_name_changes_pending_key on bank_name_changes (member_id)
      where status = 'pending'`.execute(db);
    await db.schema
      .createIndex('bank_name_changes_status_idx')
      .on('bank_name_changes')
      .columns(['status', 'id'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('bank_name_changes').execute();
  },
};
