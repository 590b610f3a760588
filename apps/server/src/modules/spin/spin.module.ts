import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod/mini';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { Router } from '../../lib/route.ts';
import type { AccountRepository } from '../account/account.repository.ts';
import type { ActiveBonusGate, RewardBonuses } from '../bonus/active-bonus.ts';
import { IdempotencyRepository } from '../ledger/idempotency.repository.ts';
import { IdempotencyService } from '../ledger/idempotency.service.ts';
import { LedgerRepository } from '../ledger/ledger.repository.ts';
import { LedgerService } from '../ledger/ledger.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { DEMO_COINS, DEMO_COINS_GRANT_KEY, DEMO_WHEEL } from './spin.demo.ts';
import { cryptoRng, type Rng } from './spin.draw.ts';
import { SpinRepository } from './spin.repository.ts';
import { spinRoutes } from './spin.routes.ts';
import { SpinService } from './spin.service.ts';
import { SPIN_WHEEL_KEY } from './spin.settings.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The prize wheel, for tests and operational scripts (`configure`, `grantCoins`). */
    spin: SpinService;
  }
}

export interface SpinWheelDeps {
  db: Db;
  clock: Clock;
  limiter: RateLimiter;
  settings: SettingsService;
  members: AccountRepository;
  bonusGate: ActiveBonusGate;
  /** A claimed cash prize runs as the member's bonus (docs/promotions/wheel.md, "Rewards are bonus money"). */
  rewards: RewardBonuses;
  /** The draw's random source; the operating system's cryptographic one unless a test injects another. */
  rng?: Rng;
}

const sandboxCoinsRequest = z.object({ username: z.string(), coins: z.int().check(z.minimum(1), z.maximum(1000)) });
const sandboxCoinsResponse = z.object({ userCoin: z.int() });

/**
 * The prize wheel (docs/promotions/wheel.md): the service, its routes, a sandbox control that grants
 * coins, and the demo wheel. Answers the service: the wallet shows its coins.
 */
export function registerSpinWheel(app: FastifyInstance, route: Router, config: Config, deps: SpinWheelDeps) {
  const { db, clock } = deps;
  const spin = new SpinService({
    db,
    repository: new SpinRepository(),
    ledger: new LedgerService({ repository: new LedgerRepository(), clock }),
    settings: deps.settings,
    members: deps.members,
    bonusGate: deps.bonusGate,
    rewards: deps.rewards,
    clock,
    rng: deps.rng ?? cryptoRng,
  });
  app.decorate('spin', spin);
  spinRoutes(route, {
    spin,
    idempotency: new IdempotencyService({ repository: new IdempotencyRepository(db), clock }),
    limiter: deps.limiter,
    ratePerMinute: config.moneyRatePerMinute,
    country: config.country,
  });
  if (config.sandbox) {
    route({
      method: 'POST',
      url: '/sandbox/spinwheel/coins',
      auth: false,
      summary: 'Sandbox: grant coins to a member (by phone number) for the prize wheel',
      tags: ['sandbox'],
      body: sandboxCoinsRequest,
      response: sandboxCoinsResponse,
      handler: async ({ body }) => {
        const member = await deps.members.findByPhone(body.username);
        if (!member) throw new AppError('NO_USER', 404);
        return { userCoin: await spin.grantCoins(member.id, `sandbox:${randomUUID()}`, body.coins) };
      },
    });
  }
  // After buildApp has created the demo member (seedDemoData runs last): the demo wheel and a few coins.
  if (config.demo) app.addHook('onReady', () => seedDemoSpin(config, deps, spin));
  return spin;
}

/** Idempotent: an operator's wheel is never replaced, and the demo coins are one keyed grant. */
async function seedDemoSpin(config: Config, deps: SpinWheelDeps, spin: SpinService): Promise<void> {
  if ((await deps.settings.global(SPIN_WHEEL_KEY)) === undefined) await spin.configure({ wheel: DEMO_WHEEL });
  const member = await deps.members.findByPhone(config.demoPhone);
  if (member) await spin.grantCoins(member.id, DEMO_COINS_GRANT_KEY, DEMO_COINS);
}
