import type { FastifyInstance } from 'fastify';
import type { Core } from '../../core.ts';
import { siteTimeZone } from '../../lib/local-calendar.ts';
import type { RewardBonuses } from '../bonus/bonus.module.ts';
import { adjustmentBackofficeRoutes } from './adjustment.backoffice.routes.ts';
import { AdjustmentRepository } from './adjustment.repository.ts';
import { AdjustmentService } from './adjustment.service.ts';

/**
 * Manual adjustments (docs/backoffice/members.md): a second operator approves those above the currency's amount.
 * `rewards`: an adjustment paid as a bonus runs as the member's bonus.
 */
export function registerAdjustments(
  _app: FastifyInstance,
  core: Pick<Core, 'backoffice' | 'clock' | 'config' | 'db' | 'ledger' | 'saferPlay' | 'settings'>,
  deps: { rewards: RewardBonuses },
): void {
  adjustmentBackofficeRoutes(
    core.backoffice.route,
    new AdjustmentService({
      db: core.db,
      repository: new AdjustmentRepository(),
      ledger: core.ledger,
      settings: core.settings,
      audit: core.backoffice.audit,
      clock: core.clock,
      rewards: deps.rewards,
      saferPlay: core.saferPlay,
      fourEyes: core.backoffice.fourEyes,
      aloneCreditDaily: core.config.ceilings.aloneCreditDaily,
      timeZone: siteTimeZone(core.config.country),
    }),
  );
}
