import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { dashboardResponse } from '@member-wallet/contract/backoffice/dashboard';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { addLocalDays, localDayStart } from '../../lib/local-calendar.ts';
import { checkLedger } from '../ledger/ledger.reconcile.ts';
import type { OperatorRouter } from '../operator/operator-router.ts';
import type { DashboardRepository } from './dashboard.repository.ts';

/**
 * The back-office dashboard (docs/backoffice/README.md, Dashboard): every operator sees it. The ledger check walks
 * every account and entry: fine at this service's size, to be sampled or cached when it grows.
 */
export function dashboardRoutes(
  route: OperatorRouter,
  deps: { repository: DashboardRepository; clock: Clock; timeZone: string; db: Db },
) {
  route({
    method: 'GET',
    url: BACKOFFICE_API.dashboard,
    auth: true,
    roles: 'any',
    summary: "Today's deposits and withdrawals, pending items, members signed in, the ledger drift check",
    tags: ['backoffice'],
    response: dashboardResponse,
    handler: async () => {
      const { repository, clock, timeZone } = deps;
      const now = clock.now();
      const from = localDayStart(now, timeZone);
      const to = addLocalDays(from, 1, timeZone);
      const [deposits, withdrawals, pending, membersSignedIn, ledger] = await Promise.all([
        repository.deposits(from, to),
        repository.withdrawals(from, to),
        repository.pending(),
        repository.membersSignedIn(now),
        checkLedger(deps.db),
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
    },
  });
}
