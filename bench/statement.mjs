#!/usr/bin/env node
/**
 * Statement benchmark (issue 5). Not a CI gate: it prints figures; record them in docs/performance.md.
 *
 *   node bench/statement.mjs [--entries 100000] [--other-entries 100000] [--other-members 1000] [--calls 50]
 *                            [--limit 10] [--database-url URL]
 *
 * 1. creates a throw-away PostgreSQL database (default server postgres://postgres@127.0.0.1:5432) and starts the
 *    production server (apps/server/dist/server.js: build first) on it;
 * 2. registers one member through the API and logs in;
 * 3. inserts the member's entries by raw SQL in one statement (generate_series): three deposits of 1 baht for
 *    every withdrawal of 0.50, each entry with its two balanced postings, two entries per second of time so
 *    that equal created_at values need the id to order them; and as many entries of other members (raw SQL
 *    too, deposits only), since a table holding one member only makes a sequential scan the planner's best
 *    count;
 *    then sets the balances to their postings' sums
 *    and runs VACUUM ANALYZE (autovacuum's work on a live database: statistics and the visibility map that
 *    index-only scans use);
 * 4. times POST /api/statement, one call after another, for the first, a middle and the last page, and a page
 *    past the end, and prints p50 and p99 of each;
 * 5. prints the plans (EXPLAIN ANALYZE) of the count and the page query as the server writes them, then drops
 *    the database.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { api, log, percentile, startServer, stopServers } from './support.mjs';

const { values: opts } = parseArgs({
  options: {
    entries: { type: 'string', default: '100000' },
    /** Entries of other members, spread over --other-members: the measured member is not alone in the table. */
    'other-entries': { type: 'string', default: '100000' },
    'other-members': { type: 'string', default: '1000' },
    calls: { type: 'string', default: '50' },
    limit: { type: 'string', default: '10' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const ENTRIES = Number(opts.entries);
const OTHER_ENTRIES = Number(opts['other-entries']);
const OTHER_MEMBERS = Math.max(1, Number(opts['other-members']));
const CALLS = Number(opts.calls);
const LIMIT = Number(opts.limit);
const WARM_UP_CALLS = 5;
/** The statement's row filter, as statement.repository.ts and the partial index of migration 0006 write it. */
const STATEMENT_ENTRY = `listed and reversal_of is null
  and type in ('deposit', 'bonus', 'finish_bonus', 'withdraw', 'transfer')`;

async function createMember(base) {
  await fetch(`${base}/sandbox/settings`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ registerOTP: false }),
  });
  const phone = `0877${String(process.pid % 1_000_000).padStart(6, '0')}`;
  await api(base, '/api/account', {
    method: 'POST',
    body: {
      name: 'Bench Statement',
      username: phone,
      password: 'bench-password',
      bankCode: 'KBANK',
      bankAccountName: 'BENCH MEMBER',
      bankAccountNo: `66${String(process.pid % 100_000_000).padStart(8, '0')}`,
    },
  });
  const { token } = await api(base, '/api/login', {
    method: 'POST',
    body: { username: phone, password: 'bench-password' },
  });
  return token;
}

async function account(pool, kind, memberId, currency) {
  const { rows } = await pool.query(
    `insert into ledger_accounts (kind, member_id, currency) values ($1, $2, $3)
     on conflict on constraint ledger_accounts_identity_key do update set kind = excluded.kind returning id`,
    [kind, memberId, currency],
  );
  return rows[0].id;
}

/** Other members (by raw SQL, as many as asked), each with a main wallet: ids of members and wallets. */
async function otherMembers(pool) {
  const { rows: members } = await pool.query(
    `insert into members (public_id, phone, password_hash, name, bank_code, bank_account_no, bank_account_name, currency)
     select 'bench-other-' || g, '0866' || lpad(g::text, 6, '0'), 'not-a-hash', 'Bench Other', 'KBANK',
            '77' || lpad(g::text, 8, '0'), 'BENCH OTHER', 'BAHT'
       from generate_series(1, $1::int) g
     returning id`,
    [OTHER_MEMBERS],
  );
  const ids = members.map((row) => row.id);
  const { rows: wallets } = await pool.query(
    `insert into ledger_accounts (kind, member_id, currency)
     select 'member_wallet', id, 'BAHT' from unnest($1::bigint[]) id returning id, member_id`,
    [ids],
  );
  const walletOf = new Map(wallets.map((row) => [String(row.member_id), row.id]));
  return { ids, wallets: ids.map((id) => walletOf.get(String(id))) };
}

/**
 * The measured member's entries, then the other members' (round robin), with their postings, in one statement;
 * then every balance set to its postings' sum, so the ledger stays sound.
 */
