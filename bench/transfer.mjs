#!/usr/bin/env node
/**
 * Transfer benchmark (issue 4). Not a CI gate: it prints figures; record them in docs/performance.md.
 *
 *   node bench/transfer.mjs [--members 50] [--seconds 20] [--provider PG] [--database-url URL] [--cpu-prof DIR]
 *                           [--timeline] [--share 0.5] [--provider-database-url URL] [--server-cpus LIST]
 *
 * 1. creates two throw-away PostgreSQL databases (default server postgres://postgres@127.0.0.1:5432) and starts
 *    the production server (apps/server/dist/server.js: build first) on each: one is the provider host whose
 *    sandbox game provider plays the other party, the other is the server measured, reaching the provider
 *    over HTTP (SANDBOX_GAMES_BASE_URL) as it would reach a real one;
 * 2. registers N members through the API, logs them in, opens their game account at the provider, and
 *    credits each wallet with one balanced deposit entry (deposits arrive with issue 5);
 * 3. HTTP: N concurrent members, each sending wallet -> game transfers of 1 baht back to back
 *    (POST /api/wallet/transfer with an Idempotency-Key: token check, rate limit, idempotency record, saga,
 *    the sandbox provider over real HTTP, the ledger) for the given seconds;
 * 4. SQL: the same ledger transaction as raw SQL (lock both accounts in id order, check the balance, insert the
 *    entry and its two postings, update both balances) from N concurrent connections for the same seconds;
 * 5. HTTP again, the same members at half the back-to-back rate (each pausing between transfers): the latency a
 *    member sees on a busy server, where back to back it is only members / throughput;
 * 6. prints transfers per second, p50 and p99 latency of each, the HTTP/SQL ratio and, from /proc, the CPU time
 *    per transfer of each process (PostgreSQL's counts every postgres process, split by the database each
 *    backend serves: run it on a quiet machine), and how many of the machine's cores were busy in the steady
 *    phase (half the back-to-back rate is not half the cores: grouped transfers cost less per transfer when
 *    many arrive at once); with --timeline, the steady phase's latency second by second (where a p99 comes from),
 *    then drops the databases.
 * Targets on PostgreSQL: HTTP at least 40% of the SQL rate, HTTP p99 under 50 ms at 50 concurrent members.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { api, log, percentile, startServer, stopServers } from './support.mjs';

const { values: opts } = parseArgs({
  options: {
    members: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '20' },
    provider: { type: 'string', default: 'PG' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    /** Writes V8 CPU profiles of both servers to this folder (open it in Chrome's DevTools). */
    'cpu-prof': { type: 'string' },
    /** Prints the steady phase's transfers, p99 and slowest answer for each second. */
    timeline: { type: 'boolean', default: false },
    /** The steady phase's load as a share of the back-to-back rate (the "half capacity" is 0.5). */
    share: { type: 'string', default: '0.5' },
    /**
     * The PostgreSQL server of the provider host's database (default: --database-url's): another cluster, pinned
     * to other cores, stands for the provider's own machine (docs/performance.md, Our side alone on a core).
     */
    'provider-database-url': { type: 'string' },
    /** Pins the measured server (every thread) to these cores with taskset, e.g. `0`; the rest keep theirs. */
    'server-cpus': { type: 'string' },
  },
});
const MEMBERS = Number(opts.members);
const SECONDS = Number(opts.seconds);
const PROVIDER = opts.provider;
const SHARE = Number(opts.share);
const SHARE_NAME = SHARE === 0.5 ? 'half' : `${Math.round(SHARE * 100)}% of`;
/** Both servers: the benchmark measures throughput, not the per-member guard against abuse. */
const BENCH_ENV = { TRUST_PROXY: '1', MONEY_RATE_PER_MINUTE: '1000000' };
/** Each wallet holds enough for every transfer a member can send in the run. */
const WALLET_BAHT = 1_000_000;

/** CPU seconds (user + system) a process has used so far, from /proc; undefined where there is no /proc. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds of every PostgreSQL process on this machine (all of it is ours on a quiet machine), by the
 * database each backend serves (pg_stat_activity); the server's own processes under "server".
 */
async function postgresCpu(admins) {
  const databases = new Map();
  for (const admin of admins) {
    const { rows } = await admin.query('select pid, datname from pg_stat_activity');
    for (const row of rows) databases.set(String(row.pid), row.datname ?? 'server');
  }
  const byPid = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!readFileSync(`/proc/${entry}/comm`, 'utf8').startsWith('postgres')) continue;
      byPid.set(entry, { seconds: cpuSeconds(entry) ?? 0, database: databases.get(entry) ?? 'server' });
    } catch {
      // the process ended meanwhile
    }
  }
  return byPid;
}

