import { checkLedger, formatLedgerReport, ledgerIsSound } from './core/ledger/ledger.reconcile.ts';
import { runCommand } from './lib/command.ts';

/**
 * `npm run ledger:check -w apps/server` (or `node dist/ledger-check.js`): re-derives every balance from the
 * postings on the configured database (DATABASE_URL or DATA_DIR) and prints the drifts. Exit code 0 when the
 * ledger is sound, 1 on any drift or unbalanced entry, 2 when the check could not run. It never migrates or
 * writes. A PGlite data directory can only be opened by one process: stop the server first (docs/ledger.md).
 */
runCommand('ledger check', async (_config, db) => {
  const report = await checkLedger(db);
  process.stdout.write(formatLedgerReport(report));
  return ledgerIsSound(report) ? 0 : 1;
});
