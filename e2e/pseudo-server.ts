import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, type E2eServer, expect, type Page } from './fixtures.ts';

/**
 * A server on a pseudo-locale build of the web app (`VITE_PSEUDO_LOCALE=1`), for tests that look for
 * hard-coded text. The normal build in apps/web/dist never carries the pseudo-locale, so this worker fixture
 * builds its own into a temporary folder (about 20 s) unless PSEUDO_PUBLIC_DIR names one built already:
 * `cd apps/web && VITE_PSEUDO_LOCALE=1 npx vite build --outDir /tmp/pseudo-web`.
 * Test files that use this `test` get workers of their own, so the other tests keep the normal build.
 */
const WEB_DIR = fileURLToPath(new URL('../apps/web/', import.meta.url));
const VITE_BIN = fileURLToPath(new URL('../apps/web/node_modules/vite/bin/vite.js', import.meta.url));
const SERVER_ENTRY = fileURLToPath(new URL('../apps/server/dist/server.js', import.meta.url));
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
    [VITE_BIN, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: WEB_DIR,
      env: { ...process.env, VITE_PSEUDO_LOCALE: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  await run(child, 'the pseudo-locale build');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function startServer(publicDir: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      DEMO: '1',
      SANDBOX: '1',
      PUBLIC_DIR: publicDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stderr?.on('data', (chunk) => (log += chunk));
  return new Promise((resolve, reject) => {
    const deadline = setTimeout(() => reject(new Error(`the server did not start in 30 s:\n${log}`)), 30_000);
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}:\n${log}`)));
    child.stdout?.on('data', (chunk) => {
      log += chunk;
      if (log.includes('listening on')) {
        clearTimeout(deadline);
        resolve({ url: `http://127.0.0.1:${port}`, child });
      }
    });
  });
}

export const test = base.extend<Record<never, never>, { server: E2eServer }>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright wants an object pattern for fixtures.
    async ({}, use) => {
      const prebuilt = process.env.PSEUDO_PUBLIC_DIR;
      const publicDir = prebuilt || mkdtempSync(join(tmpdir(), 'pseudo-web-'));
      if (!prebuilt) await buildPseudo(publicDir);
      const { url, child } = await startServer(publicDir);
      await use({
        url,
        async setSettings(settings) {
          const response = await fetch(`${url}/sandbox/settings`, {
            method: 'PUT',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(settings),
          });
          expect(response.ok, await response.text()).toBe(true);
        },
        async latestOtp(phone) {
          const response = await fetch(`${url}/sandbox/sms/outbox?phone=${encodeURIComponent(phone)}`);
          const messages = (await response.json()) as { body: string }[];
          const code = /\b(\d{6})\b/.exec(messages[0]?.body ?? '')?.[1];
          if (!code) throw new Error(`no OTP texted to ${phone}`);
          return code;
        },
        async profileOf() {
          throw new Error('profileOf is not offered on the pseudo-locale server');
        },
      });
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      if (!prebuilt) rmSync(publicDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: BUILD_TIMEOUT_MS },
  ],
});

export { expect, type Page };
