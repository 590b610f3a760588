import type { FastifyInstance } from 'fastify';
import type { Core } from '../../core.ts';
import type { SlipService } from '../slip/slip.module.ts';
import type { WithdrawalService } from '../withdraw/withdraw.module.ts';
import { SlipReviewRepository } from './slips.backoffice.repository.ts';
import { SlipReviewService } from './slips.backoffice.service.ts';
import { SuspenseRepository } from './suspense.backoffice.repository.ts';
import { slipReviewRoutes, suspenseBackofficeRoutes } from './suspense.backoffice.routes.ts';
import { SuspenseService } from './suspense.backoffice.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Bank transfers in suspense, for tests (the refund settler's pass on demand: `settleRefunds()`). */
    suspense: SuspenseService;
  }
}

/**
 * The back-office's settling of what the matchers could not (docs/backoffice/deposits.md): bank transfers in
 * suspense (assign, refund, and the refund settler beside the withdrawal settler) and slips to review (credit,
 * dismiss). `withdrawals`: refunds pay through their payout party, whose webhook hands refund references on.
 */
export function registerSuspense(
  app: FastifyInstance,
  core: Pick<Core, 'backoffice' | 'clock' | 'config' | 'db' | 'ledger' | 'members'>,
  deps: { withdrawals: WithdrawalService; slips: SlipService },
): void {
  const { db, clock } = core;
  const audit = core.backoffice.audit;
  const suspense = new SuspenseService({
    db,
    ledger: core.ledger,
    repository: new SuspenseRepository(),
    payout: deps.withdrawals.payout,
    audit,
    clock,
    logger: app.log,
  });
  app.decorate('suspense', suspense);
  deps.withdrawals.addPayoutListener(suspense);
  suspenseBackofficeRoutes(core.backoffice.route, suspense);
  slipReviewRoutes(
    core.backoffice.route,
    new SlipReviewService({
      db,
      repository: new SlipReviewRepository(),
      slips: deps.slips,
      members: core.members,
      audit,
      clock,
    }),
  );
  app.jobs.every('refund-settler', core.config.payout.settleIntervalMs, () => suspense.settleRefunds());
}
