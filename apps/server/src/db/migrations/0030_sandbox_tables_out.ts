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
 * them.
 */
export const sandboxTablesOut: Migration = {
  async up(db: Kysely<unknown>) {
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
};
