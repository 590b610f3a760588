import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { dashboardResponse } from '@member-wallet/contract/backoffice/dashboard';
import type { OperatorRouter } from '../../core/operator/operator-router.ts';
import type { DashboardService } from './dashboard.service.ts';

/** The back-office dashboard (docs/backoffice/README.md, Dashboard): every operator sees it. */
export function dashboardRoutes(route: OperatorRouter, dashboard: DashboardService) {
  route({
    method: 'GET',
    url: BACKOFFICE_API.dashboard,
    auth: true,
    roles: 'any',
    summary: "Today's deposits and withdrawals, pending items, members signed in, the ledger drift check",
    tags: ['backoffice'],
    response: dashboardResponse,
    handler: () => dashboard.today(),
  });
}
