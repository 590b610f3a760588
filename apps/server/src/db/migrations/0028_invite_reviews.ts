import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Self-referral holds (docs/promotions.md, Invite a friend: "Links held for review"). What the screening compares
 * is recorded from now on: the address a member registered from (`members.registration_ip`; null for members
 * registered before), and for each sign-in the nonce of the device cookie it set (`sessions.device_nonce`) and
 * the member whose cookie the device carried when that was another member (`sessions.device_member_id`).
 * `invite_reviews` holds one row per invitee whose link matched its inviter: held, then released or rejected by an
 * operator. An accrual is `open` (collectable until collected), `held` (recorded, not collectable) or `forfeited`
 * (never paid). Accruals made before this migration are open. Frozen in time like every migration.
 */
export const inviteReviews: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('members').addColumn('registration_ip', 'text').execute();
    await db.schema
      .alterTable('sessions')
      .addColumn('device_nonce', 'text')
      .addColumn('device_member_id', 'bigint', (col) => col.references('members.id'))
      .execute();
    await db.schema.createIndex('sessions_device_nonce_key').unique().on('sessions').column('device_nonce').execute();

    await db.schema
      .createTable('invite_reviews')
      .addColumn('invitee_id', 'bigint', (col) => col.primaryKey().references('members.id'))
      .addColumn('inviter_id', 'bigint', (col) => col.notNull().references('members.id'))
      // Every kind of match found so far; a kind found after a release holds the link again.
      .addColumn('reasons', sql`text[]`, (col) =>
        col
          .notNull()
          .check(
            sql`cardinality(reasons) > 0 and reasons <@ array['bank_name', 'bank_account', 'device', 'ip']::text[]`,
          ),
      )
      .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('held', 'released', 'rejected')`))
      .addColumn('held_at', 'timestamptz', (col) => col.notNull())
      .addColumn('decided_by', 'bigint', (col) => col.references('operators.id'))
      .addColumn('decided_at', 'timestamptz')
      .addColumn('note', 'text', (col) => col.check(sql`char_length(note) <= 200`))
      // A held link waits for an operator; a released or rejected one names who decided and when.
      .addCheckConstraint(
        'invite_reviews_decided_check',
        sql`(status = 'held') = (decided_by is null and decided_at is null)`,
      )
      .addCheckConstraint('invite_reviews_reject_note_check', sql`status <> 'rejected' or note is not null`)
      .execute();
    await db.schema.createIndex('invite_reviews_inviter_idx').on('invite_reviews').column('inviter_id').execute();
    await db.schema
      .createIndex('invite_reviews_status_idx')
      .on('invite_reviews')
      .columns(['status', 'held_at'])
      .execute();

    await db.schema
      .alterTable('invite_accruals')
      .addColumn('state', 'text', (col) =>
        col.notNull().defaultTo('open').check(sql`state in ('open', 'held', 'forfeited')`),
      )
      .execute();
    // Only an open accrual is ever collected.
    await sql`alter table invite_accruals add constraint invite_accruals_collected_open_check
      check (collection_id is null or state = 'open')`.execute(db);
  },

  async down(db: Kysely<unknown>) {
    await sql`alter table invite_accruals drop constraint invite_accruals_collected_open_check`.execute(db);
    await db.schema.alterTable('invite_accruals').dropColumn('state').execute();
    await db.schema.dropTable('invite_reviews').execute();
    await db.schema.dropIndex('sessions_device_nonce_key').execute();
    await db.schema.alterTable('sessions').dropColumn('device_nonce').dropColumn('device_member_id').execute();
    await db.schema.alterTable('members').dropColumn('registration_ip').execute();
  },
};
