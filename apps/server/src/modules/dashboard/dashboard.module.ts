import type { FastifyInstance } from 'fastify';
import type { Core } from '../../core.ts';
import { siteTimeZone } from '../../lib/local-calendar.ts';
import { DashboardRepository } from './dashboard.repository.ts';
import { dashboardRoutes } from './dashboard.routes.ts';
import { DashboardService } from './dashboard.service.ts';

/** The back-office dashboard (docs/backoffice/README.md, Dashboard): today's figures in the site's time zone. */
export function registerDashboard(
  _app: FastifyInstance,
  core: Pick<Core, 'backoffice' | 'clock' | 'config' | 'db'>,
): void {
  const { db, clock, config } = core;
  const dashboard = new DashboardService({
    db,
    repository: new DashboardRepository(db),
    clock,
    timeZone: siteTimeZone(config.country),
  });
  dashboardRoutes(core.backoffice.route, dashboard);
}
