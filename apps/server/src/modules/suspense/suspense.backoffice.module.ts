import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { startPeriodicJob } from '../../lib/periodic-job.ts';
import type { Member } from '../account/account.repository.ts';
import { LedgerRepository } from '../ledger/ledger.repository.ts';
import { LedgerService } from '../ledger/ledger.service.ts';
import type { OperatorRouter } from '../operator/operator-router.ts';
import type { WithdrawalService } from '../withdraw/withdraw.service.ts';
import type { SlipService } from '../slip/slip.service.ts';
import { SlipReviewRepository } from './slips.backoffice.repository.ts';
import { SlipReviewService } from './slips.backoffice.service.ts';
import { SuspenseRepository } from './suspense.backoffice.repository.ts';
import { slipReviewRoutes, suspenseBackofficeRoutes } from './suspense.backoffice.routes.ts';
import { type AuditRecorder, SuspenseService } from './suspense.backoffice.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Bank transfers in suspense, for tests (the refund settler's pass on demand: `settleRefunds()`). */
    suspense: SuspenseService;
  }
}

export interface SuspenseBackofficeDeps {
  db: Db;
  clock: Clock;
  audit: AuditRecorder;
  /** Refunds pay through the withdrawals' payout party, whose webhook hands refund references on. */
  withdrawals: WithdrawalService;
  slips: SlipService;
  members: { findById(id: bigint): Promise<Member | undefined> };
}

/**
 * The back-office's settling of what the matchers could not (docs/backoffice/deposits.md): bank transfers in suspense
 * (assign, refund, and the refund settler beside the withdrawal settler) and slips to review (credit, dismiss).
 */
export function registerSuspenseBackoffice(
  app: FastifyInstance,
  route: OperatorRouter,
  config: Config,
  deps: SuspenseBackofficeDeps,
) {
  const { db, clock, audit } = deps;
  const ledger = new LedgerService({ repository: new LedgerRepository(), clock });
  const suspense = new SuspenseService({
    db,
    ledger,
    repository: new SuspenseRepository(),
    payout: deps.withdrawals.payout,
    audit,
    clock,
    logger: app.log,
  });
  app.decorate('suspense', suspense);
  deps.withdrawals.addPayoutListener(suspense);
  suspenseBackofficeRoutes(route, suspense);
  slipReviewRoutes(
    route,
    new SlipReviewService({
      db,
      repository: new SlipReviewRepository(),
      slips: deps.slips,
      members: deps.members,
      audit,
      clock,
    }),
  );
  startPeriodicJob(app, 'refund settler', config.payoutSettleIntervalMs, () => suspense.settleRefunds());
}
