import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Issue 39, finding 2 (docs/accounts.md, One person behind the accounts): the person behind a member's accounts.
 *
 * - `members.holder_name_key`: the bank account name as two accounts are compared by, a leading Thai, Lao or
 *   English title left out (stored names are already upper-cased, trimmed and folded): a column the database
 *   computes from the name, by the title list of this day (frozen in time), so every insert and change keeps it.
 * - `members.person_id`: the first account of the person the member is linked to (null: a person of their own).
 * - `person_matches`: every pair of accounts found alike, with the signals seen: `open` waits for an operator
 *   ("possible same person"), `linked` is one person (by the server or an operator), `dismissed` is two people.
 *   One row per pair, `member_id` the newer account.
 * - an index on the holder name without title, for equal names and names of one first word (a prefix), and one on
 *   the account number without leading zeros at any bank (the number at another bank).
 */
const SCRIPT_TITLES = [
  'เด็กหญิง',
  'เด็กชาย',
  'นางสาว',
  'น.ส.',
  'ด.ญ.',
  'ด.ช.',
  'นาง',
  'นาย',
  'คุณ',
  'ນາງສາວ',
  'ທ່ານນາງ',
  'ທ້າວ',
  'ທ່ານ',
  'ນາງ',
  'ທ.',
  'ນ.',
];

export const people: Migration = {
  async up(db: Kysely<unknown>) {
    const stripped = sql.join(
      SCRIPT_TITLES.map(
        (title) => sql`when starts_with(bank_account_name, ${sql.lit(title)})
          then btrim(substr(bank_account_name, ${sql.lit(title.length + 1)}))`,
      ),
      sql` `,
    );
    await sql`alter table members add column holder_name_key text not null generated always as (
        coalesce(nullif(case ${stripped}
          else btrim(regexp_replace(bank_account_name, '^(MRS|MR|MS|MISS|MSTR|DR)(\\.\\s*|\\s+)', '')) end, ''),
        bank_account_name)) stored`.execute(db);
    await db.schema
      .alterTable('members')
      .addColumn('person_id', 'bigint', (col) => col.references('members.id'))
      .execute();
    await sql`create index members_holder_name_key_idx on members (holder_name_key text_pattern_ops)`.execute(db);
    await db.schema.createIndex('members_person_id_idx').on('members').column('person_id').execute();
    await sql`create index members_account_no_any_bank_idx on members ((ltrim(bank_account_no, '0')))`.execute(db);

    await db.schema
      .createTable('person_matches')
      .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('member_id', 'bigint', (col) => col.notNull().references('members.id'))
      .addColumn('other_member_id', 'bigint', (col) => col.notNull().references('members.id'))
      .addColumn('signals', sql`text[]`, (col) =>
        col
          .notNull()
          .check(sql`cardinality(signals) > 0 and signals <@ array['name', 'bank_account', 'device', 'ip']::text[]`),
      )
      .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('open', 'linked', 'dismissed')`))
      .addColumn('found_at', 'timestamptz', (col) => col.notNull())
      .addColumn('decided_by', 'bigint', (col) => col.references('operators.id'))
      .addColumn('decided_at', 'timestamptz')
      .addColumn('note', 'text', (col) => col.check(sql`char_length(note) <= 200`))
      .addCheckConstraint('person_matches_order_check', sql`member_id > other_member_id`)
      .addCheckConstraint('person_matches_decided_check', sql`(status = 'open') = (decided_at is null)`)
      .addUniqueConstraint('person_matches_pair_key', ['member_id', 'other_member_id'])
      .execute();
    await db.schema.createIndex('person_matches_other_idx').on('person_matches').column('other_member_id').execute();
    await db.schema.createIndex('person_matches_status_idx').on('person_matches').columns(['status', 'id']).execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('person_matches').execute();
    await sql`drop index members_account_no_any_bank_idx`.execute(db);
    await db.schema.alterTable('members').dropColumn('person_id').dropColumn('holder_name_key').execute();
  },
};
