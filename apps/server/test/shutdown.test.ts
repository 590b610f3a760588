import { spawn } from 'node:child_process';
import { Agent, request as httpRequest, type IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import { type AddressInfo, connect, createServer } from 'node:net';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { API } from '@member-wallet/contract/api-paths';
import { APP_NAME, APP_NAME_HEADER } from '@member-wallet/contract/constants';
import { afterEach, describe, expect, it } from 'vitest';
import { REQUEST_TIMEOUT_MS } from '../src/http/fastify.ts';
import { shutDown } from '../src/lib/shutdown.ts';
import { FILES, newGuest } from './chat.ts';
import { startTestApp, type TestApp } from './helpers.ts';
import { multipartBody } from './slips.ts';

/**
 * tsx's loader in the server's own process: its command line would run the server as a child of its own, and a
 * SIGTERM that reaches that parent before the child has reported its signal handlers ends the parent with 143
 * (seen on a loaded CI machine), which is tsx's relay and not the server's drain under test.
 */
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm')).href;
const SERVER = fileURLToPath(new URL('../src/server.ts', import.meta.url));

/** Safe roll-outs (docs/operations.md, Roll-outs): what a node does between SIGTERM and its exit. */

let t: TestApp | undefined;
const uploads: { abort: () => void }[] = [];
afterEach(async () => {
  for (const upload of uploads.splice(0)) upload.abort();
  await t?.close().catch(() => undefined);
  t = undefined;
});

/** The app's port, kept: once the app stops listening its server no longer says. */
const ports = new WeakMap<TestApp, number>();
function portOf(app: TestApp): number {
  const port = ports.get(app) ?? (app.app.server.address() as AddressInfo).port;
  ports.set(app, port);
  return port;
}

/** A GET on a connection of its own (never a kept-alive one): its status, or the connection's error code. */
function get(app: TestApp, path: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = httpRequest({ host: '127.0.0.1', port: portOf(app), path, agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    req.end();
  });
}

/**
 * An upload whose body is sent in two halves: the first now, the second when `finish` is called. On a connection
 * of its own, or on the agent's (kept alive after the answer).
 */
function slowUpload(app: TestApp, headers: Record<string, string>, agent: Agent | false = false) {
  const body = multipartBody([{ bytes: FILES.png, filename: 'picture.png' }]);
  const half = Math.floor(body.payload.length / 2);
  const req = httpRequest({
    host: '127.0.0.1',
    port: portOf(app),
    method: 'POST',
    path: API.chatUploadImage,
    agent,
    headers: {
      ...headers,
      [APP_NAME_HEADER]: APP_NAME,
      'content-type': body.contentType,
      'content-length': String(body.payload.length),
    },
  });
  const answer = new Promise<{ status: number; body: string; connection?: string }>((resolve, reject) => {
    req.on('response', (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString(),
          connection: res.headers.connection,
        }),
      );
    });
    req.on('error', reject);
  });
  req.write(body.payload.subarray(0, half));
  const upload = { answer, finish: () => req.end(body.payload.subarray(half)), abort: () => req.destroy() };
  uploads.push(upload);
  return upload;
}

describe('shutting down (SIGTERM)', () => {
  it('answers readiness 503 at once while it still serves, then finishes an upload under way and exits clean', async () => {
    t = await startTestApp();
    const app = t;
    expect(await get(app, '/readyz')).toBe(200);
    const guest = await newGuest(app);
    const upload = slowUpload(app, guest.headers);
    // The upload's first half is in: the route is reading its body.
    await new Promise((resolve) => setTimeout(resolve, 50));

    let outcome: string | undefined;
    const closing = shutDown(app.app, { delayMs: 1_500, graceMs: 30_000 }).then((result) => {
      outcome = result;
    });
    // During the delay the load balancer takes the node out: readiness says so, everything else still answers.
    expect(await get(app, '/readyz')).toBe(503);
    expect(await get(app, '/healthz')).toBe(200);
    expect(app.app.lifecycle.draining).toBe(true);

    // After it, the node takes no new connection, but the upload under way finishes with its answer.
    await expect.poll(() => get(app, '/healthz'), { timeout: 15_000, interval: 100 }).toBe('ECONNREFUSED');
    expect(outcome).toBeUndefined();
    upload.finish();
    const answered = await upload.answer;
    expect(answered.status).toBe(200);
    expect(JSON.parse(answered.body)).toHaveProperty('path');
    await closing;
    expect(outcome).toBe('closed');
  });

  it('gives up on what is still running after SHUTDOWN_GRACE_MS', async () => {
    t = await startTestApp();
    const guest = await newGuest(t);
    const upload = slowUpload(t, guest.headers);
    upload.answer.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await shutDown(t.app, { delayMs: 0, graceMs: 200 })).toBe('grace-exceeded');
  });

  it('closes a connection that never sent a request (a client’s spare one) instead of waiting for it', async () => {
    t = await startTestApp();
    const spare = connect(portOf(t), '127.0.0.1');
    await new Promise((resolve) => spare.once('connect', resolve));
    const ended = new Promise((resolve) => spare.once('close', resolve));
    const outcome = await shutDown(t.app, { delayMs: 0, graceMs: 5_000 });
    expect(outcome).toBe('closed');
    await ended;
  });

  it('ends a kept-alive connection once the answer under way on it is sent, not at its keep-alive time-out', async () => {
    t = await startTestApp();
    const guest = await newGuest(t);
    // A client that keeps its connection for the next call, as fetch and the proxies do (Fastify's keep-alive
    // time-out is 72 s: a connection left open after its answer would hold the close that long).
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const upload = slowUpload(t, guest.headers, agent);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const closing = shutDown(t.app, { delayMs: 0, graceMs: 10_000 });
      // The server has stopped listening: the answer now comes while it closes.
      await expect.poll(() => get(t as TestApp, '/healthz'), { timeout: 5_000, interval: 50 }).toBe('ECONNREFUSED');
      upload.finish();
      const answered = await upload.answer;
      expect(answered.status).toBe(200);
      // The client is told not to send its next call here.
      expect(answered.connection).toBe('close');
      expect(await closing).toBe('closed');
    } finally {
      agent.destroy();
    }
  });

  it('waits longer than the longest request it lets run (an upload may take REQUEST_TIMEOUT_MS)', async () => {
    t = await startTestApp();
    expect(REQUEST_TIMEOUT_MS).toBe(300_000);
    expect(t.app.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    expect(t.config.server.shutdownGraceMs).toBeGreaterThan(REQUEST_TIMEOUT_MS);
    expect(t.config.server.shutdownDelayMs).toBeGreaterThan(0);
  });
});

/** A port nobody listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe('the server process', () => {
  it('drains on SIGTERM and exits with status 0', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', TSX_LOADER, SERVER], {
      // Its own throw-away database, never the PostgreSQL the suite may be pointed at.
      env: {
        ...process.env,
        DATABASE_URL: '',
        REDIS_URL: '',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: 'memory://',
        DEMO: '0',
        SANDBOX: '1',
        LOG_LEVEL: 'info',
        SHUTDOWN_DELAY_MS: '200',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await expect.poll(() => output, { timeout: 60_000, interval: 100 }).toContain('listening on');
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toMatch(/"signal":"SIGTERM","delayMs":200,"graceMs":330000,"msg":"draining"/);
  });
});
