import type { DashboardResponse } from '@member-wallet/contract/backoffice/dashboard';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { addLocalDays, localDayStart } from '../../lib/local-calendar.ts';
import { checkLedger } from '../ledger/ledger.reconcile.ts';
import type { DashboardRepository } from './dashboard.repository.ts';

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

  /** Today's deposits and withdrawals, what waits for operators, members signed in, the ledger's drift. */
  async today(): Promise<DashboardResponse> {
    const { repository, clock, timeZone } = this.deps;
    const now = clock.now();
    const from = localDayStart(now, timeZone);
    const to = addLocalDays(from, 1, timeZone);
    const [deposits, withdrawals, pending, membersSignedIn, ledger] = await Promise.all([
      repository.deposits(from, to),
      repository.withdrawals(from, to),
      repository.pending(),
      repository.membersSignedIn(now),
      checkLedger(this.deps.db),
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
      ledger: { drifts: ledger.drifts.length, unbalancedEntries: ledger.unbalancedEntries.length },
    };
  }
}
