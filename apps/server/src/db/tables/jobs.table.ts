import type { JobName } from '@member-wallet/contract/backoffice/dashboard';
import type { Generated } from 'kysely';

/** One periodic job's last passes, written by whichever node ran them (lib/jobs/job-runs.ts). */
export interface JobRunsTable {
  name: JobName;
  interval_ms: number;
  last_started_at: Date | null;
  last_success_at: Date | null;
  last_failure_at: Date | null;
  last_error: string | null;
  next_run_at: Date | null;
  node: string | null;
  failures_in_row: Generated<number>;
}

/** Periodic jobs (migration 0035; docs/operations.md, Jobs). */
export interface JobsTables {
  job_runs: JobRunsTable;
}
