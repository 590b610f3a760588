import type { JobName } from '@member-wallet/contract/backoffice/dashboard';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPostgresDatabase } from '../../../test/helpers.ts';
import { createDatabase } from '../../db/connect.ts';
import type { Db } from '../../db/database.ts';
import { systemClock } from '../clock.ts';
import { JobStats } from '../job-stats.ts';
import { Lifecycle } from '../lifecycle.ts';
import type { JobPass } from './job-runner.ts';
import { JobRuns } from './job-runs.ts';
import { PgBossJobs } from './pg-boss-jobs.ts';

/**
 * The periodic jobs on several nodes (docs/operations.md, Jobs): nodes on one PostgreSQL database, each with
 * pg-boss, offering the same job every second. PGlite cannot be shared, so this runs on PostgreSQL
 * (DATABASE_URL, else the local server CI and this machine have), in a database of its own per test.
 */

const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const JOB: JobName = 'qr-settler';
const INTERVAL_MS = 1_000;

interface Pass {
  node: string;
  startedAt: number;
  endedAt: number;
}

let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
let db: Db;
const nodes: FastifyInstance[] = [];

beforeAll(async () => {
  database = await createPostgresDatabase(ADMIN_URL);
  db = createDatabase({ url: database.databaseUrl, dataDir: 'memory://' });
});
afterEach(async () => {
  for (const node of nodes.splice(0)) await node.close();
  await db.deleteFrom('job_runs').execute();
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

/** A node as far as jobs go: its lifecycle, counters and a pg-boss runner with `pass` as the job's pass. */
async function startNode(pass: JobPass, graceMs = 5_000, intervalMs = INTERVAL_MS): Promise<FastifyInstance> {
  const app = Fastify();
  app.decorate('lifecycle', new Lifecycle());
  app.decorate('jobStats', new JobStats());
  app.decorate(
    'jobs',
    new PgBossJobs(
      { app, clock: systemClock, runs: new JobRuns(db) },
      { connectionString: database.databaseUrl, graceMs },
    ),
  );
  app.addHook('preClose', () => app.lifecycle.drain());
  app.jobs.every(JOB, intervalMs, pass);
  nodes.push(app);
  await app.ready();
  return app;
}

/** A pass that records which node ran it and when, taking `ms`. */
function recordingPass(passes: Pass[], node: string, ms = 50): JobPass {
  return async () => {
    const startedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, ms));
    passes.push({ node, startedAt, endedAt: Date.now() });
  };
}

function overlapping(passes: Pass[]): Pass[][] {
  const sorted = [...passes].sort((a, b) => a.startedAt - b.startedAt);
  return sorted.slice(1).flatMap((pass, i) => (pass.startedAt < sorted[i]!.endedAt ? [[sorted[i]!, pass]] : []));
}

describe('jobs on pg-boss across nodes', () => {
  it('runs a job once per interval across three nodes, never two passes at once', async () => {
    const passes: Pass[] = [];
    const started = Date.now();
    for (const node of ['a', 'b', 'c']) await startNode(recordingPass(passes, node, 200));
    await vi.waitFor(() => expect(passes.length).toBeGreaterThanOrEqual(4), { timeout: 15_000, interval: 100 });
    const slots = Math.ceil((Date.now() - started) / INTERVAL_MS) + 1;
    // Three nodes offering every second would run about three passes a second; the queue takes one per slot.
    expect(passes.length).toBeLessThanOrEqual(slots);
    expect(overlapping(passes)).toEqual([]);
    const row = await db.selectFrom('job_runs').selectAll().where('name', '=', JOB).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ interval_ms: INTERVAL_MS, failures_in_row: 0, last_failure_at: null });
    expect(row.last_success_at).toBeInstanceOf(Date);
    expect(row.next_run_at!.getTime()).toBeGreaterThan(row.last_success_at!.getTime());
  });

  it('retries a failed pass with back-off and records the failure, then the success', async () => {
    let calls = 0;
    const node = await startNode(async () => {
      calls += 1;
      if (calls === 1) throw new Error('party down');
    });
    await vi.waitFor(
      async () => {
        const row = await db.selectFrom('job_runs').selectAll().where('name', '=', JOB).executeTakeFirst();
        expect(row?.last_failure_at).toBeInstanceOf(Date);
        expect(row?.last_success_at).toBeInstanceOf(Date);
        expect(row).toMatchObject({ last_error: 'Error: party down', failures_in_row: 0 });
      },
      { timeout: 15_000, interval: 200 },
    );
    expect(node.jobStats.all()).toEqual([expect.objectContaining({ name: JOB, failed: 1 })]);
  });

  it('takes no new pass on a draining node while another node goes on', async () => {
    const passes: Pass[] = [];
    const leaving = await startNode(recordingPass(passes, 'leaving'));
    await vi.waitFor(() => expect(passes.length).toBeGreaterThan(0), { timeout: 15_000, interval: 100 });
    await leaving.lifecycle.drain();
    const drainedAt = Date.now();
    await startNode(recordingPass(passes, 'staying'));
    await vi.waitFor(() => expect(passes.filter((pass) => pass.node === 'staying').length).toBeGreaterThanOrEqual(2), {
      timeout: 15_000,
      interval: 100,
    });
    expect(passes.filter((pass) => pass.node === 'leaving' && pass.startedAt > drainedAt)).toEqual([]);
  });

  it("hands a pass still running when its node's grace ends to another node", async () => {
    const passes: Pass[] = [];
    let stuck = 0;
    const dying = await startNode(async () => {
      stuck += 1;
      await new Promise(() => {});
    }, 1_000);
    await vi.waitFor(() => expect(stuck).toBe(1), { timeout: 15_000, interval: 100 });
    await startNode(recordingPass(passes, 'survivor'));
    // Closing waits the grace (1 s) for the stuck pass, then fails it back to the queue.
    await dying.close();
    nodes.splice(nodes.indexOf(dying), 1);
    await vi.waitFor(() => expect(passes.length).toBeGreaterThan(0), { timeout: 15_000, interval: 100 });
    const row = await db.selectFrom('job_runs').selectAll().where('name', '=', JOB).executeTakeFirstOrThrow();
    expect(row.last_success_at).toBeInstanceOf(Date);
  });

  it("moves a queue's retries with the job's interval when a later version starts with another", async () => {
    const retryOptions = async () =>
      (
        await sql<{ retry_delay: number; retry_delay_max: number }>`
          select retry_delay, retry_delay_max from pgboss.queue where name = ${JOB}`.execute(db)
      ).rows[0];
    const first = await startNode(async () => {});
    expect(await retryOptions()).toEqual({ retry_delay: 1, retry_delay_max: 1 });
    await first.close();
    nodes.splice(nodes.indexOf(first), 1);
    await startNode(async () => {}, 5_000, 8_000);
    expect(await retryOptions()).toEqual({ retry_delay: 2, retry_delay_max: 8 });
  });
});
