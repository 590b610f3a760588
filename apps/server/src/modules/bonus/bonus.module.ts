import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { Router } from '../../lib/route.ts';
import type { AccountRepository } from '../account/account.repository.ts';
import { createProviderRegistry } from '../games/games.module.ts';
import { LedgerRepository } from '../ledger/ledger.repository.ts';
import { LedgerService } from '../ledger/ledger.service.ts';
import type { ActiveBonusGate } from './active-bonus.ts';
import { seedDemoBonuses } from './bonus.demo.ts';
import { BonusRepository } from './bonus.repository.ts';
import { bonusRoutes } from './bonus.routes.ts';
import { BonusService } from './bonus.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether a member has a bonus running: what the modules a bonus blocks are wired to. */
    activeBonus: ActiveBonusGate;
    /** Bonuses and promotion codes, for tests and operators' scripts (`define()` adds a definition). */
    bonuses: BonusService;
  }
}

export interface BonusesDeps {
  db: Db;
  clock: Clock;
  limiter: RateLimiter;
  members: AccountRepository;
  ownBaseUrl: () => string;
}

/** Bonuses and promotion codes (docs/promotions/bonuses.md): the service, its routes, the demo definitions. */
export async function registerBonuses(
  app: FastifyInstance,
  route: Router,
  config: Config,
  deps: BonusesDeps,
): Promise<BonusService> {
  const { db, clock } = deps;
  const ledgerRepository = new LedgerRepository();
  const bonuses = new BonusService({
    db,
    ledger: new LedgerService({ repository: ledgerRepository, clock }),
    ledgerRepository,
    repository: new BonusRepository(),
    members: deps.members,
    registry: createProviderRegistry(config, deps.ownBaseUrl),
    clock,
    country: config.country,
    logger: app.log,
  });
  app.decorate('bonuses', bonuses);
  app.decorate('activeBonus', bonuses as ActiveBonusGate);
  bonusRoutes(route, {
    bonuses,
    limiter: deps.limiter,
    country: config.country,
    ratePerMinute: config.moneyRatePerMinute,
  });
  // In the currency a new member of the site gets by default (the demo member's).
  if (config.demo) await seedDemoBonuses(bonuses, config.country === 'LA' ? 'LAK' : 'BAHT');
  return bonuses;
}
