import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Issue 39, finding 1 (docs/backoffice/four-eyes.md): no operator power without a second person.
 * - `pending_changes`: a money-bounding setting raised, or a money-approving role granted, waits here for a second
 *   admin; the proposer can never be its decider (`pending_changes_four_eyes_check`), and one target has at most
 *   one change pending (`pending_changes_pending_key`). A change that only tightens is recorded as applied at once,
 *   with no decider.
 * - `operator_sponsors`: who made (`created`), issued an enrolment link for (`link`) or re-roled (`role`) each
 *   operator; the two never approve each other's requests. The links issued before this migration are copied in.
 * - an index for an operator's credits applied alone in a day (the daily alone-credit ceiling).
 * Frozen in time like every migration.
 */
export const pendingChanges: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('pending_changes')
      .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('kind', 'text', (col) =>
        col.notNull().check(sql`kind in ('settings.adjustment', 'settings.withdraw', 'operator.role')`),
      )
      .addColumn('target', 'text', (col) => col.notNull().check(sql`char_length(target) <= 80`))
      .addColumn('before', 'jsonb', (col) => col.notNull())
      .addColumn('after', 'jsonb', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('pending', 'applied', 'rejected')`))
      .addColumn('proposed_by', 'bigint', (col) => col.notNull().references('operators.id'))
      .addColumn('proposed_at', 'timestamptz', (col) => col.notNull())
      .addColumn('decided_by', 'bigint', (col) => col.references('operators.id'))
      .addColumn('decided_at', 'timestamptz')
      .addColumn('reject_reason', 'text', (col) => col.check(sql`char_length(reject_reason) <= 200`))
      .addCheckConstraint('pending_changes_four_eyes_check', sql`decided_by is null or decided_by <> proposed_by`)
      .addCheckConstraint('pending_changes_decided_check', sql`(status = 'pending') = (decided_at is null)`)
      .addCheckConstraint(
        'pending_changes_reject_check',
        sql`(status = 'rejected') = (reject_reason is not null) and (status <> 'rejected' or decided_by is not null)`,
      )
      .execute();
    await sql`create unique index pending_changes_pending_key on pending_changes (target)
      where status = 'pending'`.execute(db);
    await db.schema.createIndex('pending_changes_status_idx').on('pending_changes').columns(['status', 'id']).execute();

    await db.schema
      .createTable('operator_sponsors')
      .addColumn('operator_id', 'bigint', (col) => col.notNull().references('operators.id'))
      .addColumn('sponsor_id', 'bigint', (col) => col.notNull().references('operators.id'))
      .addColumn('reason', 'text', (col) => col.notNull().check(sql`reason in ('created', 'link', 'role')`))
      .addColumn('at', 'timestamptz', (col) => col.notNull())
      .addPrimaryKeyConstraint('operator_sponsors_pkey', ['operator_id', 'sponsor_id', 'reason'])
      .execute();
    await db.schema.createIndex('operator_sponsors_sponsor_idx').on('operator_sponsors').column('sponsor_id').execute();
    await sql`insert into operator_sponsors (operator_id, sponsor_id, reason, at)
      select operator_id, created_by, 'link', min(created_at) from operator_enrolments
      where created_by is not null and created_by <> operator_id
      group by operator_id, created_by`.execute(db);

    await sql`create index adjustments_alone_idx on adjustments (requested_by, requested_at)
      where status = 'applied' and reviewed_by is null`.execute(db);
  },

  async down(db: Kysely<unknown>) {
    await sql`drop index adjustments_alone_idx`.execute(db);
    await db.schema.dropTable('operator_sponsors').execute();
    await db.schema.dropTable('pending_changes').execute();
  },
};
