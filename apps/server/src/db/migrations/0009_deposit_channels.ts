import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Deposit channels (docs/deposits.md, deposit channels): the operator's accounts and gateways a member can pay
 * into, listed by `GET /api/lookup/deposit`, plus TrueMoney wallet entries. Operators manage them (issue 7);
 * the sandbox mounts its own. Frozen in time like every migration.
 */

const BANK_TYPES = ['BANK', 'PAYMENT'];
const MODES = ['AUTO', 'QR', 'MANUAL'];
const WALLET_MODES = ['AUTO', 'GIFT_LINK'];

function list(values: string[]) {
  return sql.raw(values.map((value) => `'${value}'`).join(', '));
}

export const depositChannels: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('deposit_channels')
      .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('bank_code', 'text', (col) => col.notNull().check(sql`bank_code ~ '^[A-Z0-9_]{2,20}$'`))
      .addColumn('bank_type', 'text', (col) => col.notNull().check(sql`bank_type in (${list(BANK_TYPES)})`))
      .addColumn('mode', 'text', (col) => col.notNull().check(sql`mode in (${list(MODES)})`))
      .addColumn('name_th', 'text', (col) => col.notNull().check(sql`char_length(name_th) between 1 and 100`))
      .addColumn('name_en', 'text', (col) => col.notNull().check(sql`char_length(name_en) between 1 and 100`))
      .addColumn('name_lo', 'text', (col) => col.notNull().check(sql`char_length(name_lo) between 1 and 100`))
      .addColumn('account_name', 'text', (col) => col.notNull().check(sql`char_length(account_name) between 1 and 100`))
      // Digits only; empty for a payment type, which has no account a member could transfer to.
      .addColumn('account_no', 'text', (col) => col.notNull().check(sql`account_no ~ '^[0-9]{0,20}$'`))
      .addColumn('currency', 'text', (col) => col.notNull().check(sql`currency in ('BAHT', 'LAK')`))
      .addColumn('min_amount_minor', 'bigint', (col) => col.notNull().defaultTo(0).check(sql`min_amount_minor >= 0`))
      .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('enabled', 'boolean', (col) => col.notNull().defaultTo(true))
      .addColumn('sandbox', 'boolean', (col) => col.notNull().defaultTo(false))
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addCheckConstraint(
        'deposit_channels_account_check',
        sql`(mode = 'QR') or (bank_type = 'BANK' and account_no <> '')`,
      )
      .execute();
    // One entry per bank account, and one QR gateway per currency.
    await db.schema
      .createIndex('deposit_channels_account_key')
      .unique()
      .on('deposit_channels')
      .columns(['bank_code', 'account_no', 'currency'])
      .where(sql.ref('mode'), '<>', 'QR')
      .execute();
    await db.schema
      .createIndex('deposit_channels_gateway_key')
      .unique()
      .on('deposit_channels')
      .columns(['bank_code', 'currency'])
      .where(sql.ref('mode'), '=', 'QR')
      .execute();

    await db.schema
      .createTable('deposit_wallets')
      .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('mode', 'text', (col) => col.notNull().check(sql`mode in (${list(WALLET_MODES)})`))
      .addColumn('wallet_account_name', 'text', (col) =>
        col.notNull().check(sql`char_length(wallet_account_name) between 1 and 100`),
      )
      .addColumn('currency', 'text', (col) => col.notNull().check(sql`currency in ('BAHT', 'LAK')`))
      .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('enabled', 'boolean', (col) => col.notNull().defaultTo(true))
      .addColumn('sandbox', 'boolean', (col) => col.notNull().defaultTo(false))
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addUniqueConstraint('deposit_wallets_mode_key', ['mode', 'currency'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('deposit_wallets').execute();
    await db.schema.dropTable('deposit_channels').execute();
  },
};
