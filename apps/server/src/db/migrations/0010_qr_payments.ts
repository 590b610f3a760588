import { type Kysely, type Migration, sql } from 'kysely';

/**
 * QR payments (docs/deposits.md, QR payments): one row per QR a member asked for, the de-duplication of the
 * gateways' webhook notifications, and the sandbox gateways' own records. Frozen in time like every migration:
 * the lists below are copies, not imports. The ledger needs no new account kind: a QR payment is a `deposit`
 * from `deposit_clearing`, as every deposit.
 */

const QR_GATEWAYS = ['KBANK', 'BCEL', 'WW', 'FP', 'PAYONEX'];
/** creating: the gateway was asked; failed: it refused or did not answer (never shown to the member). */
const QR_STATUSES = ['creating', 'live', 'paid', 'cancelled', 'expired', 'failed'];
const SANDBOX_QR_STATUSES = ['live', 'paid', 'cancelled'];

function list(values: string[]) {
  return sql.raw(values.map((value) => `'${value}'`).join(', '));
}

export const qrPayments: Migration = {
  async up(db: Kysely<unknown>) {
    await createQrCodes(db);
    await db.schema
      .createTable('payment_webhook_events')
      .addColumn('gateway', 'text', (col) => col.notNull())
      .addColumn('event_id', 'text', (col) => col.notNull().check(sql`char_length(event_id) between 1 and 100`))
      .addColumn('received_at', 'timestamptz', (col) => col.notNull())
      .addPrimaryKeyConstraint('payment_webhook_events_pkey', ['gateway', 'event_id'])
      .execute();
    await db.schema
      .createIndex('payment_webhook_events_received_idx')
      .on('payment_webhook_events')
      .column('received_at')
      .execute();
    await createSandboxQrCodes(db);
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('sandbox_payment_qrcodes').execute();
    await db.schema.dropTable('payment_webhook_events').execute();
    await db.schema.dropTable('qr_codes').execute();
  },
};

async function createQrCodes(db: Kysely<unknown>) {
  await db.schema
    .createTable('qr_codes')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    // Our id of the QR (random, unguessable): the API's qrcodeId and the gateway's idempotency key.
    .addColumn('qrcode_id', 'text', (col) =>
      col.notNull().unique().check(sql`char_length(qrcode_id) between 16 and 64`),
    )
    .addColumn('member_id', 'bigint', (col) => col.notNull().references('members.id'))
    .addColumn('gateway', 'text', (col) => col.notNull().check(sql`gateway in (${list(QR_GATEWAYS)})`))
    .addColumn('channel_id', 'bigint', (col) => col.notNull().references('deposit_channels.id'))
    .addColumn('amount_minor', 'bigint', (col) => col.notNull().check(sql`amount_minor > 0`))
    .addColumn('currency', 'text', (col) => col.notNull())
    // The EMVCo payload the gateway made (what the QR image encodes), and the gateway's own reference.
    .addColumn('payload', 'text', (col) => col.check(sql`char_length(payload) <= 512`))
    .addColumn('gateway_reference', 'text', (col) => col.check(sql`char_length(gateway_reference) <= 100`))
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in (${list(QR_STATUSES)})`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('paid_amount_minor', 'bigint', (col) => col.check(sql`paid_amount_minor > 0`))
    .addColumn('entry_id', 'bigint', (col) => col.unique().references('journal_entries.id'))
    .addColumn('paid_at', 'timestamptz')
    // The settler asks the gateway about the QR when this time has come (null: no more).
    .addColumn('next_check_at', 'timestamptz')
    .addColumn('check_attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .addCheckConstraint(
      'qr_codes_paid_check',
      sql`(status = 'paid') = (entry_id is not null and paid_amount_minor is not null and paid_at is not null)`,
    )
    .addCheckConstraint('qr_codes_live_check', sql`status <> 'live' or (payload is not null)`)
    .execute();
  // One live QR per member (creating one cancels the others, at every gateway).
  await db.schema
    .createIndex('qr_codes_member_live_key')
    .on('qr_codes')
    .column('member_id')
    .unique()
    .where(sql.ref('status'), '=', 'live')
    .execute();
  await db.schema
    .createIndex('qr_codes_member_created_idx')
    .on('qr_codes')
    .columns(['member_id', 'created_at'])
    .execute();
  // The settler's queue: QRs not paid whose check is due.
  await db.schema
    .createIndex('qr_codes_check_idx')
    .on('qr_codes')
    .column('next_check_at')
    .where(sql<boolean>`status <> 'paid' and next_check_at is not null`)
    .execute();
  await db.schema
    .createIndex('qr_codes_live_expiry_idx')
    .on('qr_codes')
    .column('expires_at')
    .where(sql.ref('status'), '=', 'live')
    .execute();
}

async function createSandboxQrCodes(db: Kysely<unknown>) {
  await db.schema
    .createTable('sandbox_payment_qrcodes')
    .addColumn('gateway', 'text', (col) => col.notNull())
    // The merchant's id of the QR (our qrcodeId): the sandbox's idempotency key.
    .addColumn('qrcode_id', 'text', (col) => col.notNull())
    .addColumn('gateway_reference', 'text', (col) => col.notNull().unique())
    .addColumn('amount_minor', 'bigint', (col) => col.notNull().check(sql`amount_minor > 0`))
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in (${list(SANDBOX_QR_STATUSES)})`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('callback_url', 'text')
    .addColumn('paid_amount_minor', 'bigint')
    .addColumn('paid_at', 'timestamptz')
    .addColumn('payment_event_id', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('sandbox_payment_qrcodes_pkey', ['gateway', 'qrcode_id'])
    .execute();
}
