import { type Kysely, type Migration, sql } from 'kysely';

/**
 * The double-entry ledger (DESIGN.md section 4, docs/ledger.md) and the store of HTTP Idempotency-Key answers.
 * The rules that keep money whole are enforced by the database itself, not only by the service that writes:
 * member balances never below zero (CHECK), each entry's postings sum to zero per currency and number at least
 * two (a deferred constraint trigger, checked at commit), and postings are never updated or deleted (a trigger).
 * Frozen in time like every migration: the lists below are copies, not imports.
 */

const ACCOUNT_KINDS = [
  'member_wallet',
  'member_provider_position',
  'provider_float',
  'deposit_clearing',
  'withdrawal_payable',
  'bonus_expense',
  'refund_expense',
  'invite_expense',
  'spin_prizes',
  'suspense',
];
const MEMBER_KINDS = ['member_wallet', 'member_provider_position'];
const ENTRY_TYPES = [
  'deposit',
  'bonus',
  'finish_bonus',
  'withdraw',
  'transfer',
  'adjustment',
  'refund',
  'invite',
  'spin',
];
const ENTRY_STATUSES = ['pending', 'completed', 'reversed', 'failed'];

/** `'a', 'b'` for an `in (...)` list. The values are the constants above, never input. */
function list(values: string[]) {
  return sql.raw(values.map((value) => `'${value}'`).join(', '));
}

export const ledger: Migration = {
  async up(db: Kysely<unknown>) {
    await createAccounts(db);
    await createEntries(db);
    await createPostings(db);
    await createIdempotencyRequests(db);
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('idempotency_requests').execute();
    await db.schema.dropTable('postings').execute();
    await db.schema.dropTable('journal_entries').execute();
    await db.schema.dropTable('ledger_accounts').execute();
    await sql`drop function ledger_postings_append_only()`.execute(db);
    await sql`drop function ledger_entry_balanced()`.execute(db);
  },
};