/** Where the CPU went, by process: server, provider host, PostgreSQL and this load generator. */
async function cpuSnapshot(server, providerHost, admins) {
  if (!existsSync('/proc/self/stat')) return undefined;
  const own = process.cpuUsage();
  return {
    server: cpuSeconds(server.child.pid) ?? 0,
    provider: cpuSeconds(providerHost.child.pid) ?? 0,
    postgres: await postgresCpu(admins),
    load: (own.user + own.system) / 1e6,
  };
}

/** PostgreSQL's CPU seconds between two snapshots, in all and by database (a backend new since counts whole). */
function postgresUsed(before, after) {
  const byDatabase = new Map();
  let total = 0;
  for (const [pid, now] of after.postgres) {
    const used = now.seconds - (before.postgres.get(pid)?.seconds ?? 0);
    total += used;
    byDatabase.set(now.database, (byDatabase.get(now.database) ?? 0) + used);
  }
  return { total, byDatabase };
}

function summary(name, latencies, seconds) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    name,
    transfers: sorted.length,
    perSecond: sorted.length / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
  };
}

async function createMembers(base) {
  await fetch(`${base}/sandbox/settings`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ registerOTP: false }),
  });
  const members = [];
  for (let index = 0; index < MEMBERS; index += 1) {
    const serial = String(index).padStart(4, '0');
    const phone = `0899${String(process.pid % 1000).padStart(3, '0')}${serial.slice(1)}`;
    const address = `198.18.${Math.floor(index / 200)}.${(index % 200) + 1}`;
    await api(base, '/api/account', {
      method: 'POST',
      address,
      body: {
        name: `Bench ${serial}`,
        username: phone,
        password: 'bench-password',
        bankCode: 'KBANK',
        bankAccountName: 'BENCH MEMBER',
        bankAccountNo: `55${String(process.pid % 10000).padStart(4, '0')}${serial}`,
      },
    });
    const { token } = await api(base, '/api/login', {
      method: 'POST',
      address,
      body: { username: phone, password: 'bench-password' },
    });
    await api(base, `/api/wallet/activate/${PROVIDER}`, { token, address });
    members.push({ phone, token, address });
  }
  return members;
}

/** One balanced deposit entry per member, written as the ledger writes it, so every wallet can pay. */
async function creditWallets(pool) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const { rows: members } = await client.query(
      "select id, currency from members where name like 'Bench %' order by id",
    );
    for (const member of members) {
      const wallet = await ensureAccount(client, 'member_wallet', member.id, null, member.currency);
      const clearing = await ensureAccount(client, 'deposit_clearing', null, null, member.currency);
      await post(
        client,
        member.id,
        'deposit',
        `bench-credit:${member.id}`,
        clearing,
        wallet,
        BigInt(WALLET_BAHT) * 100n,
      );
    }
    await client.query('commit');
    return members.length;
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

async function ensureAccount(client, kind, memberId, providerCode, currency) {
  const found = await client.query(
    `select id from ledger_accounts where kind = $1 and member_id is not distinct from $2
       and provider_code is not distinct from $3 and currency = $4`,
    [kind, memberId, providerCode, currency],
  );
  if (found.rows[0]) return found.rows[0].id;
  const inserted = await client.query(
    'insert into ledger_accounts (kind, member_id, provider_code, currency) values ($1, $2, $3, $4) returning id',
    [kind, memberId, providerCode, currency],
  );
  return inserted.rows[0].id;
}

/**
 * The ledger's transfer transaction in raw SQL: both accounts locked in id order, the member's balance checked,
 * the entry and its two postings inserted, both balances updated. Runs inside the caller's transaction.
 */
async function post(client, memberId, type, key, from, to, amount) {
  const locked = await client.query(
    'select id, kind, balance from ledger_accounts where id = any($1::bigint[]) order by id for update',
    [[from, to]],
  );
  const source = locked.rows.find((row) => String(row.id) === String(from));
  if (source.kind.startsWith('member_') && BigInt(source.balance) < amount) throw new Error('MONEY_NOT_ENOUGH');
  const entry = await client.query(
    `insert into journal_entries (member_id, type, status, idempotency_key) values ($1, $2, 'completed', $3)
     returning id`,
    [memberId, type, key],
  );
  await client.query('insert into postings (entry_id, account_id, amount) values ($1, $2, $3), ($1, $4, $5)', [
    entry.rows[0].id,
    from,
    String(-amount),
    to,
    String(amount),
  ]);
  await client.query(
    'update ledger_accounts set balance = balance + case when id = $1 then $2::bigint else $3::bigint end where id in ($1, $4)',
    [from, String(-amount), String(amount), to],
  );
}

