import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Operators settle what the matchers could not (docs/backoffice.md, Bank transfers in suspense; Slips to
 * review): a bank transfer waiting in suspense is assigned to a member or refunded to its sender, once; a slip
 * refused with a verified amount (NOT_MATCH, EXPIRED_SLIP) is credited to its member or dismissed, once. Frozen
 * in time like every migration.
 */
export const suspenseSlipReview: Migration = {
  async up(db: Kysely<unknown>) {
    await addTransferSettlement(db);
    await addSlipReview(db);
  },
};

async function addTransferSettlement(db: Kysely<unknown>) {
  const table = () => db.schema.alterTable('bank_transfers');
  await table()
    .addColumn('settled_as', 'text', (col) => col.check(sql`settled_as in ('assign', 'refund')`))
    .execute();
  await table()
    .addColumn('settled_by', 'bigint', (col) => col.references('operators.id'))
    .execute();
  // Assigned: when it was assigned. Refunded: when the payout party reported the refund paid.
  await table().addColumn('settled_at', 'timestamptz').execute();
  await table()
    .addColumn('settled_member_id', 'bigint', (col) => col.references('members.id'))
    .execute();
  // The entry that took the money out of suspense: the member's deposit, or the refund on its way out.
  await table()
    .addColumn('settled_entry_id', 'bigint', (col) => col.unique().references('journal_entries.id'))
    .execute();
  await table()
    .addColumn('settle_note', 'text', (col) => col.check(sql`char_length(settle_note) <= 200`))
    .execute();
  await table()
    .addColumn('refund_status', 'text', (col) => col.check(sql`refund_status in ('pending', 'paid')`))
    .execute();
  // Each refund attempt has its own payout reference: the party applies a reference at most once, so a
  // transfer whose refund failed (and is open again) is refunded under a new one.
  await table()
    .addColumn('refund_attempts', 'integer', (col) => col.notNull().defaultTo(0).check(sql`refund_attempts >= 0`))
    .execute();
  await table()
    .addColumn('refund_reference', 'text', (col) => col.check(sql`char_length(refund_reference) between 1 and 64`))
    .execute();
  await table().addColumn('refund_next_check_at', 'timestamptz').execute();
  await sql`
    alter table bank_transfers add constraint bank_transfers_settled_check check (
      (settled_as is null) = (settled_by is null)
      and (settled_as is null) = (settled_entry_id is null)
      and (settled_as is null or status = 'unmatched')
      and (coalesce(settled_as, '') = 'assign') = (settled_member_id is not null)
      and (coalesce(settled_as, '') = 'refund') = (refund_status is not null and refund_reference is not null)
      and (settled_at is not null) = (coalesce(settled_as, '') = 'assign' or coalesce(refund_status, '') = 'paid')
      and (refund_next_check_at is null or refund_status = 'pending')
    )
  `.execute(db);
  // The refund settler's pass: only the few refunds in flight.
  await db.schema
    .createIndex('bank_transfers_refund_pending_idx')
    .on('bank_transfers')
    .column('refund_next_check_at')
    .where(sql.ref('refund_status'), '=', 'pending')
    .execute();
}

async function addSlipReview(db: Kysely<unknown>) {
  const table = () => db.schema.alterTable('slips');
  await table()
    .addColumn('review', 'text', (col) => col.check(sql`review in ('credited', 'dismissed')`))
    .execute();
  await table()
    .addColumn('reviewed_by', 'bigint', (col) => col.references('operators.id'))
    .execute();
  await table().addColumn('reviewed_at', 'timestamptz').execute();
  await table()
    .addColumn('review_note', 'text', (col) => col.check(sql`char_length(review_note) <= 200`))
    .execute();
  // Only a slip refused with a verified amount is reviewed; a credited one names its transfer and entry (the
  // slip stays FAILED with its reason: that was the upload's outcome).
  await sql`
    alter table slips add constraint slips_reviewed_check check (
      (review is null) = (reviewed_by is null)
      and (review is null) = (reviewed_at is null)
      and (review is null or (status = 'FAILED' and note in ('NOT_MATCH', 'EXPIRED_SLIP') and amount_minor is not null))
      and (coalesce(review, '') = 'credited') = (status = 'FAILED' and bank_transfer_id is not null and entry_id is not null)
    )
  `.execute(db);
  // The review queue: refused slips with a verified amount, newest first.
  await db.schema
    .createIndex('slips_review_idx')
    .on('slips')
    .column('id')
    .where(sql<boolean>`status = 'FAILED' and note in ('NOT_MATCH', 'EXPIRED_SLIP') and amount_minor is not null`)
    .execute();
}
