import type { FastifyInstance } from 'fastify';
import type { LedgerService } from '../../core/ledger/ledger.service.ts';
import type { Core } from '../../core.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ActiveBonusGate } from './active-bonus.ts';
import { BonusDebts } from './bonus.debt.ts';
import { seedDemoBonuses } from './bonus.demo.ts';
import { BonusRepository } from './bonus.repository.ts';
import { bonusRoutes } from './bonus.routes.ts';
import { BonusService } from './bonus.service.ts';

export type { ActiveBonusGate, BonusHistory, RewardBonuses, RewardDefinition, TimeSpan } from './active-bonus.ts';
export type { BonusDebtCollector } from './bonus.debt.ts';
export type { BonusDefinition, NewBonusDefinition } from './bonus.repository.ts';
export { REWARD_NAMES, textIn } from './bonus.rules.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether a member has a bonus running: what the modules a bonus blocks are wired to. */
    activeBonus: ActiveBonusGate;
    /** Bonuses and promotion codes, for tests and operators' scripts (`define()` adds a definition). */
    bonuses: BonusService;
  }
}

/** What the bonus module offers the modules after it. */
export interface BonusModule {
  /** The rules a running bonus sets: withdrawals, the wheel, refunds and adjustments obey them. */
  service: BonusService;
  /** What cancelled bonuses still owe, paid first from money coming back from a game. */
  debts: BonusDebts;
}

/** The debts of cancelled bonuses, with the ledger of the caller (the app's, or an operational script's). */
export function createBonusDebts(deps: { ledger: LedgerService; clock: Clock }): BonusDebts {
  return new BonusDebts({ ...deps, repository: new BonusRepository() });
}

/** Bonuses and promotion codes (docs/promotions/bonuses.md): the service, its routes, the demo definitions. */
export async function registerBonuses(
  app: FastifyInstance,
  core: Pick<Core, 'clock' | 'config' | 'db' | 'ledger' | 'limiter' | 'members' | 'people' | 'providers' | 'route'>,
): Promise<BonusModule> {
  const { config } = core;
  const bonuses = new BonusService({
    db: core.db,
    ledger: core.ledger,
    repository: new BonusRepository(),
    members: core.members,
    registry: core.providers,
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
    ratePerMinute: config.rates.moneyPerMinute,
  });
  // In the currency a new member of the site gets by default (the demo member's).
  if (config.demo) await seedDemoBonuses(bonuses, config.country === 'LA' ? 'LAK' : 'BAHT');
  return { service: bonuses, debts: createBonusDebts(core) };
}
