import type { FastifyInstance } from 'fastify';
import type { Core } from '../../core.ts';
import { onceAcrossNodes } from '../../db/connect.ts';
import type { ActiveBonusGate, RewardBonuses } from '../bonus/bonus.module.ts';
import { DEMO_COINS, DEMO_COINS_GRANT_KEY, DEMO_WHEEL } from './spin.demo.ts';
import { cryptoRng } from './spin.draw.ts';
import { SpinRepository } from './spin.repository.ts';
import { spinRoutes } from './spin.routes.ts';
import { SpinService } from './spin.service.ts';
import { SPIN_WHEEL_KEY } from './spin.settings.ts';

export type { SpinService } from './spin.service.ts';
export { parseSetting, rulesSetting, SPIN_RULES_KEY, SPIN_WHEEL_KEY, wheelSetting } from './spin.settings.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The prize wheel, for tests and operational scripts (`configure`, `grantCoins`). */
    spin: SpinService;
  }
}

/**
 * The prize wheel (docs/promotions/wheel.md): the service, its routes and the demo wheel. Answers the service: the
 * wallet shows its coins, and the sandbox grants them. `bonusGate`: no cash claim while a bonus runs; `rewards`: a
 * claimed cash prize runs as the member's bonus (docs/promotions/wheel.md, "Rewards are bonus money").
 */
export function registerSpinWheel(
  app: FastifyInstance,
  core: Pick<Core, 'clock' | 'config' | 'db' | 'idempotency' | 'ledger' | 'limiter' | 'members' | 'route' | 'settings'>,
  deps: { bonusGate: ActiveBonusGate; rewards: RewardBonuses },
): SpinService {
  const { config } = core;
  const spin = new SpinService({
    db: core.db,
    repository: new SpinRepository(),
    ledger: core.ledger,
    settings: core.settings,
    members: core.members,
    bonusGate: deps.bonusGate,
    rewards: deps.rewards,
    clock: core.clock,
    rng: cryptoRng,
  });
  app.decorate('spin', spin);
  spinRoutes(core.route, {
    spin,
    idempotency: core.idempotency,
    limiter: core.limiter,
    ratePerMinute: config.rates.moneyPerMinute,
    country: config.country,
  });
  // After buildApp has created the demo member (seedDemoData runs last): the demo wheel and a few coins.
  if (config.demo) app.addHook('onReady', () => onceAcrossNodes(core.db, () => seedDemoSpin(core, spin)));
  return spin;
}

/** Idempotent: an operator's wheel is never replaced, and the demo coins are one keyed grant. */
async function seedDemoSpin(core: Pick<Core, 'config' | 'members' | 'settings'>, spin: SpinService): Promise<void> {
  if ((await core.settings.global(SPIN_WHEEL_KEY)) === undefined) await spin.configure({ wheel: DEMO_WHEEL });
  const member = await core.members.findByPhone(core.config.demoMember.phone);
  if (member) await spin.grantCoins(member.id, DEMO_COINS_GRANT_KEY, DEMO_COINS);
}
