import { type DashboardResponse, JOB_NAMES } from '@member-wallet/contract/backoffice/dashboard';
import { checkLedger } from '../../core/ledger/ledger.reconcile.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { addLocalDays, localDayStart } from '../../lib/local-calendar.ts';
import type { DashboardRepository } from './dashboard.repository.ts';

/** A job is late once its next pass is overdue by an interval, and by a minute at least (node clocks differ). */
const JOB_LATE_AFTER_MS = 60_000;

export interface DashboardDeps {
  db: Db;
  repository: DashboardRepository;
  clock: Clock;
  /** The site's time zone: "today" is the site's day. */
  timeZone: string;
}

/**
 * The back-office dashboard (docs/backoffice/README.md, Dashboard). The ledger check walks every account and entry:
 * fine at this service's size, to be sampled or cached when it grows.
 */
export class DashboardService {
  constructor(private readonly deps: DashboardDeps) {}

  /** Today's deposits and withdrawals, what waits for operators, members signed in, the ledger's drift, the jobs. */
  async today(): Promise<DashboardResponse> {
    const { repository, clock, timeZone } = this.deps;
    const now = clock.now();
    const from = localDayStart(now, timeZone);
    const to = addLocalDays(from, 1, timeZone);
    const [deposits, withdrawals, pending, membersSignedIn, saferPlay, ledger, jobs] = await Promise.all([
      repository.deposits(from, to),
      repository.withdrawals(from, to),
      repository.pending(),
      repository.membersSignedIn(now),
      repository.saferPlay(now),
      checkLedger(this.deps.db),
      repository.jobs(),
    ]);
    return {
      day: { from: from.toISOString(), timeZone },
      deposits: deposits.map((row) => ({
        currency: row.currency,
        count: Number(row.count),
        amountMinor: String(row.amount),
      })),
      withdrawals: withdrawals.map((row) => ({
        currency: row.currency,
        status: row.status,
        count: Number(row.count),
        amountMinor: String(row.amount),
      })),
      pending,
      membersSignedIn,
      saferPlay,
      ledger: { drifts: ledger.drifts.length, unbalancedEntries: ledger.unbalancedEntries.length },
      // A job a later version no longer runs keeps its row: not shown.
      jobs: jobs
        .filter((job) => JOB_NAMES.includes(job.name))
        .sort((a, b) => JOB_NAMES.indexOf(a.name) - JOB_NAMES.indexOf(b.name))
        .map((job) => ({
          name: job.name,
          intervalMs: job.interval_ms,
          lastStartedAt: iso(job.last_started_at),
          lastSuccessAt: iso(job.last_success_at),
          lastFailureAt: iso(job.last_failure_at),
          lastError: job.last_error,
          nextRunAt: iso(job.next_run_at),
          node: job.node,
          failuresInRow: job.failures_in_row,
          late:
            job.next_run_at !== null &&
            now.getTime() - job.next_run_at.getTime() > Math.max(job.interval_ms, JOB_LATE_AFTER_MS),
        })),
    };
  }
}

function iso(at: Date | null): string | null {
  return at ? at.toISOString() : null;
}
