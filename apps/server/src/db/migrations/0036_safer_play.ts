import { type Kysely, type Migration, sql } from 'kysely';

const HELD_REASONS = ['deposit_limit', 'timed_out', 'self_excluded'];
const UNMATCHED_REASONS = ['no_member', 'several_members', 'member_inactive', 'currency_differs', ...HELD_REASONS];
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

function list(values: readonly string[]) {
  return sql.join(values.map((value) => sql.lit(value)));
}

/**
 * Issue 23, safer play (docs/safer-play.md): a member's own limits with their cooling-off, the reality check, the
 * time-out or self-exclusion in force, their history, the operators' watch list, the sessions a block limits and
 * the time a session was last seen, and the bank transfers and slips held in suspense because of a limit or a block.
 * Frozen in time like every migration.
 */
export const saferPlay: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('safer_play')
      .addColumn('member_id', 'bigint', (col) => col.primaryKey().references('members.id'))
      .addColumn('reality_check_minutes', 'integer', (col) => col.check(sql`reality_check_minutes in (30, 60, 120)`))
      .addColumn('block_kind', 'text', (col) => col.check(sql`block_kind in ('timeout', 'self_exclusion')`))
      .addColumn('block_started_at', 'timestamptz')
      // Null with a kind: permanent (self-exclusion only).
      .addColumn('block_ends_at', 'timestamptz')
      .addColumn('reopen_requested_at', 'timestamptz')
      .addColumn('reopens_at', 'timestamptz')
      .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
      .addCheckConstraint(
        'safer_play_block_check',
        sql`(block_kind is null) = (block_started_at is null)
          and (block_kind = 'self_exclusion' or block_ends_at is not null or block_kind is null)
          and (reopens_at is null or reopen_requested_at is not null)`,
      )
      .execute();
    await db.schema
      .createTable('safer_play_limits')
      .addColumn('member_id', 'bigint', (col) => col.notNull().references('members.id'))
      .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('deposit', 'loss')`))
      .addColumn('period', 'text', (col) => col.notNull().check(sql`period in ('day', 'week', 'month')`))
      .addColumn('amount_minor', 'bigint', (col) => col.check(sql`amount_minor > 0`))
      // A raise or removal waiting for its cooling-off: the amount it becomes (null: none) from `pending_from`.
      .addColumn('pending_amount_minor', 'bigint', (col) => col.check(sql`pending_amount_minor > 0`))
      .addColumn('pending_from', 'timestamptz')
      .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
      .addPrimaryKeyConstraint('safer_play_limits_pkey', ['member_id', 'kind', 'period'])
      .addCheckConstraint(
        'safer_play_limits_pending_check',
        sql`pending_from is not null or pending_amount_minor is null`,
      )
      .execute();
    await db.schema
      .createTable('safer_play_events')
      .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('member_id', 'bigint', (col) => col.notNull().references('members.id'))
      .addColumn('action', 'text', (col) => col.notNull().check(sql`char_length(action) between 1 and 60`))
      .addColumn('detail', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn('at', 'timestamptz', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('safer_play_events_member_idx')
      .on('safer_play_events')
      .columns(['member_id', 'id'])
      .execute();
    await db.schema
      .createTable('watch_list')
      .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('member_id', 'bigint', (col) => col.notNull().references('members.id'))
      .addColumn('rule', 'text', (col) => col.notNull().check(sql`char_length(rule) between 1 and 40`))
      .addColumn('detail', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn('raised_at', 'timestamptz', (col) => col.notNull())
      .addColumn('state', 'text', (col) => col.notNull().check(sql`state in ('open', 'closed')`))
      .addColumn('note', 'text', (col) => col.check(sql`char_length(note) <= 500`))
      .addColumn('closed_by', 'bigint', (col) => col.references('operators.id'))
      .addColumn('closed_at', 'timestamptz')
      .execute();
    // One open item per member and rule: a rule that fires again while its item is open adds nothing.
    await db.schema
      .createIndex('watch_list_open_key')
      .on('watch_list')
      .columns(['member_id', 'rule'])
      .unique()
      .where(sql.ref('state'), '=', 'open')
      .execute();
    // The watch rules read a month of deposits and a week of transfers of every member, by type and time.
    await db.schema
      .createIndex('journal_entries_type_created_idx')
      .on('journal_entries')
      .columns(['type', 'created_at'])
      .execute();
    await db.schema
      .alterTable('sessions')
      .addColumn('limited_by', 'text', (col) => col.check(sql`limited_by in ('TIMED_OUT', 'SELF_EXCLUDED')`))
      .execute();
    await db.schema.alterTable('sessions').addColumn('last_seen_at', 'timestamptz').execute();
    await db.schema.alterTable('bank_transfers').dropConstraint('bank_transfers_unmatched_reason_check').execute();
    await db.schema
      .alterTable('bank_transfers')
      .addCheckConstraint(
        'bank_transfers_unmatched_reason_check',
        sql`unmatched_reason in (${list(UNMATCHED_REASONS)})`,
      )
      .execute();
    // A QR payment or gift link held for the member's limit or block is a row of the suspense queue too.
    await db.schema.alterTable('bank_transfers').dropConstraint('bank_transfers_recorded_by_check').execute();
    await db.schema
      .alterTable('bank_transfers')
      .addCheckConstraint('bank_transfers_recorded_by_check', sql`recorded_by in ('feed', 'slip', 'qr', 'voucher')`)
      .execute();
    // A slip whose money was held for the member's limit or block.
    await db.schema.alterTable('slips').dropConstraint('slips_note_check').execute();
    await db.schema
      .alterTable('slips')
      .addCheckConstraint('slips_note_check', sql`note in (${list([...SLIP_REASONS, 'DEPOSIT_HELD'])})`)
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('bank_transfers').dropConstraint('bank_transfers_recorded_by_check').execute();
    await db.schema
      .alterTable('bank_transfers')
      .addCheckConstraint('bank_transfers_recorded_by_check', sql`recorded_by in ('feed', 'slip')`)
      .execute();
    await db.schema.alterTable('slips').dropConstraint('slips_note_check').execute();
    await db.schema
      .alterTable('slips')
      .addCheckConstraint('slips_note_check', sql`note in (${list(SLIP_REASONS)})`)
      .execute();
    await db.schema.alterTable('bank_transfers').dropConstraint('bank_transfers_unmatched_reason_check').execute();
    await db.schema
      .alterTable('bank_transfers')
      .addCheckConstraint(
        'bank_transfers_unmatched_reason_check',
        sql`unmatched_reason in (${list(UNMATCHED_REASONS.filter((reason) => !HELD_REASONS.includes(reason)))})`,
      )
      .execute();
    await db.schema.alterTable('sessions').dropColumn('last_seen_at').dropColumn('limited_by').execute();
    await db.schema.dropIndex('journal_entries_type_created_idx').execute();
    for (const table of ['watch_list', 'safer_play_events', 'safer_play_limits', 'safer_play']) {
      await db.schema.dropTable(table).execute();
    }
  },
};
