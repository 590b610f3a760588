import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, type E2eServer, expect, launchServer, type Page } from './fixtures.ts';

/**
 * A server on a pseudo-locale build of the web app (`VITE_PSEUDO_LOCALE=1`), for tests that look for
 * hard-coded text. The normal build in apps/web/dist never carries the pseudo-locale, so this worker fixture
 * builds its own into a temporary folder (about 20 s) unless PSEUDO_PUBLIC_DIR names one built already:
 * `cd apps/web && VITE_PSEUDO_LOCALE=1 npx vite build --configLoader runner --outDir /tmp/pseudo-web`.
 * Test files that use this `test` get workers of their own, so the other tests keep the normal build.
 */
const WEB_DIR = fileURLToPath(new URL('../apps/web/', import.meta.url));
const VITE_BIN = fileURLToPath(new URL('../apps/web/node_modules/vite/bin/vite.js', import.meta.url));
const BUILD_TIMEOUT_MS = 180_000;

function run(child: ChildProcess, what: string): Promise<void> {
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${what} exited with ${code}:\n${output}`)),
    );
  });
}

async function buildPseudo(outDir: string): Promise<void> {
  const child = spawn(
    process.execPath,
    [VITE_BIN, 'build', '--configLoader', 'runner', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: WEB_DIR,
      env: { ...process.env, VITE_PSEUDO_LOCALE: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  await run(child, 'the pseudo-locale build');
}

export const test = base.extend<Record<never, never>, { server: E2eServer }>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright wants an object pattern for fixtures.
    async ({}, use) => {
      const prebuilt = process.env.PSEUDO_PUBLIC_DIR;
      const publicDir = prebuilt || mkdtempSync(join(tmpdir(), 'pseudo-web-'));
      if (!prebuilt) await buildPseudo(publicDir);
      const server = await launchServer({ PUBLIC_DIR: publicDir });
      await use(server);
      await server.stop();
      if (!prebuilt) rmSync(publicDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: BUILD_TIMEOUT_MS },
  ],
});

export { expect, type Page };
