import type { FastifyInstance } from 'fastify';
import { HttpVoucherRedeemer } from '../../adapters/voucher/http.ts';
import { sandboxVoucherRedeemer } from '../../adapters/voucher/sandbox.ts';
import { UnconfiguredVoucherRedeemer, type VoucherRedeemer } from '../../adapters/voucher/voucher-redeemer.ts';
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
import { TruelinkRepository } from './truelink.repository.ts';
import { truelinkRoutes } from './truelink.routes.ts';
import { TruelinkService } from './truelink.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** TrueMoney gift links, for tests and operational scripts (`settleUnknown()` on demand). */
    truelinks: TruelinkService;
  }
}

export interface TruelinksDeps {
  db: Db;
  clock: Clock;
  limiter: RateLimiter;
  members: AccountRepository;
  /** This server's own address, for the sandbox voucher party reached over real HTTP (known after listen). */
  ownBaseUrl: () => string;
}

/**
 * Everything of TrueMoney gift links (docs/deposits/truemoney.md): the voucher adapter (the configured party,
 * else the sandbox's over real HTTP), the service, its routes, and the settler.
 */
export async function registerTruelinks(app: FastifyInstance, route: Router, config: Config, deps: TruelinksDeps) {
  const { db, clock } = deps;
  const truelinks = new TruelinkService({
    db,
    ledger: new LedgerService({ repository: new LedgerRepository(), clock }),
    ledgerRepository: new LedgerRepository(),
    repository: new TruelinkRepository(),
    members: deps.members,
    redeemer: createRedeemer(app, config, deps),
    keys: config.truelinkKeys,
    clock,
    logger: app.log,
  });
  app.decorate('truelinks', truelinks);
  truelinkRoutes(route, {
    truelinks,
    idempotency: new IdempotencyService({ repository: new IdempotencyRepository(db), clock }),
    limiter: deps.limiter,
    ratePerMinute: config.moneyRatePerMinute,
  });
  startPeriodicJob(app, 'voucher settler', config.truelinkSettleIntervalMs, () => truelinks.settleUnknown());
  return truelinks;
}

function createRedeemer(app: FastifyInstance, config: Config, deps: TruelinksDeps): VoucherRedeemer {
  const { voucherBaseUrl, voucherSecret } = config;
  if (voucherBaseUrl && voucherSecret) {
    return new HttpVoucherRedeemer({ baseUrl: () => voucherBaseUrl, secret: voucherSecret, clock: deps.clock });
  }
  if (config.sandbox && voucherSecret) return sandboxVoucherRedeemer(deps.ownBaseUrl, voucherSecret, deps.clock);
  app.log.warn('No voucher party configured (VOUCHER_BASE_URL, VOUCHER_SECRET): gift links cannot be redeemed');
  return new UnconfiguredVoucherRedeemer();
}
