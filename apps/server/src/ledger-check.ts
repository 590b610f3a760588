import { ConfigError, loadConfig } from './config.ts';
import { createDatabase } from './db/connect.ts';
import { checkLedger, formatLedgerReport, ledgerIsSound } from './modules/ledger/ledger.reconcile.ts';

/**
 * `npm run ledger:check -w apps/server` (or `node dist/ledger-check.js`): re-derives every balance from the
 * postings on the configured database (DATABASE_URL or DATA_DIR) and prints the drifts. Exit code 0 when the
 * ledger is sound, 1 on any drift or unbalanced entry, 2 when the check could not run. It never migrates or
 * writes. A PGlite data directory can only be opened by one process: stop the server first (docs/ledger.md).
 */
async function main(): Promise<number> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  const db = createDatabase(config);
  try {
    const report = await checkLedger(db);
    process.stdout.write(formatLedgerReport(report));
    return ledgerIsSound(report) ? 0 : 1;
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('ledger check could not run:', error);
    process.exit(2);
  },
);
