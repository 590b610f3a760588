import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Issue 19, the sandbox behind one door. Frozen in time like every migration.
 *
 * The sandbox parties' eight tables leave the production schema: from now on `src/sandbox/` creates them with its
 * own migrations (`src/sandbox/migrations/`, their own `sandbox_migration` table), and only when SANDBOX is on, so
 * a production database holds none of them. Landed migrations 0001, 0004, 0005, 0007, 0008 and 0010 still create
 * them (a landed migration is never edited); this one drops them again. What a sandbox party held is throw-away
 * test state (its fake payouts, vouchers, QR codes, game books, SMS): a development database's sandbox starts empty
 * after this, as on a new machine (docs/decisions/0020-sandbox-behind-one-door.md). No table of the app refers to
 * them. Once the sandbox's migrations have run (`sandbox_migration` exists), the tables are theirs and stay: a
 * database migrated down past this one and up again keeps its sandbox's books. Down puts back the tables 0029 left
 * (where missing), for the code of before.
 */
export const sandboxTablesOut: Migration = {
  async up(db: Kysely<unknown>) {
    const { rows } = await sql<{ adopted: string | null }>`select to_regclass('sandbox_migration') as adopted`.execute(
      db,
    );
    if (rows[0]?.adopted) return;
    for (const table of [
      'sandbox_game_bets',
      'sandbox_game_transactions',
      'sandbox_game_accounts',
      'sandbox_sms_messages',
      'sandbox_payouts',
      'sandbox_bank_transfers',
      'sandbox_vouchers',
      'sandbox_payment_qrcodes',
    ]) {
      await sql`drop table if exists ${sql.table(table)}`.execute(db);
    }
  },
  async down(db: Kysely<unknown>) {
    await sql`
      create table if not exists sandbox_sms_messages (
        id bigint generated always as identity primary key,
        phone text not null,
        body text not null,
        created_at timestamptz not null default now()
      )`.execute(db);
    await sql`create index if not exists sandbox_sms_messages_phone_idx on sandbox_sms_messages (phone, id)`.execute(
      db,
    );
    await sql`
      create table if not exists sandbox_game_accounts (
        id bigint generated always as identity primary key,
        provider_code text not null,
        external_id text not null,
        username text not null,
        password text not null,
        balance_minor bigint not null default 0 check (balance_minor >= 0),
        created_at timestamptz not null default now(),
        constraint sandbox_game_accounts_external_key unique (provider_code, external_id),
        constraint sandbox_game_accounts_username_key unique (provider_code, username)
      )`.execute(db);
    await sql`
      create table if not exists sandbox_game_transactions (
        provider_code text not null,
        tx_id text not null,
        account_id bigint not null references sandbox_game_accounts (id),
        type text not null check (type in ('deposit', 'withdraw')),
        amount_minor bigint not null,
        status text not null check (status in ('applied', 'failed', 'pending')),
        reason text,
        apply_at timestamptz,
        created_at timestamptz not null default now(),
        primary key (provider_code, tx_id)
      )`.execute(db);
    await sql`
      create table if not exists sandbox_game_bets (
        id bigint generated always as identity primary key,
        account_id bigint not null references sandbox_game_accounts (id),
        stake_minor bigint not null check (stake_minor > 0),
        win_minor bigint not null check (win_minor >= 0),
        reels text not null,
        created_at timestamptz not null default now()
      )`.execute(db);
    await sql`
      create table if not exists sandbox_payouts (
        reference text primary key,
        payout_id text not null unique,
        amount_minor bigint not null,
        currency text not null,
        bank_code text not null,
        account_no text not null,
        account_name text not null,
        callback_url text,
        status text not null check (status in ('pending', 'paid', 'failed')),
        outcome text not null check (outcome in ('paid', 'failed')),
        failure_reason text,
        settle_at timestamptz not null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`.execute(db);
    await sql`
      create table if not exists sandbox_bank_transfers (
        id bigint generated always as identity primary key,
        reference text not null,
        operator_account_no text not null,
        sender_bank_code text not null,
        sender_account_no text not null,
        amount_minor bigint not null check (amount_minor > 0),
        currency text not null,
        transferred_at timestamptz not null,
        created_at timestamptz not null
      )`.execute(db);
    await sql`
      create table if not exists sandbox_vouchers (
        code text primary key,
        amount_minor bigint not null check (amount_minor > 0),
        status text not null check (status in ('available', 'redeemed')),
        redeemed_reference text,
        redeemed_at timestamptz,
        created_at timestamptz not null
      )`.execute(db);
    await sql`
      create table if not exists sandbox_payment_qrcodes (
        gateway text not null,
        qrcode_id text not null,
        gateway_reference text not null unique,
        amount_minor bigint not null check (amount_minor > 0),
        currency text not null,
        payload text not null,
        status text not null check (status in ('live', 'paid', 'cancelled')),
        expires_at timestamptz not null,
        callback_url text,
        paid_amount_minor bigint,
        paid_at timestamptz,
        payment_event_id text,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        primary key (gateway, qrcode_id)
      )`.execute(db);
  },
};
