import type { JobName } from '@member-wallet/contract/backoffice/dashboard';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock.ts';
import '../job-stats.ts';
import '../lifecycle.ts';
import type { JobRuns, PassOutcome } from './job-runs.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What runs the periodic jobs (docs/operations.md, Jobs): in-process timers, or pg-boss across nodes. */
    jobs: JobRunner;
  }
}

/** One pass of a job: it finds its work in the database, so a pass that did not run loses nothing. */
export type JobPass = () => Promise<unknown>;

/**
 * Runs each periodic job's pass every interval (never when the interval is 0), one pass at a time, until the
 * node drains for its exit; closing the app waits for a pass under way.
 */
export interface JobRunner {
  every(name: JobName, intervalMs: number, pass: JobPass): void;
}

/** What a runner records a pass in: this node's counters (for /metrics) and the job's row (the dashboard). */
export interface PassRecorder {
  app: FastifyInstance;
  clock: Clock;
  /** Null where there is no database (a runner's own unit tests). */
  runs: JobRuns | null;
}

/**
 * Runs one pass and records it: its start and end in `job_runs` (with when the next pass is due, as the
 * runner reckons it) and in this node's job counters; a failure is logged as `<name> pass failed`. A failure to
 * record is logged and does not change the pass's outcome.
 */
export async function runPass(
  recorder: PassRecorder,
  name: JobName,
  intervalMs: number,
  pass: JobPass,
  nextRunAt: (outcome: PassOutcome, endedAt: Date) => Date,
): Promise<PassOutcome> {
  const { app, clock, runs } = recorder;
  const startedAt = Date.now();
  const record = (write: Promise<void> | undefined) =>
    write?.catch((error: unknown) => app.log.error({ err: error }, `${name} run not recorded`));
  await record(runs?.started(name, intervalMs, clock.now()));
  let outcome: PassOutcome;
  try {
    await pass();
    outcome = { ok: true };
  } catch (error) {
    outcome = { ok: false, error };
    app.log.error({ err: error }, `${name} pass failed`);
  }
  app.jobStats.record(name, outcome.ok ? 'ok' : 'failed', startedAt, Date.now());
  const endedAt = clock.now();
  await record(runs?.ended(name, outcome, endedAt, nextRunAt(outcome, endedAt)));
  return outcome;
}