async function insertEntries(pool) {
  const { rows } = await pool.query("select id, currency from members where name = 'Bench Statement'");
  const { id: memberId, currency } = rows[0];
  const wallet = await account(pool, 'member_wallet', memberId, currency);
  const clearing = await account(pool, 'deposit_clearing', null, currency);
  const payable = await account(pool, 'withdrawal_payable', null, currency);
  const others = await otherMembers(pool);
  await pool.query('analyze members, ledger_accounts');
  const members = [memberId, ...others.ids];
  const wallets = [wallet, ...others.wallets];
  const total = ENTRIES + OTHER_ENTRIES;
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(
      `with numbered as (
         select g, case when g <= $3 then 1 else 2 + g % $4 end as k,
                now() - make_interval(secs => ($5 - g) / 2) as at
           from generate_series(1, $5::int) g
       ),
       entries as (
         insert into journal_entries (member_id, type, status, idempotency_key, created_at, updated_at)
         select ($1::bigint[])[k], case when k = 1 and g % 4 = 0 then 'withdraw' else 'deposit' end, 'completed',
                'bench-statement:' || g, at, at
           from numbered
         returning id, type, member_id
       )
       insert into postings (entry_id, account_id, amount)
       select e.id, leg.account_id, leg.amount
         from entries e
         join unnest($1::bigint[], $2::bigint[]) as w(member_id, wallet) on w.member_id = e.member_id
         cross join lateral (values
           (w.wallet, case when e.type = 'deposit' then 100 else -50 end::bigint),
           (case when e.type = 'deposit' then $6::bigint else $7::bigint end,
            case when e.type = 'deposit' then -100 else 50 end::bigint)
         ) as leg(account_id, amount)`,
      [members, wallets, ENTRIES, OTHER_MEMBERS, total, clearing, payable],
    );
    // The ledger's balance trigger checks every entry and posting at commit with a plan made then: statistics
    // of the rows just written (ANALYZE sees the transaction's own rows) keep it on the indexes.
    await client.query('analyze journal_entries, postings');
    await client.query(
      `update ledger_accounts a set balance = coalesce((select sum(p.amount) from postings p where p.account_id = a.id), 0)
        where a.id = any($1::bigint[])`,
      [[...wallets, clearing, payable]],
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
  await pool.query('vacuum analyze members, journal_entries, postings, ledger_accounts');
  return memberId;
}

async function timeCalls(base, token, page) {
  let answer;
  const latencies = [];
  for (let call = 0; call < WARM_UP_CALLS + CALLS; call += 1) {
    const started = performance.now();
    answer = await api(base, '/api/statement', { method: 'POST', token, body: { page, limit: LIMIT } });
    if (call >= WARM_UP_CALLS) latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  return { page, p50: percentile(latencies, 50), p99: percentile(latencies, 99), answer };
}

/** EXPLAIN ANALYZE of the server's two statements (the SQL statement.repository.ts generates). */
async function plans(pool, memberId, offset) {
  const count = await pool.query(
    `explain (analyze, buffers, costs off) select count(*) as total from journal_entries
      where member_id = $1 and ${STATEMENT_ENTRY}`,
    [memberId],
  );
  const page = await pool.query(
    `explain (analyze, buffers, costs off)
     select e.id, e.type, e.status, e.reference, e.created_at, m.bank_code,
       (select sum(p.amount)::bigint from postings p join ledger_accounts a on a.id = p.account_id
         where p.entry_id = e.id and a.member_id = $1 and a.kind = 'member_wallet') as wallet_minor,
       (select sum(p.amount)::bigint from postings p join ledger_accounts a on a.id = p.account_id
         where p.entry_id = e.id and a.member_id = $1 and a.kind <> 'member_wallet') as other_minor
     from (select id, created_at from journal_entries where member_id = $1 and ${STATEMENT_ENTRY}
           order by created_at desc, id desc limit $2 offset $3) as page
     inner join journal_entries as e on e.id = page.id
     inner join members as m on m.id = e.member_id
     order by page.created_at desc, page.id desc`,
    [memberId, LIMIT, offset],
  );
  const text = (result) => result.rows.map((row) => `    ${row['QUERY PLAN']}`).join('\n');
  return { count: text(count), page: text(page) };
}

async function main() {
  const admin = new pg.Client({ connectionString: opts['database-url'] });
  await admin.connect();
  const name = `bench_statement_${process.pid}`;
  await admin.query(`create database ${name}`);
  const databaseUrl = new URL(opts['database-url']);
  databaseUrl.pathname = `/${name}`;
  let server;
  const pool = new pg.Pool({ connectionString: databaseUrl.toString(), max: 2 });
  // Dropping the database at the end terminates whatever idle connection the pool still holds.
  pool.on('error', () => undefined);
  try {
    server = await startServer(databaseUrl.toString(), {
      DEMO: '0',
      TRANSFER_RECONCILE_INTERVAL_MS: '0',
      PAYOUT_SETTLE_INTERVAL_MS: '0',
    });
    log(`server ${server.url} on ${name}`);
    const token = await createMember(server.url);
    const started = performance.now();
    const memberId = await insertEntries(pool);
    log(
      `inserted ${ENTRIES} entries of the member and ${OTHER_ENTRIES} of ${OTHER_MEMBERS} other members, two postings each, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const lastPage = Math.ceil(ENTRIES / LIMIT);
    const middlePage = Math.ceil(lastPage / 2);
    log(`POST /api/statement, limit ${LIMIT}, ${CALLS} calls per page after ${WARM_UP_CALLS} to warm up...`);
    const results = [];
    for (const page of [1, middlePage, lastPage, lastPage + 1]) results.push(await timeCalls(server.url, token, page));
    log('');
    log('| Page | Rows | Total | p50 | p99 |');
    log('| --- | --- | --- | --- | --- |');
    for (const { page, p50, p99, answer } of results) {
      log(`| ${page} | ${answer.statements.length} | ${answer.total} | ${p50.toFixed(1)} ms | ${p99.toFixed(1)} ms |`);
    }
    const wrong = results.filter(({ answer }) => answer.total !== ENTRIES);
    if (wrong.length > 0) throw new Error(`total is not ${ENTRIES} on pages ${wrong.map((r) => r.page).join(', ')}`);

    const plan = await plans(pool, memberId, (middlePage - 1) * LIMIT);
    log('');
    log('Count (EXPLAIN ANALYZE):');
    log(plan.count);
    log(`Page ${middlePage} (EXPLAIN ANALYZE):`);
    log(plan.page);
  } finally {
    await stopServers(server);
    await pool.end();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

await main();
