#!/usr/bin/env node
/**
 * Soak under chaos (issue 22). Not a CI gate at full length: it prints figures; record them in
 * docs/performance.md. CI runs a short version (`--minutes 1 --members 30`).
 *
 *   node bench/soak.mjs [--members 200] [--minutes 10] [--nodes 3] [--kill-every 60] [--think-ms 2000]
 *                       [--database-url URL] [--redis-url URL]
 *
 * 1. creates a throw-away PostgreSQL database and starts --nodes production servers on it and one Redis
 *    (apps/server/dist/server.js: build first), the jobs on pg-boss, the sandbox parties on, behind a small proxy
 *    of its own that sends each request to the next node (and to another when a node refuses the connection,
 *    as HAProxy's `retry-on conn-failure` does);
 * 2. registers the members through the proxy, each with a game account;
 * 3. runs the members for --minutes: each, after a random pause around --think-ms, logs in again, opens home,
 *    reads its statement, deposits by QR (made, then paid at the sandbox gateway as the bank app would), moves
 *    money to its game account and back, withdraws, or writes to the chat. Every money call carries an
 *    Idempotency-Key; a call cut off (a node killed under it, a 502) is sent again with the same key until it is
 *    answered. Meanwhile, every --kill-every seconds one node is killed with SIGKILL and started again 5 s later;
 * 4. then lets the jobs settle what the kills left open (transfers with an unknown outcome, payouts, QR
 *    payments whose notification was lost), moves every member's game money back to the wallet, and checks:
 *    the ledger check finds no drift, every member's wallet equals the model of what they did (QRs paid minus
 *    withdrawals accepted), every call was answered, and no job ran twice in one interval;
 * 5. prints p50 and p99 per call and the errors per minute, and exits 1 when a check failed.
 */
