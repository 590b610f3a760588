import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Game providers, members' accounts at them, the durable record of every wallet <-> game transfer (the saga
 * of DESIGN.md section 4, docs/wallet.md), and the sandbox provider's own tables. Frozen in time like every
 * migration: the lists below are copies, not imports.
 */

const CATEGORIES = ['slot', 'sport', 'lotto'];
const ADAPTERS = ['sandbox', 'http'];
const TRANSFER_DIRECTIONS = ['to_game', 'from_game'];
const TRANSFER_STATES = ['reserved', 'provider_applied', 'completed', 'failed', 'unknown'];
const SANDBOX_TX_STATUSES = ['applied', 'failed', 'pending'];

/** `'a', 'b'` for an `in (...)` list. The values are the constants above, never input. */
function list(values: string[]) {
  return sql.raw(values.map((value) => `'${value}'`).join(', '));
}

export const games: Migration = {
  async up(db: Kysely<unknown>) {
    await createProviders(db);
    await createGameAccounts(db);
    await createTransfers(db);
    await createSandboxTables(db);
  },

  async down(db: Kysely<unknown>) {
    for (const table of [
      'sandbox_game_bets',
      'sandbox_game_transactions',
      'sandbox_game_accounts',
      'game_transfers',
      'game_accounts',
      'game_providers',
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
};

async function createProviders(db: Kysely<unknown>) {
  await db.schema
    .createTable('game_providers')
    .addColumn('code', 'text', (col) => col.primaryKey().check(sql`code ~ '^[A-Z0-9_]{1,32}$'`))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('category', 'text', (col) => col.notNull().check(sql`category in (${list(CATEGORIES)})`))
    .addColumn('logo', 'text', (col) => col.notNull())
    .addColumn('background', 'text', (col) => col.notNull())
    // The wallet-slot multiplier in basis points (10000 = 1.0): an integer, so no float ever touches money.
    .addColumn('ft_wallet_slot_bp', 'integer', (col) =>
      col.notNull().defaultTo(10000).check(sql`ft_wallet_slot_bp between 0 and 1000000`),
    )
    .addColumn('web', 'text')
    .addColumn('android', 'text')
    .addColumn('ios', 'text')
    .addColumn('adapter', 'text', (col) => col.notNull().check(sql`adapter in (${list(ADAPTERS)})`))
    // The provider's API for the http adapter; the sandbox adapter uses this server's own /sandbox/games.
    .addColumn('api_base_url', 'text')
    .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

async function createGameAccounts(db: Kysely<unknown>) {
  await db.schema
    .createTable('game_accounts')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('member_id', 'bigint', (col) => col.notNull().references('members.id'))
    .addColumn('provider_code', 'text', (col) => col.notNull().references('game_providers.code'))
    .addColumn('username', 'text', (col) => col.notNull())
    // AES-256-GCM of the password the provider gave (docs/wallet.md): the member must be able to read it back.
    .addColumn('password_encrypted', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('active').check(sql`status in ('active', 'closed')`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('game_accounts_member_provider_key', ['member_id', 'provider_code'])
    .addUniqueConstraint('game_accounts_provider_username_key', ['provider_code', 'username'])
    .execute();
}

async function createTransfers(db: Kysely<unknown>) {
  await db.schema
    .createTable('game_transfers')
    // Our transaction id, sent to the provider: the provider applies each id at most once.
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('member_id', 'bigint', (col) => col.notNull().references('members.id'))
    .addColumn('provider_code', 'text', (col) => col.notNull().references('game_providers.code'))
    .addColumn('direction', 'text', (col) => col.notNull().check(sql`direction in (${list(TRANSFER_DIRECTIONS)})`))
    .addColumn('amount_minor', 'bigint', (col) => col.notNull().check(sql`amount_minor > 0`))
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull().check(sql`state in (${list(TRANSFER_STATES)})`))
    .addColumn('idempotency_key', 'text', (col) => col.notNull())
    // The pending reservation in the ledger; the credit entry of a game-to-wallet transfer once it lands.
    .addColumn('reservation_entry_id', 'bigint', (col) => col.notNull().references('journal_entries.id'))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('game_transfers_member_key', ['member_id', 'idempotency_key'])
    .execute();
  // The reconciler's work list: transfers not yet settled.
  await sql`create index game_transfers_open_idx on game_transfers (updated_at)
    where state in ('reserved', 'provider_applied', 'unknown')`.execute(db);
}

async function createSandboxTables(db: Kysely<unknown>) {
  await db.schema
    .createTable('sandbox_game_accounts')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('provider_code', 'text', (col) => col.notNull())
    .addColumn('external_id', 'text', (col) => col.notNull())
    .addColumn('username', 'text', (col) => col.notNull())
    .addColumn('password', 'text', (col) => col.notNull())
    .addColumn('balance_minor', 'bigint', (col) => col.notNull().defaultTo(0).check(sql`balance_minor >= 0`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('sandbox_game_accounts_external_key', ['provider_code', 'external_id'])
    .addUniqueConstraint('sandbox_game_accounts_username_key', ['provider_code', 'username'])
    .execute();
  await db.schema
    .createTable('sandbox_game_transactions')
    .addColumn('provider_code', 'text', (col) => col.notNull())
    .addColumn('tx_id', 'text', (col) => col.notNull())
    .addColumn('account_id', 'bigint', (col) => col.notNull().references('sandbox_game_accounts.id'))
    .addColumn('type', 'text', (col) => col.notNull().check(sql`type in ('deposit', 'withdraw')`))
    .addColumn('amount_minor', 'bigint', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in (${list(SANDBOX_TX_STATUSES)})`))
    .addColumn('reason', 'text')
    // A "late application" fault: the transaction is applied once this time has passed.
    .addColumn('apply_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('sandbox_game_transactions_pkey', ['provider_code', 'tx_id'])
    .execute();
  await db.schema
    .createTable('sandbox_game_bets')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('account_id', 'bigint', (col) => col.notNull().references('sandbox_game_accounts.id'))
    .addColumn('stake_minor', 'bigint', (col) => col.notNull().check(sql`stake_minor > 0`))
    .addColumn('win_minor', 'bigint', (col) => col.notNull().check(sql`win_minor >= 0`))
    .addColumn('reels', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}
