import { hostname } from 'node:os';
import type { JobName } from '@member-wallet/contract/backoffice/dashboard';
import type { Db } from '../../db/database.ts';

/** This process as the dashboard names the node that ran a pass: host and process id. */
export const THIS_NODE = `${hostname()}:${process.pid}`;

/** How a pass went, as the runner that ran it reports it. */
export type PassOutcome = { ok: true } | { ok: false; error: unknown };

/** The longest failure message kept for the dashboard. */
const ERROR_TEXT_MAX = 500;

/**
 * Each job's row in `job_runs` (migration 0035): its last start, success and failure, and when it runs next,
 * written by whichever node ran the pass, so the dashboard reads one answer whatever runs the jobs.
 */
export class JobRuns {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  async started(name: JobName, intervalMs: number, at: Date): Promise<void> {
    await this.#db
      .insertInto('job_runs')
      .values({ name, interval_ms: intervalMs, last_started_at: at, node: THIS_NODE })
      .onConflict((conflict) =>
        conflict.column('name').doUpdateSet({ interval_ms: intervalMs, last_started_at: at, node: THIS_NODE }),
      )
      .execute();
  }

  async ended(name: JobName, outcome: PassOutcome, at: Date, nextRunAt: Date): Promise<void> {
    if (outcome.ok) {
      await this.#db
        .updateTable('job_runs')
        .set({ last_success_at: at, next_run_at: nextRunAt, failures_in_row: 0 })
        .where('name', '=', name)
        .execute();
    } else {
      await this.#db
        .updateTable('job_runs')
        .set((eb) => ({
          last_failure_at: at,
          last_error: errorText(outcome.error),
          next_run_at: nextRunAt,
          failures_in_row: eb('failures_in_row', '+', 1),
        }))
        .where('name', '=', name)
        .execute();
    }
  }
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.length > ERROR_TEXT_MAX ? `${text.slice(0, ERROR_TEXT_MAX - 1)}…` : text;
}
