import type { FastifyInstance } from 'fastify';
import { ProviderRefusedError, ProviderUnavailableError } from '../../adapters/games/game-provider.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { siteTimeZone } from '../../lib/local-calendar.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { Router } from '../../lib/route.ts';
import type { AccountRepository } from '../account/account.repository.ts';
import type { ActiveBonusGate, BonusHistory } from '../bonus/active-bonus.ts';
import type { GamesRepository } from '../games/games.repository.ts';
import type { ProviderRegistry } from '../games/provider-registry.ts';
import { LedgerRepository } from '../ledger/ledger.repository.ts';
import { LedgerService } from '../ledger/ledger.service.ts';
import { seedBanners } from '../settings/settings.banners.ts';
import { SettingsRepository } from '../settings/settings.repository.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { RefundRepository } from './refund.repository.ts';
import { refundRoutes } from './refund.routes.ts';
import { type BetRecords, RefundService } from './refund.service.ts';
import { REFUND_BANNERS_KEY, REFUND_DEMO, REFUND_SETTINGS_KEY } from './refund.settings.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Loss refunds, for tests and operational scripts. */
    refunds: RefundService;
  }
}

export interface RefundsDeps {
  db: Db;
  clock: Clock;
  limiter: RateLimiter;
  settings: SettingsService;
  members: AccountRepository;
  /** The game catalogue and accounts, and the provider adapters: where the bet records come from. */
  games: { repository: GamesRepository; registry: ProviderRegistry };
  /**
   * The bonus module's answers to "is a bonus running?" (spec section 4: refunds are blocked meanwhile) and "when
   * did bonuses run?" (bets placed then are not refunded).
   */
  bonuses: ActiveBonusGate & BonusHistory;
}

/**
 * Stakes and winnings over stretches of time, summed over every game account of the member and every stretch,
 * from each provider's own bet records (one call per account and stretch). A provider that cannot answer makes
 * the whole answer unknown: nothing is paid on a guess.
 */
export function providerBetRecords(games: RefundsDeps['games']): BetRecords {
  return {
    async totals(memberId, spans) {
      if (spans.length === 0) return { stakeMinor: 0n, winMinor: 0n };
      const providers = new Map((await games.repository.listProviders(false)).map((row) => [row.code, row]));
      let stakeMinor = 0n;
      let winMinor = 0n;
      for (const account of await games.repository.listAccounts(memberId)) {
        const provider = providers.get(account.provider_code);
        const adapter = provider ? games.registry.for(provider) : undefined;
        if (!adapter) throw new AppError('INTERNAL_SERVER_ERROR', 503);
        for (const span of spans) {
          const summary = await adapter.betSummary(account.username, span.from, span.to).catch((error: unknown) => {
            if (error instanceof ProviderUnavailableError || error instanceof ProviderRefusedError) {
              throw new AppError('INTERNAL_SERVER_ERROR', 503);
            }
            throw error;
          });
          stakeMinor += summary.stakeMinor;
          winMinor += summary.winMinor;
        }
      }
      return { stakeMinor, winMinor };
    },
  };
}

/** Loss refunds (docs/promotions/refunds.md): the service, its routes and the demo programme. */
export function registerRefunds(app: FastifyInstance, route: Router, config: Config, deps: RefundsDeps): RefundService {
  const refunds = new RefundService({
    db: deps.db,
    repository: new RefundRepository(deps.db),
    ledger: new LedgerService({ repository: new LedgerRepository(), clock: deps.clock }),
    settings: deps.settings,
    members: deps.members,
    bets: providerBetRecords(deps.games),
    bonuses: deps.bonuses,
    clock: deps.clock,
    timeZone: siteTimeZone(config.country),
  });
  app.decorate('refunds', refunds);
  refundRoutes(route, {
    refunds,
    settings: deps.settings,
    limiter: deps.limiter,
    ratePerMinute: config.moneyRatePerMinute,
    country: config.country,
  });
  if (config.demo) app.addHook('onReady', () => seedRefundDemo(deps));
  return refunds;
}

const DEMO_BANNERS = {
  th: [{ image: '/media/promotions/refund.svg', html: '<p>คืนยอดเสีย <b>5%</b> ทุกสัปดาห์ สูงสุด 5,000 บาท</p>' }],
  lo: [{ image: '/media/promotions/refund.svg', html: '<p>ຄືນຍອດເສຍ <b>5%</b> ທຸກອາທິດ ສູງສຸດ 5,000</p>' }],
  en: [
    { image: '/media/promotions/refund.svg', html: '<p><b>5%</b> of your net losses back every week, up to 5,000</p>' },
  ],
};

/** The demo programme (DESIGN.md section 7): its settings and banners, each only when unset. */
async function seedRefundDemo(deps: RefundsDeps): Promise<void> {
  if ((await deps.settings.global(REFUND_SETTINGS_KEY)) === undefined) {
    await deps.settings.setGlobal(REFUND_SETTINGS_KEY, REFUND_DEMO);
  }
  await seedBanners(new SettingsRepository(deps.db), REFUND_BANNERS_KEY, DEMO_BANNERS, deps.clock.now());
}
