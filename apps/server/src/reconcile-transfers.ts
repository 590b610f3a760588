import { createLedger, createProviderRegistry } from './core.ts';
import { migrateToLatest } from './db/connect.ts';
import { systemClock } from './lib/clock.ts';
import { runCommand } from './lib/command.ts';
import { createBonusDebts } from './modules/bonus/bonus.module.ts';
import { createGamesServices } from './modules/games/games.module.ts';

/**
 * `npm run transfers:reconcile` (or `node dist/reconcile-transfers.js`): one reconciler run over every open
 * game transfer (docs/wallet.md), on the configured database, then prints what it settled. Providers backed by
 * the sandbox are reached at the running server, `http://HOST:PORT`. A PGlite data directory opens in one
 * process at a time: against PGlite, use the running server's own loop (or `POST /sandbox/games/reconcile`).
 * Exit code 0 when nothing is left open, 1 when transfers are still open, 2 when it could not run.
 */
runCommand('transfer reconciliation', async (config, db) => {
  await migrateToLatest(db);
  const clock = systemClock;
  // The app's one ledger, as the Core builds it; the running server's members hear of nothing from here.
  const { ledger } = createLedger(config, clock);
  const { reconciler } = createGamesServices(
    {
      db,
      clock,
      ledger,
      providers: createProviderRegistry(config, () => `http://${config.server.host}:${config.server.port}`),
      bonusDebts: createBonusDebts({ ledger, clock }),
    },
    { warn: (object, message) => console.warn(message, object) },
  );
  const report = await reconciler.reconcile({ minAgeMs: 2 * config.games.timeoutMs });
  process.stdout.write(
    `transfers reconciled: ${report.examined} examined, ${report.completed} completed, ${report.failed} failed, ${report.stillOpen} still open\n`,
  );
  return report.stillOpen === 0 ? 0 : 1;
});
