import type { Kysely, Migration } from 'kysely';

/**
 * Issue 20, masked accounts. Frozen in time like every migration.
 *
 * Banks show the sender of a transfer masked (`xxx-x-x0209-x`), so a transfer in suspense cannot be paid back to
 * what the feed recorded. The operator gives the sender's whole account, which must fit the masked one
 * (docs/backoffice/deposits.md, Refund). It is kept on the transfer so that every attempt of the refund, the
 * settler's retries included, pays the same account.
 */
export const refundAccount: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('bank_transfers').addColumn('refund_account_no', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('bank_transfers').dropColumn('refund_account_no').execute();
  },
};
