import type { FastifyInstance } from 'fastify';
import type { Core } from '../../core.ts';
import { createProviderRegistry } from '../games/games.module.ts';
import { LedgerRepository } from '../ledger/ledger.repository.ts';
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

/** Bonuses and promotion codes (docs/promotions/bonuses.md): the service, its routes, the demo definitions. */
export async function registerBonuses(app: FastifyInstance, core: Core): Promise<BonusService> {
  const { config } = core;
  const bonuses = new BonusService({
    db: core.db,
    ledger: core.ledger,
    ledgerRepository: new LedgerRepository(),
    repository: new BonusRepository(),
    members: core.members,
    registry: createProviderRegistry(config, core.ownBaseUrl),
    clock: core.clock,
    country: config.country,
    logger: app.log,
    people: core.people,
  });
  app.decorate('bonuses', bonuses);
  app.decorate('activeBonus', bonuses as ActiveBonusGate);
  bonusRoutes(core.route, {
    bonuses,
    limiter: core.limiter,
    country: config.country,
    ratePerMinute: config.moneyRatePerMinute,
  });
  // In the currency a new member of the site gets by default (the demo member's).
  if (config.demo) await seedDemoBonuses(bonuses, config.country === 'LA' ? 'LAK' : 'BAHT');
  return bonuses;
}
