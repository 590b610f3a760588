import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Issue 39, finding 7: a vendor's unsigned payment notification (KBank's) asks the vendor about a QR at most once
 * per QR in a short window, and only about a QR of ours that is not paid (docs/deposits/qr.md). `notice_inquiry_at`
 * is when a notification last made us ask; a conditional update of it is the claim every server node shares
 * through the database. The notification names the QR by the gateway's reference (KBank's partnerTxnUid), which
 * the partial index finds. Frozen in time like every migration.
 */
export const qrNoticeInquiry: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('qr_codes').addColumn('notice_inquiry_at', 'timestamptz').execute();
    await sql`
      create index qr_codes_gateway_reference on qr_codes (gateway, gateway_reference)
      where gateway_reference is not null
    `.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop index if exists qr_codes_gateway_reference`.execute(db);
    await db.schema.alterTable('qr_codes').dropColumn('notice_inquiry_at').execute();
  },
};