/**
 * `pause` (ms, or null): null sends back to back, the saturating load that measures capacity; a number makes
 * each member wait that long (with jitter) between transfers, a steady load at which latency means something.
 */
async function runHttp(base, members, pause = null) {
  const latencies = [];
  /** [started, latency] of each answered transfer, in ms from the phase's start. */
  const timeline = [];
  const failures = new Map();
  const phaseStarted = performance.now();
  const deadline = phaseStarted + SECONDS * 1000;
  await Promise.all(
    members.map(async (member, index) => {
      if (pause !== null) await sleep((pause * index) / members.length);
      while (performance.now() < deadline) {
        const started = performance.now();
        try {
          await api(base, '/api/wallet/transfer', {
            method: 'POST',
            token: member.token,
            address: member.address,
            key: randomUUID(),
            body: { from: 'wallet', to: PROVIDER, amount: 1 },
          });
          latencies.push(performance.now() - started);
          timeline.push([started - phaseStarted, performance.now() - started]);
        } catch (error) {
          const reason = String(error.message).slice(0, 120);
          failures.set(reason, (failures.get(reason) ?? 0) + 1);
        }
        if (pause !== null) await sleep(pause * (0.5 + Math.random()) - (performance.now() - started));
      }
    }),
  );
  return { latencies, timeline, failures };
}

/**
 * A route's answers (200s) so far by the server's own http_request_duration_seconds histogram in /metrics:
 * how many, how many within 50 ms, and their summed seconds. The time from a request's arrival to its answer,
 * without the caller's own wait for a core on the same machine.
 */
async function routeTimes(base, route) {
  const lines = (await (await fetch(`${base}/metrics`)).text())
    .split('\n')
    .filter((line) => line.includes(`route="${route}"`) && line.includes('status_code="200"'));
  const value = (prefix, le = '') =>
    Number(
      lines
        .find((line) => line.startsWith(prefix) && line.includes(le))
        ?.split(' ')
        .at(-1) ?? 0,
    );
  return {
    all: value('http_request_duration_seconds_count'),
    within: value('http_request_duration_seconds_bucket', 'le="0.05"'),
    seconds: value('http_request_duration_seconds_sum'),
  };
}

/** Each of a route's figures between two readings of routeTimes. */
function timesBetween(before, after) {
  return {
    all: after.all - before.all,
    within: after.within - before.within,
    seconds: after.seconds - before.seconds,
  };
}

/** Transfers started in each second of a phase: how many, their p99 and the slowest. */
function printTimeline(timeline) {
  const seconds = new Map();
  for (const [started, latency] of timeline) {
    const second = Math.floor(started / 1000);
    if (!seconds.has(second)) seconds.set(second, []);
    seconds.get(second).push(latency);
  }
  log('| Second | Transfers | p99 | slowest |');
  log('| --- | --- | --- | --- |');
  for (const [second, latencies] of [...seconds].sort(([a], [b]) => a - b)) {
    const sorted = latencies.sort((a, b) => a - b);
    log(`| ${second} | ${sorted.length} | ${percentile(sorted, 99).toFixed(0)} ms | ${sorted.at(-1).toFixed(0)} ms |`);
  }
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}

async function runSql(pool) {
  const { rows } = await pool.query(
    `select m.id as member_id, w.id as wallet, p.id as position
       from members m
       join ledger_accounts w on w.member_id = m.id and w.kind = 'member_wallet'
       join ledger_accounts p on p.member_id = m.id and p.kind = 'member_provider_position' and p.provider_code = $1
      where m.name like 'Bench %'`,
    [PROVIDER],
  );
  const latencies = [];
  const deadline = performance.now() + SECONDS * 1000;
  let sequence = 0;
  await Promise.all(
    rows.map(async (row) => {
      const client = await pool.connect();
      try {
        while (performance.now() < deadline) {
          sequence += 1;
          const started = performance.now();
          await client.query('begin');
          try {
            await post(client, row.member_id, 'transfer', `bench-sql:${sequence}`, row.wallet, row.position, 100n);
            await client.query('commit');
          } catch (error) {
            await client.query('rollback');
            throw error;
          }
          latencies.push(performance.now() - started);
        }
      } finally {
        client.release();
      }
    }),
  );
  return latencies;
}

