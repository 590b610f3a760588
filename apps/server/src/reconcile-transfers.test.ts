import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activate, fundedMember, post, seedCatalogue, setFaults, transferStates } from '../test/games.ts';
import { startTestApp, type TestApp } from '../test/helpers.ts';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

/**
 * The operator's command as a separate process. On PostgreSQL it runs beside the live server, whose sandbox
 * provider it reaches, and settles the open transfer. On PGlite the data directory opens in one process at a
 * time, so the server is stopped first: the provider is then unreachable and the transfer stays open (exit 1).
 */
let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'mw-reconcile-'));
  // Short enough for a quick test, long enough that a loaded CI machine does not time out calls meant to succeed.
  t = await startTestApp({ GAME_PROVIDER_TIMEOUT_MS: '1000', TRANSFER_RECONCILE_INTERVAL_MS: '0', DATA_DIR: dataDir });
  await seedCatalogue(t);
});
afterAll(async () => {
  t.app.server.closeAllConnections();
  await t.close().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

function runReconcile(env: Record<string, string>): Promise<{ code: number; stdout: string }> {
  const base = { PATH: process.env.PATH ?? '', NODE_ENV: 'test', DEMO: '0', GAME_PROVIDER_TIMEOUT_MS: '5000' };
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/reconcile-transfers.ts'],
      { cwd: SERVER_DIR, env: { ...base, ...env }, timeout: 60_000 },
      (error, stdout) => resolve({ code: error ? Number(error.code ?? -1) : 0, stdout }),
    );
  });
}

describe('npm run transfers:reconcile', () => {
  it('settles open transfers when the provider answers, and exits 1 while any stays open', async () => {
    const player = await fundedMember(t, 100);
    await activate(t, player, 'PG');
    await setFaults(t, { timeoutRate: 1 });
    await post(t, player, '/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 10 });
    await setFaults(t, {});
    expect(await transferStates(t, player.id)).toEqual(['unknown']);
    // Older than the script's grace (twice its provider time-out): no live request can still be on it.
    await t.app.db
      .updateTable('game_transfers')
      .set({ updated_at: new Date(Date.now() - 3_600_000) })
      .where('member_id', '=', player.id)
      .execute();
    const address = t.app.server.address();
    const livePort = typeof address === 'object' && address ? String(address.port) : '';
    if (t.config.database.url) {
      const run = await runReconcile({ DATABASE_URL: t.config.database.url, HOST: '127.0.0.1', PORT: livePort });
      expect(run.stdout).toBe('transfers reconciled: 1 examined, 1 completed, 0 failed, 0 still open\n');
      expect(run.code).toBe(0);
      expect(await transferStates(t, player.id)).toEqual(['completed']);
      return;
    }
    t.app.server.closeAllConnections();
    await t.app.close();
    const run = await runReconcile({ DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: livePort });
    expect(run.stdout).toBe('transfers reconciled: 1 examined, 0 completed, 0 failed, 1 still open\n');
    expect(run.code).toBe(1);
  });
});
