import { type Kysely, type Migration, sql } from 'kysely';

/**
 * SANDBOX ONLY. The sandbox parties' own books, as the production migrations 0001 to 0029 had left them (0030 drops
 * them from the production schema): the SMS party's inbox, the game provider's accounts, transactions and bets,
 * the payout party's payouts, the bank feed's transfers, the TrueMoney party's vouchers and the QR gateways' codes.
 * Frozen in time like every migration (its checksum is 0001_parties.sha256 beside it).
 */
export const parties: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table sandbox_sms_messages (
        id bigint generated always as identity primary key,
        phone text not null,
        body text not null,
        created_at timestamptz not null default now()
      )`.execute(db);
    await sql`create index sandbox_sms_messages_phone_idx on sandbox_sms_messages (phone, id)`.execute(db);
    await sql`
      create table sandbox_game_accounts (
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
      create table sandbox_game_transactions (
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
      create table sandbox_game_bets (
        id bigint generated always as identity primary key,
        account_id bigint not null references sandbox_game_accounts (id),
        stake_minor bigint not null check (stake_minor > 0),
        win_minor bigint not null check (win_minor >= 0),
        reels text not null,
        created_at timestamptz not null default now()
      )`.execute(db);
    await sql`
      create table sandbox_payouts (
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
      create table sandbox_bank_transfers (
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
      create table sandbox_vouchers (
        code text primary key,
        amount_minor bigint not null check (amount_minor > 0),
        status text not null check (status in ('available', 'redeemed')),
        redeemed_reference text,
        redeemed_at timestamptz,
        created_at timestamptz not null
      )`.execute(db);
    await sql`
      create table sandbox_payment_qrcodes (
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