async function createAccounts(db: Kysely<unknown>) {
  await db.schema
    .createTable('ledger_accounts')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in (${list(ACCOUNT_KINDS)})`))
    .addColumn('member_id', 'bigint', (col) => col.references('members.id'))
    .addColumn('provider_code', 'text', (col) => col.check(sql`char_length(provider_code) between 1 and 32`))
    .addColumn('currency', 'text', (col) => col.notNull().check(sql`currency ~ '^[A-Z]{3,8}$'`))
    .addColumn('balance', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // One account per (kind, member, provider, currency); NULLS NOT DISTINCT makes the system accounts, whose
    // member (and often provider) is null, unique too. PostgreSQL 15+ and PGlite both have it.
    .addUniqueConstraint('ledger_accounts_identity_key', ['kind', 'member_id', 'provider_code', 'currency'], (uc) =>
      uc.nullsNotDistinct(),
    )
    // Who owns an account follows from its kind, so a wallet can never be created without its member.
    .addCheckConstraint(
      'ledger_accounts_owner_check',
      sql`case
        when kind = 'member_wallet' then member_id is not null and provider_code is null
        when kind = 'member_provider_position' then member_id is not null and provider_code is not null
        when kind = 'provider_float' then member_id is null and provider_code is not null
        else member_id is null and provider_code is null
      end`,
    )
    // The member's money never goes below zero, whatever code writes the row.
    .addCheckConstraint(
      'ledger_accounts_member_balance_check',
      sql`kind not in (${list(MEMBER_KINDS)}) or balance >= 0`,
    )
    .execute();
  await db.schema.createIndex('ledger_accounts_member_idx').on('ledger_accounts').column('member_id').execute();
}

async function createEntries(db: Kysely<unknown>) {
  await db.schema
    .createTable('journal_entries')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('member_id', 'bigint', (col) => col.references('members.id'))
    .addColumn('type', 'text', (col) => col.notNull().check(sql`type in (${list(ENTRY_TYPES)})`))
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in (${list(ENTRY_STATUSES)})`))
    .addColumn('idempotency_key', 'text', (col) =>
      col.notNull().check(sql`char_length(idempotency_key) between 1 and 200`),
    )
    .addColumn('reversal_of', 'bigint', (col) => col.references('journal_entries.id').unique())
    .addColumn('reference', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('metadata', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // A key is unique per member; system entries (no member) share one scope, hence NULLS NOT DISTINCT.
    .addUniqueConstraint('journal_entries_idempotency_key', ['member_id', 'idempotency_key'], (uc) =>
      uc.nullsNotDistinct(),
    )
    // A compensating entry is born completed; only an original entry can be pending, failed or reversed.
    .addCheckConstraint('journal_entries_reversal_check', sql`reversal_of is null or status = 'completed'`)
    .execute();
  await db.schema
    .createIndex('journal_entries_member_created_idx')
    .on('journal_entries')
    .columns(['member_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('journal_entries_pending_idx')
    .on('journal_entries')
    .column('created_at')
    .where(sql.ref('status'), '=', 'pending')
    .execute();
}

async function createPostings(db: Kysely<unknown>) {
  await db.schema
    .createTable('postings')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('entry_id', 'bigint', (col) => col.notNull().references('journal_entries.id'))
    .addColumn('account_id', 'bigint', (col) => col.notNull().references('ledger_accounts.id'))
    .addColumn('amount', 'bigint', (col) => col.notNull().check(sql`amount <> 0`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('postings_entry_idx').on('postings').column('entry_id').execute();
  await db.schema.createIndex('postings_account_idx').on('postings').column('account_id').execute();

  // Checked at commit, once every posting of the transaction is in: the entry has at least two postings and
  // they sum to zero in each currency. Fired by new entries too, so an entry without postings cannot commit.
  await sql`
    create function ledger_entry_balanced() returns trigger language plpgsql as $$
    declare
      entry bigint;
      posting_count bigint;
      unbalanced_currency text;
    begin
      -- Two statements, not one CASE: a CASE would resolve both record fields on either table.
      if tg_table_name = 'postings' then
        entry := new.entry_id;
      else
        entry := new.id;
      end if;
      select count(*) into posting_count from postings where entry_id = entry;
      if posting_count < 2 then
        raise exception 'journal entry % has % posting(s); at least 2 are required', entry, posting_count
          using errcode = '23514';
      end if;
      select a.currency into unbalanced_currency
        from postings p join ledger_accounts a on a.id = p.account_id
        where p.entry_id = entry
        group by a.currency
        having sum(p.amount) <> 0
        limit 1;
      if unbalanced_currency is not null then
        raise exception 'journal entry % does not sum to zero in %', entry, unbalanced_currency
          using errcode = '23514';
      end if;
      return null;
    end
    $$`.execute(db);
  await sql`
    create constraint trigger postings_balanced after insert on postings
    deferrable initially deferred for each row execute function ledger_entry_balanced()`.execute(db);
  await sql`
    create constraint trigger journal_entries_balanced after insert on journal_entries
    deferrable initially deferred for each row execute function ledger_entry_balanced()`.execute(db);

  // Postings are the history: a mistake is corrected by a compensating entry, never by editing the past.
  await sql`
    create function ledger_postings_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'postings are append-only (% refused)', tg_op using errcode = '42501';
    end
    $$`.execute(db);
  await sql`
    create trigger postings_append_only before update or delete on postings
    for each row execute function ledger_postings_append_only()`.execute(db);
  await sql`
    create trigger postings_no_truncate before truncate on postings
    for each statement execute function ledger_postings_append_only()`.execute(db);
}

async function createIdempotencyRequests(db: Kysely<unknown>) {
  await db.schema
    .createTable('idempotency_requests')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('member_id', 'bigint', (col) => col.notNull().references('members.id'))
    .addColumn('key', 'text', (col) => col.notNull().check(sql`key ~ '^[A-Za-z0-9_:.-]{1,128}$'`))
    .addColumn('request_hash', 'text', (col) => col.notNull().check(sql`request_hash ~ '^[0-9a-f]{64}$'`))
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('in_progress', 'completed')`))
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'jsonb')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addUniqueConstraint('idempotency_requests_member_key', ['member_id', 'key'])
    .addCheckConstraint(
      'idempotency_requests_answer_check',
      sql`(status = 'completed') = (response_status is not null and response_body is not null)`,
    )
    .execute();
  await db.schema
    .createIndex('idempotency_requests_expires_idx')
    .on('idempotency_requests')
    .column('expires_at')
    .execute();
}