/** Pins a process and all its threads to the given cores (`taskset`, util-linux); throws when it cannot. */
function pinToCpus(pid, list) {
  const pinned = spawnSync('taskset', ['--all-tasks', '--cpu-list', '--pid', list, String(pid)], { encoding: 'utf8' });
  if (pinned.status !== 0) throw new Error(`taskset could not pin ${pid} to ${list}: ${pinned.stderr}`);
}

async function main() {
  const admin = new pg.Client({ connectionString: opts['database-url'] });
  await admin.connect();
  const providerServer = opts['provider-database-url'] ?? opts['database-url'];
  const providerAdmin =
    providerServer === opts['database-url'] ? admin : new pg.Client({ connectionString: providerServer });
  if (providerAdmin !== admin) await providerAdmin.connect();
  const admins = [...new Set([admin, providerAdmin])];
  const name = `bench_transfer_${process.pid}`;
  const providerName = `${name}_provider`;
  await admin.query(`create database ${name}`);
  await providerAdmin.query(`create database ${providerName}`);
  const databaseUrl = new URL(opts['database-url']);
  databaseUrl.pathname = `/${name}`;
  const providerDatabaseUrl = new URL(providerServer);
  providerDatabaseUrl.pathname = `/${providerName}`;
  let server;
  let providerHost;
  // Its connections stay open to the end: left to the default 10 s idle time, the raw-SQL phase's 50 backends
  // all ended 10 s into the steady phase, and their exits held every other backend up for about 650 ms.
  const pool = new pg.Pool({ connectionString: databaseUrl.toString(), max: MEMBERS, idleTimeoutMillis: 0 });
  // Dropping the database at the end terminates whatever idle connection the pool still holds.
  pool.on('error', () => undefined);
  try {
    // The provider is another party: its sandbox runs in a process and database of its own, so the server
    // measured does only its own side of a transfer, as in production.
    const profile = opts['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', opts['cpu-prof']] : [];
    providerHost = await startServer(providerDatabaseUrl.toString(), { ...BENCH_ENV, DEMO: '0' }, profile);
    server = await startServer(
      databaseUrl.toString(),
      { ...BENCH_ENV, DEMO: '1', SANDBOX_GAMES_BASE_URL: providerHost.url },
      profile,
    );
    if (opts['server-cpus']) pinToCpus(server.child.pid, opts['server-cpus']);
    log(`server ${server.url} on ${name}, provider host ${providerHost.url} on ${providerName}`);
    log(`registering ${MEMBERS} members with a ${PROVIDER} account...`);
    const members = await createMembers(server.url);
    log(`credited ${await creditWallets(pool)} wallets with ${WALLET_BAHT} baht each`);

    log(`HTTP: ${MEMBERS} members sending 1-baht transfers to ${PROVIDER} for ${SECONDS} s...`);
    const cpuBefore = await cpuSnapshot(server, providerHost, admins);
    const http = await runHttp(server.url, members);
    const cpuAfter = await cpuSnapshot(server, providerHost, admins);
    log(`SQL: the same ledger transaction from ${MEMBERS} connections for ${SECONDS} s...`);
    const sqlBefore = await cpuSnapshot(server, providerHost, admins);
    const sql = await runSql(pool);
    const sqlAfter = await cpuSnapshot(server, providerHost, admins);

    // A share of the capacity just measured (half unless --share says otherwise), spread over the members: how a
    // transfer feels while the server is busy but not saturated (a saturated closed loop's latency is only
    // members / throughput). The first /metrics reading waits for the ledger check it starts, before the phase.
    const steadyRate = (http.latencies.length / SECONDS) * SHARE;
    log(`HTTP steady: ${MEMBERS} members sending ${steadyRate.toFixed(0)} transfers/s in all for ${SECONDS} s...`);
    const TRANSFER_ROUTE = '/api/wallet/transfer';
    const PROVIDER_ROUTE = '/sandbox/games/:code/transactions';
    const ownBefore = await routeTimes(server.url, TRANSFER_ROUTE);
    const providerBefore = await routeTimes(providerHost.url, PROVIDER_ROUTE);
    // The CPU readings hold the phase alone, not the /metrics readings around it (the first runs a ledger check).
    const steadyBefore = await cpuSnapshot(server, providerHost, admins);
    const steady = await runHttp(server.url, members, (1000 * MEMBERS) / steadyRate);
    const steadyAfter = await cpuSnapshot(server, providerHost, admins);
    const own = timesBetween(ownBefore, await routeTimes(server.url, TRANSFER_ROUTE));
    const provider = timesBetween(providerBefore, await routeTimes(providerHost.url, PROVIDER_ROUTE));

    const rows = [
      summary('HTTP (POST /api/wallet/transfer), back to back', http.latencies, SECONDS),
      summary(`HTTP at ${SHARE_NAME} that rate`, steady.latencies, SECONDS),
      summary('raw SQL', sql, SECONDS),
    ];
    log('');
    log('| Path | Transfers | Per second | p50 | p99 |');
    log('| --- | --- | --- | --- | --- |');
    for (const row of rows) {
      log(
        `| ${row.name} | ${row.transfers} | ${row.perSecond.toFixed(0)} | ${row.p50.toFixed(1)} ms | ${row.p99.toFixed(1)} ms |`,
      );
    }
    log('');
    log(
      `HTTP / SQL rate: ${((100 * rows[0].perSecond) / rows[2].perSecond).toFixed(0)}% (target >= 40%); HTTP p99 at ${SHARE_NAME} capacity ${rows[1].p99.toFixed(1)} ms, back to back ${rows[0].p99.toFixed(1)} ms (target < 50 ms)`,
    );
    const ms = (seconds, count) => ((seconds * 1000) / count).toFixed(2);
    const cpuPer = (before, after, count, name) => ms(after[name] - before[name], count);
    if (cpuBefore && cpuAfter && http.latencies.length > 0) {
      const count = http.latencies.length;
      const per = (name) => cpuPer(cpuBefore, cpuAfter, count, name);
      const postgres = postgresUsed(cpuBefore, cpuAfter);
      const of = (database) => ms(postgres.byDatabase.get(database) ?? 0, count);
      log(
        `CPU per HTTP transfer: server ${per('server')} ms, provider host ${per('provider')} ms, PostgreSQL ${ms(postgres.total, count)} ms (our database ${of(name)}, the provider's ${of(providerName)}), load generator ${per('load')} ms`,
      );
    }
    if (sqlBefore && sqlAfter && sql.length > 0) {
      const per = (name) => cpuPer(sqlBefore, sqlAfter, sql.length, name);
      const postgres = postgresUsed(sqlBefore, sqlAfter);
      log(
        `CPU per raw-SQL transfer: PostgreSQL ${ms(postgres.total, sql.length)} ms, load generator ${per('load')} ms`,
      );
    }
    if (steadyBefore && steadyAfter && steady.latencies.length > 0) {
      const used = (name) => steadyAfter[name] - steadyBefore[name];
      const seconds = used('server') + used('provider') + used('load') + postgresUsed(steadyBefore, steadyAfter).total;
      log(
        `CPU at ${SHARE_NAME} rate: ${ms(seconds, steady.latencies.length)} ms per transfer in all (server ${ms(used('server'), steady.latencies.length)} ms); busy cores ${(seconds / SECONDS).toFixed(2)} of the machine's ${cpus().length}`,
      );
    }
    const mean = (times) => ((1000 * times.seconds) / Math.max(1, times.all)).toFixed(1);
    log(
      `The server's own time at ${SHARE_NAME} rate (its /metrics): ${own.within} of ${own.all} transfers within 50 ms (${((100 * own.within) / Math.max(1, own.all)).toFixed(1)}%; p99 under 50 ms needs 99%); mean ${mean(own)} ms, of which the provider host's answer ${mean(provider)} ms (${provider.all} calls)`,
    );
    if (opts.timeline) printTimeline(steady.timeline);
    for (const [reason, count] of [...http.failures, ...steady.failures]) log(`HTTP failures: ${count} x ${reason}`);
    const drift = await pool.query(
      `select a.id from ledger_accounts a left join postings p on p.account_id = a.id
        group by a.id, a.balance having a.balance <> coalesce(sum(p.amount), 0)`,
    );
    log(`ledger drift after the run: ${drift.rowCount} accounts`);
  } finally {
    await stopServers(server, providerHost);
    await pool.end();
    await admin.query(`drop database if exists ${name} with (force)`);
    await providerAdmin.query(`drop database if exists ${providerName} with (force)`);
    for (const client of admins) await client.end();
  }
}

await main();