import { execFile, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import pg from 'pg';
import { freePort, log, percentile, ROOT } from './support.mjs';

const { values: opts } = parseArgs({
  options: {
    members: { type: 'string', default: '200' },
    minutes: { type: 'string', default: '10' },
    nodes: { type: 'string', default: '3' },
    'kill-every': { type: 'string', default: '60' },
    'think-ms': { type: 'string', default: '2000' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    'redis-url': { type: 'string', default: 'redis://127.0.0.1:6379' },
  },
});
const MEMBERS = Number(opts.members);
const RUN_MS = Number(opts.minutes) * 60_000;
const NODES = Number(opts.nodes);
const KILL_EVERY_MS = Number(opts['kill-every']) * 1000;
const THINK_MS = Number(opts['think-ms']);
const PROVIDER = 'PG';
const SERVER_ENTRY = join(ROOT, 'apps/server/dist/server.js');
const run = promisify(execFile);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---- the nodes -----------------------------------------------------------------------------------------------

function nodeEnv(databaseUrl, port) {
  return {
    ...process.env,
    NODE_ENV: 'development',
    SANDBOX: '1',
    // The demo data brings the game providers' rows (the sandbox provider behind PG).
    DEMO: '1',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    REDIS_URL: opts['redis-url'],
    REDIS_KEY_PREFIX: `mw-soak:${randomBytes(4).toString('hex')}:`,
    JOB_RUNNER: 'pg-boss',
    LOG_LEVEL: 'error',
    TRUST_PROXY: '1',
    MONEY_RATE_PER_MINUTE: '1000000',
    // The keys every node must share (docs/deploy.md): the nodes sign and read each other's links.
    SLIP_URL_SECRET: 'soak-slip-url-secret-shared-by-every-node',
    // The settlers ask often, so what a kill left open settles within the run's last minute.
    TRANSFER_RECONCILE_INTERVAL_MS: '5000',
    PAYOUT_SETTLE_INTERVAL_MS: '5000',
    QR_SETTLE_INTERVAL_MS: '5000',
    SANDBOX_PAYOUT_DELAY_MS: '2000',
  };
}

class Node {
  constructor(index, databaseUrl, port) {
    this.index = index;
    this.port = port;
    this.env = nodeEnv(databaseUrl, port);
    this.child = null;
    this.up = false;
  }

  async start() {
    this.child = spawn(process.execPath, [SERVER_ENTRY], {
      cwd: ROOT,
      env: this.env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    for (let attempt = 0; attempt < 240; attempt += 1) {
      try {
        if ((await fetch(`http://127.0.0.1:${this.port}/readyz`)).ok) {
          this.up = true;
          return;
        }
      } catch {
        // not listening yet
      }
      await sleep(250);
    }
    throw new Error(`node ${this.index} did not get ready within 60 s`);
  }

  async kill() {
    this.up = false;
    const exited = once(this.child, 'exit');
    this.child.kill('SIGKILL');
    await exited;
  }

  async stop() {
    if (!this.child || this.child.exitCode !== null) return;
    const exited = once(this.child, 'exit');
    this.child.kill('SIGINT');
    await exited;
  }
}

/**
 * A round-robin proxy: each request goes to the next node; when a node refuses the connection (it is down) the
 * request goes to the next, as nothing of it was sent; a connection cut after that answers 502.
 */
function startProxy(nodes) {
  let next = 0;
  const server = http.createServer(async (request, response) => {
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const body = Buffer.concat(chunks);
    for (let tries = 0; tries < nodes.length * 2; tries += 1) {
      const node = nodes[next++ % nodes.length];
      const outcome = await new Promise((resolve) => {
        const upstream = http.request(
          { host: '127.0.0.1', port: node.port, method: request.method, path: request.url, headers: request.headers },
          (answer) => {
            response.writeHead(answer.statusCode, answer.headers);
            answer.pipe(response);
            answer.on('end', () => resolve('done'));
            answer.on('error', () => resolve('cut'));
          },
        );
        upstream.on('error', (error) => resolve(error.code === 'ECONNREFUSED' ? 'refused' : 'cut'));
        upstream.end(body);
      });
      if (outcome === 'done') return;
      if (outcome === 'cut') {
        if (!response.headersSent) response.writeHead(502).end();
        else response.destroy();
        return;
      }
    }
    response.writeHead(503).end();
  });
  server.keepAliveTimeout = 5000;
  return server;
}

// ---- the members ---------------------------------------------------------------------------------------------

const calls = new Map();
const errorsByMinute = new Map();
let started = 0;
let unanswered = 0;

function record(name, ms) {
  if (!calls.has(name)) calls.set(name, []);
  calls.get(name).push(ms);
}

function countError(kind) {
  const minute = Math.floor((Date.now() - started) / 60_000);
  const row = errorsByMinute.get(minute) ?? { retried: 0, refused: 0 };
  row[kind] += 1;
  errorsByMinute.set(minute, row);
}

/**
 * One call through the proxy, sent again with the same key while it is cut off (network error, 502, 503, a
 * 409 for a key whose first request is still running): its final answer, `{ status, data }`.
 */
async function call(base, name, path, { method = 'GET', token, body, address, key, deadline = Infinity } = {}) {
  const headers = { 'x-app-name': 'wallet-user', accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (address) headers['x-forwarded-for'] = address;
  if (key) headers['idempotency-key'] = key;
  const begun = performance.now();
  for (let attempt = 0; ; attempt += 1) {
    let status = 0;
    let data;
    try {
      const response = await fetch(`${base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      status = response.status;
      data = await response.json().catch(() => undefined);
    } catch {
      status = 0;
    }
    const inFlight = status === 409 && data?.message !== 'IDEMPOTENCY_KEY_REUSED' && key !== undefined;
    const retry = status === 0 || status === 502 || status === 503 || status === 429 || inFlight;
    if (!retry) {
      record(name, performance.now() - begun);
      return { status, data };
    }
    countError('retried');
    if (Date.now() > deadline || attempt > 200) {
      unanswered += 1;
      log(
        `  gave up on ${name} (${method} ${path}) after ${attempt + 1} tries: last answer ${status} ${data?.message ?? ''}`,
      );
      countError('refused');
      return { status, data };
    }
    await sleep(Math.min(2000, 100 * 2 ** Math.min(attempt, 5)));
  }
}

function memberOf(index) {
  const serial = String(index).padStart(4, '0');
  return {
    index,
    phone: `0877${String(process.pid % 1000).padStart(3, '0')}${serial.slice(1)}`,
    password: 'soak-password-1',
    address: `198.19.${Math.floor(index / 200)}.${(index % 200) + 1}`,
    bankAccountNo: `66${String(process.pid % 10000).padStart(4, '0')}${serial}`,
    token: null,
    /** The model, in satang: QRs the member paid at the gateway, withdrawals the server accepted. */
    paidMinor: 0,
    withdrawnMinor: 0,
    wallet: 0,
  };
}

async function login(base, member) {
  const answer = await call(base, 'login', '/api/login', {
    method: 'POST',
    address: member.address,
    body: { username: member.phone, password: member.password },
  });
  if (answer.status !== 200) throw new Error(`login ${member.phone}: ${answer.status} ${JSON.stringify(answer.data)}`);
  member.token = answer.data.token;
}

async function register(base, member) {
  const answer = await call(base, 'register', '/api/account', {
    method: 'POST',
    address: member.address,
    body: {
      name: `Soak ${member.index}`,
      username: member.phone,
      password: member.password,
      bankCode: 'KBANK',
      bankAccountName: 'SOAK MEMBER',
      bankAccountNo: member.bankAccountNo,
    },
  });
  if (answer.status !== 200 && answer.data?.message !== 'EXISTING_USER')
    throw new Error(`register ${member.phone}: ${answer.status} ${JSON.stringify(answer.data)}`);
  await login(base, member);
  const opened = await call(base, 'open game account', `/api/wallet/activate/${PROVIDER}`, {
    token: member.token,
    address: member.address,
  });
  if (opened.status !== 200) throw new Error(`activate: ${opened.status} ${JSON.stringify(opened.data)}`);
}

const ACTIONS = [
  ['home', 30],
  ['statement', 12],
  ['deposit', 12],
  ['to game', 14],
  ['from game', 10],
  ['withdraw', 6],
  ['chat', 10],
  ['login', 6],
];
const WEIGHT = ACTIONS.reduce((sum, [, weight]) => sum + weight, 0);

function nextAction() {
  let roll = Math.random() * WEIGHT;
  for (const [name, weight] of ACTIONS) {
    roll -= weight;
    if (roll < 0) return name;
  }
  return 'home';
}

async function act(base, member, action, deadline) {
  const auth = { token: member.token, address: member.address, deadline };
  switch (action) {
    case 'home': {
      const answer = await call(base, 'home', '/api/wallet', auth);
      if (answer.status === 200) member.wallet = answer.data.wallet.amount;
      return answer;
    }
    case 'statement':
      return call(base, 'statement', '/api/statement', { ...auth, method: 'POST', body: { page: 1, limit: 20 } });
    case 'deposit': {
      const amount = 100 + 50 * Math.floor(Math.random() * 9);
      const made = await call(base, 'QR made', `/api/qrcode/KBANK`, { ...auth, method: 'POST', body: { amount } });
      if (made.status !== 200 || !made.data?.hasQrcode) return made;
      const paid = await call(base, 'QR paid (bank app)', '/sandbox/payments/KBANK/pay', {
        method: 'POST',
        body: { qrcodeId: made.data.qrcodeId },
        deadline,
      });
      // 409: the first attempt paid it before its answer was cut off.
      if (paid.status === 200 || paid.status === 409) member.paidMinor += amount * 100;
      return paid;
    }
    case 'to game':
    case 'from game': {
      const toGame = action === 'to game';
      const amount = 10 + Math.floor(Math.random() * 90);
      return call(base, action, '/api/wallet/transfer', {
        ...auth,
        method: 'POST',
        key: randomUUID(),
        body: { from: toGame ? 'wallet' : PROVIDER, to: toGame ? PROVIDER : 'wallet', amount },
      });
    }
    case 'withdraw': {
      const answer = await call(base, 'withdraw', '/api/wallet/withdraw', {
        ...auth,
        method: 'POST',
        key: randomUUID(),
        body: { amount: 100 },
      });
      if (answer.status === 200 && answer.data.status !== 'FAILED') member.withdrawnMinor += 100 * 100;
      return answer;
    }
    case 'chat':
      return call(base, 'chat message', '/api/chat/send-message', {
        ...auth,
        method: 'POST',
        body: {
          sender: 'customer',
          message: { message_type: 'text', payload: { message: `soak ${Date.now()}` } },
          clientMessageId: randomUUID(),
        },
      });
    case 'login':
      return login(base, member);
    default:
      throw new Error(action);
  }
}

async function memberLoop(base, member, endAt) {
  await sleep(Math.random() * THINK_MS);
  while (Date.now() < endAt) {
    await act(base, member, nextAction(), endAt + 60_000);
    await sleep(THINK_MS / 2 + Math.random() * THINK_MS);
  }
}

// ---- the checks ----------------------------------------------------------------------------------------------

async function settle(pool) {
  for (let wait = 0; wait < 120; wait += 1) {
    const { rows } = await pool.query(`
      select (select count(*) from game_transfers where state not in ('completed', 'failed')) as transfers,
             (select count(*) from withdrawals where status = 'IN_PROGRESS') as withdrawals`);
    const open = rows[0];
    if (Number(open.transfers) === 0 && Number(open.withdrawals) === 0) return open;
    if (wait % 10 === 0)
      log(`  waiting for the jobs: ${open.transfers} transfers and ${open.withdrawals} withdrawals open`);
    await sleep(1000);
  }
  throw new Error('transfers or withdrawals still open after 2 minutes');
}

async function jobsRunTwice(pool) {
  const { rows } = await pool.query(`
    select name, singleton_on, count(*) as passes from pgboss.job
    where state = 'completed' and singleton_on is not null group by 1, 2 having count(*) > 1`);
  const { rows: totals } = await pool.query(
    `select name, count(*) filter (where state = 'completed') as completed,
            count(*) filter (where retry_count > 0) as retried from pgboss.job group by 1 order by 1`,
  );
  return { twice: rows, totals };
}

// ---- the run -------------------------------------------------------------------------------------------------

async function main() {
  const databaseName = `mw_soak_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: opts['database-url'] });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  const url = new URL(opts['database-url']);
  url.pathname = `/${databaseName}`;
  const databaseUrl = url.toString();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const nodes = [];
  let proxy;
  let failed = false;
  try {
    // The first node migrates; the others start together, as an orchestrator starts them.
    for (let index = 0; index < NODES; index += 1) nodes.push(new Node(index + 1, databaseUrl, await freePort()));
    await nodes[0].start();
    await Promise.all(nodes.slice(1).map((node) => node.start()));
    proxy = startProxy(nodes);
    proxy.listen(0, '127.0.0.1');
    await once(proxy, 'listening');
    const base = `http://127.0.0.1:${proxy.address().port}`;
    log(`${NODES} nodes on ${databaseName}, Redis ${opts['redis-url']}, behind ${base}`);

    const direct = `http://127.0.0.1:${nodes[0].port}`;
    for (const [path, body] of [
      ['/sandbox/settings', { registerOTP: false, enableChatWidget: true }],
      ['/sandbox/settings/withdrawAutoApprove', { currency: 'BAHT', maxMinor: 1_000_000 }],
      ['/sandbox/payout/settings', { failRate: 0 }],
    ]) {
      const answer = await fetch(`${direct}${path}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!answer.ok) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
    }

    const members = Array.from({ length: MEMBERS }, (_, index) => memberOf(index));
    log(`registering ${MEMBERS} members, each with a ${PROVIDER} account...`);
    const registering = [...members];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let member = registering.shift(); member; member = registering.shift()) await register(base, member);
      }),
    );

    log(`running for ${RUN_MS / 60_000} min, one node killed (SIGKILL) every ${KILL_EVERY_MS / 1000} s...`);
    started = Date.now();
    const endAt = started + RUN_MS;
    let kills = 0;
    const chaos = (async () => {
      while (Date.now() + KILL_EVERY_MS <= endAt) {
        await sleep(KILL_EVERY_MS);
        const node = nodes[kills % nodes.length];
        kills += 1;
        await node.kill();
        log(`  ${Math.round((Date.now() - started) / 1000)} s: node ${node.index} killed`);
        await sleep(5000);
        await node.start();
        log(`  ${Math.round((Date.now() - started) / 1000)} s: node ${node.index} back`);
      }
    })();
    await Promise.all([...members.map((member) => memberLoop(base, member, endAt)), chaos]);

    log('the run is over: letting the jobs settle what the kills left open...');
    await settle(pool);
    for (const member of members) {
      const answer = await call(base, 'everything to the wallet', '/api/wallet/transferAll', {
        token: member.token,
        address: member.address,
        method: 'POST',
        key: randomUUID(),
        body: { to: 'wallet' },
      });
      // MONEY_NOT_ENOUGH: nothing is in the member's game accounts.
      if (answer.status !== 200 && answer.data?.message !== 'MONEY_NOT_ENOUGH')
        throw new Error(`transferAll: ${answer.status} ${JSON.stringify(answer.data)}`);
    }
    await settle(pool);

    const problems = [];
    // `npm run ledger:check`: exit code 0 when every balance equals its postings and every entry balances.
    const ledger = await run('npm', ['run', '--silent', 'ledger:check'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl },
    }).then(
      ({ stdout }) => ({ sound: true, report: stdout }),
      (error) => ({ sound: false, report: `${error.stdout ?? ''}${error.stderr ?? error.message}` }),
    );
    log(`ledger check: ${ledger.sound ? 'sound (no drift, no unbalanced entry)' : 'FAILED'}`);
    if (!ledger.sound) problems.push(`ledger check:\n${ledger.report}`);

    let mismatched = 0;
    for (const member of members) {
      const answer = await call(base, 'home', '/api/wallet', { token: member.token, address: member.address });
      const walletMinor = Math.round(answer.data.wallet.amount * 100);
      const gameMinor = answer.data.slots.reduce((sum, slot) => sum + Math.round(slot.amount * 100), 0);
      const expected = member.paidMinor - member.withdrawnMinor;
      if (walletMinor + gameMinor !== expected) {
        mismatched += 1;
        problems.push(`${member.phone}: wallet ${walletMinor} + games ${gameMinor}, the model says ${expected}`);
      }
    }
    log(`members whose money equals the model: ${MEMBERS - mismatched} of ${MEMBERS}`);
    if (unanswered > 0) problems.push(`${unanswered} calls were never answered`);
    const jobs = await jobsRunTwice(pool);
    if (jobs.twice.length > 0) problems.push(`jobs run twice in one interval: ${JSON.stringify(jobs.twice)}`);

    log('');
    log(`kills: ${kills}; calls never answered: ${unanswered}`);
    log('call                         count     p50 ms    p99 ms');
    for (const [name, latencies] of [...calls.entries()].sort()) {
      const sorted = [...latencies].sort((a, b) => a - b);
      log(
        `${name.padEnd(28)} ${String(sorted.length).padStart(6)} ${percentile(sorted, 50).toFixed(1).padStart(10)} ${percentile(sorted, 99).toFixed(1).padStart(9)}`,
      );
    }
    log('minute   calls cut off and sent again   given up');
    for (const [minute, row] of [...errorsByMinute.entries()].sort((a, b) => a[0] - b[0]))
      log(`${String(minute).padStart(6)}   ${String(row.retried).padStart(28)}   ${String(row.refused).padStart(8)}`);
    log('job                   passes   retried');
    for (const row of jobs.totals)
      log(`${row.name.padEnd(21)} ${String(row.completed).padStart(6)} ${String(row.retried).padStart(9)}`);
    for (const problem of problems.slice(0, 20)) log(`PROBLEM: ${problem}`);
    failed = problems.length > 0;
    log(
      failed
        ? 'the soak FAILED'
        : 'the soak held: no drift, every member as modelled, every call answered, no job twice',
    );
  } finally {
    proxy?.close();
    await Promise.all(nodes.map((node) => node.stop().catch(() => {})));
    await pool.end();
    const cleanup = new pg.Client({ connectionString: opts['database-url'] });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${databaseName} with (force)`);
    await cleanup.end();
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(2);
});
