import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Bank-transfer slips (docs/deposits.md, Slips): every upload is a row with its outcome, the stored picture
 * (random name, content type, size, SHA-256), what was read from its mini-QR and what the verifier said. A
 * credited slip points at the `bank_transfers` row it recorded: a slip and the bank feed are two views of one
 * transfer, recorded once per (operator account, reference). `bank_transfers.recorded_by` tells which view
 * got there first. Frozen in time like every migration.
 */

const SLIP_STATUSES = ['IN_PROGRESS', 'SUCCESS', 'FAILED'];
const SLIP_REASONS = [
  'FILE_MISSING',
  'IMAGE_SIZE_UNPROCESSABLE',
  'CROPPED_IMAGE_UNREADABLE',
  'DEST_ACC_INVALID',
  'SLIP_REFNO_DUPLICATED',
  'UNSTABLE_REFNO_ON_SLIP',
  'TRIPPLE_WRONG_CAPTCHA',
  'INVALID_SLIP',
  'NOT_MATCH',
  'EXPIRED_SLIP',
  'UNKNOW_ERROR',
];

function list(values: string[]) {
  return sql.raw(values.map((value) => `'${value}'`).join(', '));
}

export const slips: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('bank_transfers')
      .addColumn('recorded_by', 'text', (col) =>
        col.notNull().defaultTo('feed').check(sql`recorded_by in ('feed', 'slip')`),
      )
      .execute();
    await db.schema
      .createTable('slips')
      .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
      // Our id of the slip in the API and in image URLs: random, so ids cannot be walked.
      .addColumn('public_id', 'text', (col) => col.notNull().unique().check(sql`char_length(public_id) = 32`))
      .addColumn('member_id', 'bigint', (col) => col.notNull().references('members.id'))
      // Null when the picture could not be stored (FILE_MISSING).
      .addColumn('file_name', 'text', (col) => col.check(sql`file_name ~ '^[0-9a-f]{32}\\.(png|jpg)$'`))
      .addColumn('content_type', 'text', (col) => col.notNull().check(sql`content_type in ('image/png', 'image/jpeg')`))
      .addColumn('size_bytes', 'integer', (col) => col.notNull().check(sql`size_bytes > 0`))
      .addColumn('sha256', 'text', (col) => col.notNull().check(sql`sha256 ~ '^[0-9a-f]{64}$'`))
      .addColumn('width', 'integer', (col) => col.notNull().check(sql`width > 0`))
      .addColumn('height', 'integer', (col) => col.notNull().check(sql`height > 0`))
      // What the mini-QR said: the sending bank's Bank of Thailand code and the transfer reference.
      .addColumn('sending_bank', 'text', (col) => col.check(sql`char_length(sending_bank) between 1 and 10`))
      .addColumn('reference', 'text', (col) => col.check(sql`char_length(reference) between 1 and 100`))
      .addColumn('amount_minor', 'bigint', (col) => col.check(sql`amount_minor > 0`))
      .addColumn('currency', 'text')
      .addColumn('status', 'text', (col) => col.notNull().check(sql`status in (${list(SLIP_STATUSES)})`))
      .addColumn('note', 'text', (col) => col.check(sql`note in (${list(SLIP_REASONS)})`))
      .addColumn('bank_transfer_id', 'bigint', (col) => col.unique().references('bank_transfers.id'))
      .addColumn('entry_id', 'bigint', (col) => col.unique().references('journal_entries.id'))
      .addColumn('created_at', 'timestamptz', (col) => col.notNull())
      .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
      .addCheckConstraint(
        'slips_outcome_check',
        sql`(status = 'SUCCESS') = (note is null and bank_transfer_id is not null and entry_id is not null)
            and (status <> 'FAILED' or note is not null)`,
      )
      .execute();
    // The slip list (newest first) and the reference look-up, both of one member.
    await db.schema.createIndex('slips_member_idx').on('slips').columns(['member_id', 'id']).execute();
    await db.schema.createIndex('slips_member_reference_idx').on('slips').columns(['member_id', 'reference']).execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('slips').execute();
    await db.schema.alterTable('bank_transfers').dropColumn('recorded_by').execute();
  },
};
