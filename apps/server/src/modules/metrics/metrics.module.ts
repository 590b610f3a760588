import { timingSafeEqual } from 'node:crypto';
import { toMinor } from '@member-wallet/contract/money';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { checkLedger, type LedgerReport } from '../../core/ledger/ledger.reconcile.ts';
import type { Core } from '../../core.ts';
import { poolUse } from '../../db/connect.ts';
import { OPEN_TRANSFER_STATES } from '../../db/tables/games.table.ts';
import type { JobRecord } from '../../lib/job-stats.ts';
import { MetricsRepository } from './metrics.repository.ts';

/** Request durations, in seconds: from a cached lookup to a slow party call. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/**
 * The ledger check walks every account and entry: a scrape starts one at most this often, on each node, and
 * answers the last result meanwhile.
 */
export const LEDGER_CHECK_EVERY_MS = 5 * 60_000;

export interface MetricsDeps {
  /** Whether any party answers from its sandbox (docs/parties/README.md). */
  sandboxActive: () => Promise<boolean>;
}

/**
 * `GET /metrics` in Prometheus text (docs/operations.md, Metrics): the runtime's defaults (`nodejs_version_info`,
 * CPU, memory, event loop, garbage collection), request durations by route template, the database pool, the
 * periodic jobs, the money figures an operator watches, and whether the sandbox is on. A registry of the app's
 * own, so two apps in one process (the tests, a restart) never share series. With METRICS_TOKEN set, a scraper
 * sends it as a bearer token; without it the route is open, for a scraper on the private network (the proxy does
 * not route /metrics: docs/operations.md).
 */
