import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type Page } from '@playwright/test';

const SERVER_ENTRY = fileURLToPath(new URL('../apps/server/dist/server.js', import.meta.url));
const CATALOGUE_DIR = new URL('../apps/web/src/i18n/', import.meta.url);

export const LOCALES = ['th', 'lo', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEMO = { phone: '0812345678', password: 'demo1234', name: 'Demo Member' } as const;

type Catalogue = Record<string, unknown>;
const catalogues = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    {
      ...(JSON.parse(readFileSync(new URL(`${locale}.json`, CATALOGUE_DIR), 'utf8')) as Catalogue),
      ...(JSON.parse(readFileSync(new URL(`member/${locale}.json`, CATALOGUE_DIR), 'utf8')) as Catalogue),
    },
  ]),
) as Record<Locale, Catalogue>;

/** The catalogue text of `key` (dotted path) in `locale`, with `{{name}}` values filled in. */
export function text(locale: Locale, key: string, values: Record<string, string | number> = {}): string {
  const found = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Catalogue | undefined)?.[part], catalogues[locale]);
  if (typeof found !== 'string') throw new Error(`no catalogue text ${key} in ${locale}`);
  return found.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));
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

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not become healthy in 60 s:\n${output()}`);
}

export interface E2eServer {
  url: string;
  /** Flips site flags through the sandbox control surface (`PUT /sandbox/settings`). */
  setSettings(settings: { registerOTP?: boolean; terminated?: boolean; enableChatWidget?: boolean }): Promise<void>;
  /** The newest OTP code texted to `phone` through the sandbox SMS party. */
  latestOtp(phone: string): Promise<string>;
  /** The profile of a member, read through the API as the member. */
  profileOf(phone: string, password: string): Promise<{ _id: string; name: string }>;
}

/**
 * Starts the built server (apps/server/dist) on a free port with a fresh in-memory database, demo data and the
 * sandbox parties, slip uploads never closed. `env` adds to its environment (e.g. another PUBLIC_DIR). It trusts X-Forwarded-For, so each
 * test's browser can come from an address of its own (see `extraHTTPHeaders` below), as real visitors do.
 */
export async function launchServer(env: Record<string, string> = {}): Promise<E2eServer & { stop(): Promise<void> }> {
  const port = await freePort();
  let log = '';
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      DEMO: '1',
      SANDBOX: '1',
      TRUST_PROXY: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, child, () => log);
    // The server runs on the real clock: slips are never closed here, or a run at 23:50-00:10 Bangkok time
    // (the default closed window) would fail every slip upload.
    const opened = await fetch(`${url}/sandbox/settings/slipWindow`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ closeFrom: '00:00', closeTo: '00:00' }),
    });
    if (!opened.ok) throw new Error(`could not open the slip window: ${opened.status} ${await opened.text()}`);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
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
      if (!code) throw new Error(`no OTP texted to ${phone}: ${JSON.stringify(messages)}`);
      return code;
    },
    async profileOf(phone, password) {
      const headers = { 'content-type': 'application/json', 'x-app-name': 'wallet-user' };
      const login = await fetch(`${url}/api/login`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ username: phone, password }),
      });
      expect(login.ok, await login.clone().text()).toBe(true);
      const { token } = (await login.json()) as { token: string };
      const profile = await fetch(`${url}/api/account/profile`, {
        headers: { ...headers, authorization: `Bearer ${token}` },
      });
      expect(profile.ok).toBe(true);
      return (await profile.json()) as { _id: string; name: string };
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

let visitor = 0;
/** An address from the documentation range (RFC 5737) for each test, so per-address limits see distinct visitors. */
function nextVisitorAddress(): string {
  visitor += 1;
  return `198.51.100.${(visitor % 254) + 1}`;
}

export const test = base.extend<{ uiLocale: Locale }, { server: E2eServer }>({
  uiLocale: ['th', { option: true }],
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright wants an object pattern for fixtures.
    async ({}, use) => {
      const server = await launchServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) =>
    use({ ...extraHTTPHeaders, 'x-forwarded-for': nextVisitorAddress() }),
  baseURL: async ({ server }, use) => use(server.url),
  page: async ({ page, uiLocale }, use) => {
    await page.addInitScript((chosen) => {
      if (!window.localStorage.getItem('locale')) window.localStorage.setItem('locale', chosen);
    }, uiLocale);
    await use(page);
  },
});

export { expect, type Page };

let sequence = 0;
/**
 * A Thai mobile number and a bank account number no other test of this worker's run uses. The sequence sits in
 * digits 6 to 9 of the account, the ones a bank leaves visible when it masks (`xxx-x-x0209-x`), so that no two
 * members of a worker's server look alike to the masked bank feed and slips (docs/deposits/masked-accounts.md).
 * `surname`: 12 random letters, so members given it are different people (docs/accounts.md, One person behind the
 * accounts): one's self-exclusion in a test does not refuse the next test's registrations.
 */
export function uniqueMember(): { phone: string; accountNo: string; surname: string } {
  sequence += 1;
  const pid = `${process.pid % 1000}`.padStart(3, '0');
  const serial = `${sequence}`.padStart(4, '0');
  const surname = [...randomBytes(12)].map((byte) => String.fromCharCode(65 + (byte % 26))).join('');
  return { phone: `09${pid}${serial}0`, accountNo: `77${pid}${serial}7`, surname };
}
