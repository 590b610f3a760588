import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Issue 22, jobs that run once across nodes (docs/operations.md, Jobs): one row per periodic job, written by
 * whichever node ran its last pass, so the back-office dashboard shows each job's last run, last failure and
 * next run whatever runs the jobs (the in-process timers of the embedded database, pg-boss on PostgreSQL).
 * Frozen in time like every migration.
 */
export const jobRuns: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('job_runs')
      .addColumn('name', 'text', (col) => col.primaryKey())
      .addColumn('interval_ms', 'integer', (col) => col.notNull().check(sql`interval_ms > 0`))
      .addColumn('last_started_at', 'timestamptz')
      .addColumn('last_success_at', 'timestamptz')
      .addColumn('last_failure_at', 'timestamptz')
      .addColumn('last_error', 'text')
      .addColumn('next_run_at', 'timestamptz')
      .addColumn('node', 'text')
      .addColumn('failures_in_row', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('job_runs').execute();
  },
};