export function registerMetrics(
  app: FastifyInstance,
  core: Pick<Core, 'clock' | 'config' | 'db' | 'log' | 'memberEvents'>,
  deps: MetricsDeps,
): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route template and status, with their durations',
    labelNames: ['method', 'route', 'status_code'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'member_wallet_sandbox_active',
    help: '1 while any party answers from its sandbox (no real money moves there), else 0',
    registers: [registry],
    async collect() {
      this.set((await deps.sandboxActive()) ? 1 : 0);
    },
  });
  registerPoolMetrics(registry, core);
  registerJobMetrics(registry, app);
  registerMoneyMetrics(registry, core);

  app.addHook('onResponse', async (request, reply) => {
    // The template, never the path: one series per route, whatever ids or probes arrive.
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    durations.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  const token = core.config.server.metricsToken;
  const expected = token === null ? null : Buffer.from(`Bearer ${token}`);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (expected !== null && !sameSecret(request.headers.authorization, expected)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send({ message: 'UNAUTHORIZED' });
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
  return registry;
}

/** The PostgreSQL pool of this node (nothing on the embedded database, which is one connection). */
function registerPoolMetrics(registry: Registry, core: Pick<Core, 'db'>) {
  if (poolUse(core.db) === null) return;
  new Gauge({
    name: 'member_wallet_db_pool_connections',
    help: "This node's PostgreSQL pool: connections open (total), idle, and queries waiting for one (waiting)",
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const use = poolUse(core.db);
      if (!use) return;
      for (const state of ['total', 'idle', 'waiting'] as const) this.set({ state }, use[state]);
    },
  });
}

/** The periodic jobs of this node (lib/jobs/). */
function registerJobMetrics(registry: Registry, app: FastifyInstance) {
  new Counter({
    name: 'member_wallet_job_runs_total',
    help: "Passes of this node's periodic jobs, by job and outcome (ok or failed)",
    labelNames: ['job', 'outcome'],
    registers: [registry],
    // The counts are kept by the jobs (lib/job-stats.ts); each scrape reads them as they are.
    collect() {
      this.reset();
      for (const job of app.jobStats.all()) {
        this.inc({ job: job.name, outcome: 'ok' }, job.ok);
        this.inc({ job: job.name, outcome: 'failed' }, job.failed);
      }
    },
  });
  const lastPass = [
    [
      'member_wallet_job_last_success_timestamp_seconds',
      'When each periodic job last ended a pass without error on this node (Unix time); absent before the first',
      (job: JobRecord) => (job.lastSuccessAt === null ? null : job.lastSuccessAt / 1000),
    ],
    [
      'member_wallet_job_last_duration_seconds',
      "How long each periodic job's last pass on this node took",
      (job: JobRecord) => (job.lastDurationMs === null ? null : job.lastDurationMs / 1000),
    ],
  ] as const;
  for (const [name, help, value] of lastPass) {
    new Gauge({
      name,
      help,
      labelNames: ['job'],
      registers: [registry],
      collect() {
        this.reset();
        for (const job of app.jobStats.all()) {
          const seconds = value(job);
          if (seconds !== null) this.set({ job: job.name }, seconds);
        }
      },
    });
  }
}

/** The money figures: credits by channel and withdrawals as they happen here, open work and the ledger's state. */
function registerMoneyMetrics(registry: Registry, core: Pick<Core, 'clock' | 'db' | 'log' | 'memberEvents'>) {
  const deposits = new Counter({
    name: 'member_wallet_deposits_credited_total',
    help: "Credits into members' wallets committed on this node, by channel (qr, slip, bank_transfer, truemoney, operator, other) and currency",
    labelNames: ['channel', 'currency'],
    registers: [registry],
  });
  const depositsMinor = new Counter({
    name: 'member_wallet_deposits_credited_minor_total',
    help: 'The amounts of those credits, in minor units (satang, att)',
    labelNames: ['channel', 'currency'],
    registers: [registry],
  });
  const withdrawals = new Counter({
    name: 'member_wallet_withdrawals_total',
    help: 'Withdrawals committed on this node, by outcome: requested, paid, failed (refused, rejected or not paid)',
    labelNames: ['outcome'],
    registers: [registry],
  });
  core.memberEvents.subscribe((_memberId, event, detail) => {
    if (detail.depositChannel !== null) {
      const labels = { channel: detail.depositChannel, currency: event.currency };
      deposits.inc(labels);
      depositsMinor.inc(labels, Number(toMinor(event.amount)));
    }
    if (event.type !== 'withdraw') return;
    if (event.status === 'IN_PROGRESS' && event.amount < 0) withdrawals.inc({ outcome: 'requested' });
    else if (event.status === 'SUCCESS') withdrawals.inc({ outcome: 'paid' });
    else if (event.status === 'FAILED') withdrawals.inc({ outcome: 'failed' });
  });

  const repository = new MetricsRepository(core.db);
  new Gauge({
    name: 'member_wallet_withdrawals_open',
    help: "Withdrawals under way, by stage: waiting for an operator's review, or with the payout party",
    labelNames: ['stage'],
    registers: [registry],
    async collect() {
      const open = await repository.openWithdrawals();
      this.set({ stage: 'review' }, open.review);
      this.set({ stage: 'payout' }, open.payout);
    },
  });
  new Gauge({
    name: 'member_wallet_game_transfers_open',
    help: 'Game transfers not settled yet, by state; unknown ones wait for the reconciler (docs/wallet.md)',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const open = await repository.openTransfers();
      for (const state of OPEN_TRANSFER_STATES) this.set({ state }, open[state]);
    },
  });

  const ledger = ledgerCheckCache(core);
  const ledgerGauges = [
    [
      'member_wallet_ledger_drifted_accounts',
      'Accounts whose stored balance differs from the sum of their postings at the last check (must be 0)',
      (last: LedgerCheck) => last.report.drifts.length,
    ],
    [
      'member_wallet_ledger_unbalanced_entries',
      'Journal entries whose postings do not sum to zero at the last check (must be 0)',
      (last: LedgerCheck) => last.report.unbalancedEntries.length,
    ],
    [
      'member_wallet_ledger_checked_timestamp_seconds',
      'When the ledger check behind the two figures above ran (Unix time)',
      (last: LedgerCheck) => Math.floor(last.checkedAt / 1000),
    ],
  ] as const;
  for (const [name, help, value] of ledgerGauges) {
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.set(value(await ledger.latest()));
      },
    });
  }
}

interface LedgerCheck {
  report: LedgerReport;
  /** Epoch milliseconds, by the app's clock. */
  checkedAt: number;
}

/**
 * The last ledger check and when it ran: the first scrape waits for one; a later scrape past
 * LEDGER_CHECK_EVERY_MS starts the next in the background and answers the last meanwhile.
 */
function ledgerCheckCache(core: Pick<Core, 'clock' | 'db' | 'log'>) {
  let last: LedgerCheck | null = null;
  let running: Promise<LedgerCheck> | null = null;
  const run = () => {
    const checkedAt = core.clock.now().getTime();
    running ??= checkLedger(core.db)
      .then((report) => {
        last = { report, checkedAt };
        return last;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  return {
    async latest(): Promise<LedgerCheck> {
      if (last === null) return run();
      if (core.clock.now().getTime() - last.checkedAt >= LEDGER_CHECK_EVERY_MS) {
        run().catch((error: unknown) => core.log.warn({ err: error }, 'ledger check for /metrics failed'));
      }
      return last;
    },
  };
}

function sameSecret(given: string | undefined, expected: Buffer): boolean {
  const buffer = Buffer.from(given ?? '');
  return buffer.length === expected.length && timingSafeEqual(buffer, expected);
}
