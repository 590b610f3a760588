import type { FastifyInstance } from 'fastify';
import { chooseAdapter } from '../../adapters/choose-adapter.ts';
import { HttpPayout } from '../../adapters/payout/http.ts';
import { type Payout, UnconfiguredPayout } from '../../adapters/payout/payout.ts';
import { sandboxPayout } from '../../adapters/payout/sandbox.ts';
import type { Core } from '../../core.ts';
import { withdrawalReviewRoutes } from './withdraw.backoffice.routes.ts';
import { WithdrawalRepository } from './withdraw.repository.ts';
import { payoutWebhookRoutes, withdrawRoutes } from './withdraw.routes.ts';
import { type WithdrawalBonusRules, WithdrawalService } from './withdraw.service.ts';

export type { WithdrawalService } from './withdraw.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Withdrawals, for tests and operational scripts (the settler's pass on demand: `settlePending()`). */
    withdrawals: WithdrawalService;
  }
}

/**
 * Everything of withdrawals (docs/withdrawals.md): the payout adapter (the configured party, else the sandbox's
 * over real HTTP), the service, the member's routes, the payout webhook, the operators' review, and the settler.
 * `bonus`: the bonus module's rules for withdrawing while a bonus runs (docs/promotions/bonuses.md).
 */
export async function registerWithdrawals(
  app: FastifyInstance,
  core: Pick<
    Core,
    | 'backoffice'
    | 'clock'
    | 'config'
    | 'db'
    | 'idempotency'
    | 'ledger'
    | 'limiter'
    | 'log'
    | 'members'
    | 'ownBaseUrl'
    | 'route'
    | 'sandboxAdapters'
    | 'settings'
  >,
  deps: { bonus: WithdrawalBonusRules },
): Promise<WithdrawalService> {
  const { config, clock } = core;
  const withdrawals = new WithdrawalService({
    db: core.db,
    ledger: core.ledger,
    repository: new WithdrawalRepository(),
    members: core.members,
    settings: core.settings,
    bonus: deps.bonus,
    payout: createPayout(core),
    audit: core.backoffice.audit,
    clock,
    logger: app.log,
    approvers: core.backoffice.fourEyes,
  });
  app.decorate('withdrawals', withdrawals);
  withdrawRoutes(core.route, {
    withdrawals,
    idempotency: core.idempotency,
    limiter: core.limiter,
    ratePerMinute: config.rates.withdrawPerMinute,
    ratePerHour: config.rates.withdrawPerHour,
  });
  await payoutWebhookRoutes(app, { withdrawals, secret: config.payout.secret, clock });
  withdrawalReviewRoutes(core.backoffice.route, withdrawals);
  app.jobs.every('withdrawal-settler', config.payout.settleIntervalMs, () => withdrawals.settlePending());
  return withdrawals;
}

function createPayout(core: Pick<Core, 'clock' | 'config' | 'log' | 'ownBaseUrl' | 'sandboxAdapters'>): Payout {
  const { config, clock } = core;
  return chooseAdapter<Payout>(core, {
    baseUrl: config.payout.baseUrl,
    secret: config.payout.secret,
    real: (baseUrl, secret) =>
      new HttpPayout({ baseUrl: () => baseUrl, secret, callbackUrl: () => config.payout.callbackUrl, clock }),
    sandbox: (secret) => sandboxPayout(core.ownBaseUrl, secret, clock),
    unconfigured: () => new UnconfiguredPayout(),
    warning: 'No payout party configured (PAYOUT_BASE_URL, PAYOUT_SECRET): withdrawals wait in progress',
  });
}
