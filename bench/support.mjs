/** What the benchmarks share: starting the production server, calling its API, and percentiles. */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_ENTRY = join(ROOT, 'apps/server/dist/server.js');

export function log(message) {
  process.stdout.write(`${message}\n`);
}

export async function freePort() {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  return port;
}

/** The value below which `p` percent of the sorted values lie. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * The production server (apps/server/dist/server.js: build first) on the database, with the
 * sandbox parties; `env` adds to or overrides its environment, `nodeArgs` go to Node. Answers once /healthz does.
 */
export async function startServer(databaseUrl, env = {}, nodeArgs = []) {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      // Not NODE_ENV=production: production refuses to start with the sandbox parties the benchmarks drive.
      SANDBOX: '1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 120; attempt += 1) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill();
  throw new Error('the server did not answer /healthz within 60 s');
}

/** Stops the servers started by startServer (undefined ones are skipped) and waits for them to exit. */
export async function stopServers(...servers) {
  for (const server of servers) {
    if (!server) continue;
    server.child.kill();
    await once(server.child, 'exit');
  }
}

/** One API call as the web app makes it; throws with the answer on a non-2xx status. */
export async function api(base, path, { method = 'GET', token, body, address, key } = {}) {
  const headers = { 'x-app-name': 'wallet-user', accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (address) headers['x-forwarded-for'] = address;
  if (key) headers['idempotency-key'] = key;
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json().catch(() => undefined);
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(data)}`);
  return data;
}
