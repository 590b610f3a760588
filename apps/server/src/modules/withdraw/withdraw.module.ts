import type { FastifyInstance } from 'fastify';
import { HttpPayout } from '../../adapters/payout/http.ts';
import { type Payout, UnconfiguredPayout } from '../../adapters/payout/payout.ts';
import { sandboxPayout } from '../../adapters/payout/sandbox.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { startPeriodicJob } from '../../lib/periodic-job.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { Router } from '../../lib/route.ts';
import type { AccountRepository } from '../account/account.repository.ts';
import { IdempotencyRepository } from '../ledger/idempotency.repository.ts';
import { IdempotencyService } from '../ledger/idempotency.service.ts';
import { LedgerRepository } from '../ledger/ledger.repository.ts';
import { LedgerService } from '../ledger/ledger.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { WithdrawalRepository } from './withdraw.repository.ts';
import { payoutWebhookRoutes, withdrawRoutes } from './withdraw.routes.ts';
import { type AuditRecorder, type WithdrawalBonusRules, WithdrawalService } from './withdraw.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Withdrawals, for tests and operational scripts (the settler's pass on demand: `settlePending()`). */
    withdrawals: WithdrawalService;
  }
}

export interface WithdrawalsDeps {
  db: Db;
  clock: Clock;
  limiter: RateLimiter;
  settings: SettingsService;
  members: AccountRepository;
  /** The bonus module's rules for withdrawing while a bonus runs (docs/promotions/bonuses.md). */
  bonus: WithdrawalBonusRules;
  /** The back-office's audit log, written with operators' reviews. */
  audit: AuditRecorder;
  /** This server's own address, for the sandbox payout party reached over real HTTP (known after listen). */
  ownBaseUrl: () => string;
}

/**
 * Everything of withdrawals (docs/withdrawals.md): the payout adapter (the configured party, else the sandbox's
 * over real HTTP), the service, its routes and webhook, and the settler.
 */
export async function registerWithdrawals(
  app: FastifyInstance,
  route: Router,
  config: Config,
  deps: WithdrawalsDeps,
): Promise<WithdrawalService> {
  const { db, clock } = deps;
  const withdrawals = new WithdrawalService({
    db,
    ledger: new LedgerService({ repository: new LedgerRepository(), clock }),
    ledgerRepository: new LedgerRepository(),
    repository: new WithdrawalRepository(),
    members: deps.members,
    settings: deps.settings,
    bonus: deps.bonus,
    payout: createPayout(app, config, deps),
    audit: deps.audit,
    clock,
    logger: app.log,
  });
  app.decorate('withdrawals', withdrawals);
  withdrawRoutes(route, {
    withdrawals,
    idempotency: new IdempotencyService({ repository: new IdempotencyRepository(db), clock }),
    limiter: deps.limiter,
    ratePerMinute: config.withdrawRatePerMinute,
    ratePerHour: config.withdrawRatePerHour,
  });
  await payoutWebhookRoutes(app, { withdrawals, secret: config.payoutSecret, clock });
  startPeriodicJob(app, 'withdrawal settler', config.payoutSettleIntervalMs, () => withdrawals.settlePending());
  return withdrawals;
}

function createPayout(app: FastifyInstance, config: Config, deps: WithdrawalsDeps): Payout {
  const { payoutBaseUrl, payoutSecret, payoutCallbackUrl } = config;
  if (payoutBaseUrl && payoutSecret) {
    return new HttpPayout({
      baseUrl: () => payoutBaseUrl,
      secret: payoutSecret,
      callbackUrl: () => payoutCallbackUrl,
      clock: deps.clock,
    });
  }
  if (config.sandbox && payoutSecret) return sandboxPayout(deps.ownBaseUrl, payoutSecret, deps.clock);
  app.log.warn('No payout party configured (PAYOUT_BASE_URL, PAYOUT_SECRET): withdrawals wait in progress');
  return new UnconfiguredPayout();
}
