import type { JobName } from '@member-wallet/contract/backoffice/dashboard';
import { PgBoss } from 'pg-boss';
import { type JobPass, type JobRunner, type PassRecorder, runPass } from './job-runner.ts';

/** The schema pg-boss keeps its queues in, beside ours (it migrates it itself, under an advisory lock). */
export const PG_BOSS_SCHEMA = 'pgboss';
/** Retries of a failed pass before the job waits for its next interval. */
const RETRY_LIMIT = 3;
/** A pass whose node stops beating this long (killed mid-pass) is failed and retried on another node. */
const HEARTBEAT_SECONDS = 30;
/** The longest a pass may run before pg-boss fails it. */
const EXPIRE_SECONDS = 15 * 60;
/** Finished passes stay in pg-boss's tables a day, for an engineer to read. */
const KEEP_SECONDS = 24 * 60 * 60;

interface Job {
  name: JobName;
  intervalMs: number;
  pass: JobPass;
  /** pg-boss counts in whole seconds: a job's interval, rounded, at least 1 s. */
  seconds: number;
}

/**
 * The periodic jobs as pg-boss queues (docs/operations.md, Jobs), for several nodes on one PostgreSQL. At
 * each interval every node offers the job's pass; pg-boss accepts one per interval (`singletonSeconds`: one
 * job per time slot, whoever sends it) and lets one node run it at a time (the `singleton` policy). A failed
 * pass is retried with back-off, a pass whose node died is retried once its heartbeat stops, and every pass is
 * recorded in `job_runs` by the node that ran it. Draining stops offering and fetching; closing waits for a
 * pass under way for up to the shutdown grace, then fails it back to the queue for another node.
 */
export class PgBossJobs implements JobRunner {
  readonly #recorder: PassRecorder;
  readonly #boss: PgBoss;
  readonly #graceMs: number;
  readonly #jobs: Job[] = [];
  readonly #timers = new Set<NodeJS.Timeout>();
  #draining = false;
  #started = false;

  constructor(recorder: PassRecorder, options: { connectionString: string; graceMs: number }) {
    this.#recorder = recorder;
    this.#graceMs = options.graceMs;
    this.#boss = new PgBoss({
      connectionString: options.connectionString,
      schema: PG_BOSS_SCHEMA,
      application_name: 'member-wallet jobs',
      max: 3,
      // Our jobs recur by offering a pass each interval, not by pg-boss's cron (whole minutes at best).
      schedule: false,
      registerInstance: false,
    });
    const { app } = recorder;
    this.#boss.on('error', (error) => app.log.error({ err: error }, 'job queue error'));
    app.addHook('onReady', () => this.#start());
    app.lifecycle.onDrain(() => this.#drain());
    app.addHook('onClose', () => this.#stop());
  }

  every(name: JobName, intervalMs: number, pass: JobPass): void {
    if (intervalMs <= 0) return;
    if (this.#started) throw new Error(`${name} registered after the job queue started`);
    this.#recorder.app.jobStats.register(name, intervalMs);
    this.#jobs.push({ name, intervalMs, pass, seconds: Math.max(1, Math.round(intervalMs / 1000)) });
  }

  async #start(): Promise<void> {
    this.#started = true;
    if (this.#jobs.length === 0) return;
    await this.#boss.start();
    for (const job of this.#jobs) {
      const retries = {
        retryLimit: RETRY_LIMIT,
        retryDelay: Math.max(1, Math.floor(job.seconds / 4)),
        retryBackoff: true,
        retryDelayMax: job.seconds,
        expireInSeconds: EXPIRE_SECONDS,
        deleteAfterSeconds: KEEP_SECONDS,
      };
      await this.#boss.createQueue(job.name, { policy: 'singleton', heartbeatSeconds: HEARTBEAT_SECONDS, ...retries });
      // A queue made by an earlier start keeps its options: an interval changed since moves its retries too.
      await this.#boss.updateQueue(job.name, retries);
      await this.#boss.work(
        job.name,
        { pollingIntervalSeconds: Math.min(2, Math.max(0.5, job.seconds / 4)), includeMetadata: true },
        async ([queued]) => {
          const retries = queued?.retryCount ?? 0;
          const outcome = await runPass(this.#recorder, job.name, job.intervalMs, job.pass, (result, endedAt) =>
            result.ok || retries >= RETRY_LIMIT ? this.#nextOffer(job) : retryAt(job, retries, endedAt),
          );
          if (!outcome.ok) throw outcome.error;
        },
      );
      await this.#offer(job);
      this.#scheduleOffer(job);
    }
  }

  /** Offers this slot's pass; pg-boss refuses it (null) when a node already offered one in this slot. */
  async #offer(job: Job): Promise<void> {
    try {
      await this.#boss.send(job.name, {}, { singletonSeconds: job.seconds });
    } catch (error) {
      this.#recorder.app.log.error({ err: error }, `${job.name} not offered`);
    }
  }

  /**
   * Every node offers just after each slot starts (slots are whole multiples of the interval since the epoch,
   * as pg-boss counts them), a little late so a node clock a moment ahead of the database's still lands in the
   * new slot.
   */
  #scheduleOffer(job: Job): void {
    if (this.#draining) return;
    const delay = this.#nextOffer(job).getTime() - Date.now();
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      void this.#offer(job).then(() => this.#scheduleOffer(job));
    }, delay);
    timer.unref();
    this.#timers.add(timer);
  }

  #nextOffer(job: Job): Date {
    const slotMs = job.seconds * 1000;
    const lateMs = Math.min(1000, slotMs / 10);
    const now = Date.now();
    return new Date(Math.floor((now - lateMs) / slotMs) * slotMs + slotMs + lateMs);
  }

  #drain(): void {
    this.#draining = true;
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    if (!this.#started) return;
    for (const job of this.#jobs) {
      this.#boss.offWork(job.name, { wait: false }).catch((error: unknown) => {
        this.#recorder.app.log.error({ err: error }, `${job.name} worker not stopped`);
      });
    }
  }

  async #stop(): Promise<void> {
    this.#drain();
    if (this.#started && this.#jobs.length > 0) await this.#boss.stop({ graceful: true, timeout: this.#graceMs });
  }
}

/** When pg-boss retries a failed pass: its delay doubles with each retry, up to the interval. */
function retryAt(job: Job, retries: number, endedAt: Date): Date {
  const delaySeconds = Math.min(job.seconds, Math.max(1, Math.floor(job.seconds / 4)) * 2 ** retries);
  return new Date(endedAt.getTime() + delaySeconds * 1000);
}
