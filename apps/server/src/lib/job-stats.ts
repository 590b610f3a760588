declare module 'fastify' {
  interface FastifyInstance {
    /** What this node's periodic jobs did (lib/jobs/), for /metrics. */
    jobStats: JobStats;
  }
}

/** One periodic job's record on this node: how often it runs, how its passes went, when the last ones ended. */
export interface JobRecord {
  name: string;
  intervalMs: number;
  ok: number;
  failed: number;
  /** Epoch milliseconds; null until it happens. */
  lastSuccessAt: number | null;
  lastFailureAt: number | null;
  lastDurationMs: number | null;
}

/** The periodic jobs of this node and their passes, as the job runner (lib/jobs/) reports them. */
export class JobStats {
  readonly #jobs = new Map<string, JobRecord>();

  register(name: string, intervalMs: number): void {
    this.#jobs.set(name, {
      name,
      intervalMs,
      ok: 0,
      failed: 0,
      lastSuccessAt: null,
      lastFailureAt: null,
      lastDurationMs: null,
    });
  }

  /** A pass of `name` that started at `startedAt` ended at `endedAt` (epoch milliseconds). */
  record(name: string, outcome: 'ok' | 'failed', startedAt: number, endedAt: number): void {
    const job = this.#jobs.get(name);
    if (!job) return;
    job[outcome] += 1;
    job.lastDurationMs = endedAt - startedAt;
    if (outcome === 'ok') job.lastSuccessAt = endedAt;
    else job.lastFailureAt = endedAt;
  }

  all(): readonly JobRecord[] {
    return [...this.#jobs.values()];
  }
}
