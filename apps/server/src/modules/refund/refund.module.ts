import type { FastifyInstance } from 'fastify';
import { ProviderRefusedError, ProviderUnavailableError } from '../../adapters/games/game-provider.ts';
import type { ProviderRegistry } from '../../core/games/provider-registry.ts';
import { SettingsRepository } from '../../core/settings/settings.repository.ts';
import type { Core } from '../../core.ts';
import { onceAcrossNodes } from '../../db/connect.ts';
import { AppError } from '../../lib/errors.ts';
import { siteTimeZone } from '../../lib/local-calendar.ts';
import type { ActiveBonusGate, BonusHistory } from '../bonus/bonus.module.ts';
import type { GamesRepository } from '../games/games.module.ts';
import { seedBanners } from '../settings/settings.module.ts';
import { RefundRepository } from './refund.repository.ts';
import { refundRoutes } from './refund.routes.ts';
import { type BetRecords, RefundService } from './refund.service.ts';
import { REFUND_BANNERS_KEY, REFUND_DEMO, REFUND_SETTINGS_KEY } from './refund.settings.ts';

export {
  REFUND_BANNERS_KEY,
  REFUND_DEFAULTS,
  REFUND_SETTINGS_KEY,
  readRefundSettings,
  refundSettingsValid,
} from './refund.settings.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Loss refunds, for tests and operational scripts. */
    refunds: RefundService;
  }
}

export interface RefundsDeps {
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
        if (!adapter) throw new AppError('INTERNAL_SERVER_ERROR');
        for (const span of spans) {
          const summary = await adapter.betSummary(account.username, span.from, span.to).catch((error: unknown) => {
            if (error instanceof ProviderUnavailableError || error instanceof ProviderRefusedError) {
              throw new AppError('INTERNAL_SERVER_ERROR');
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
export function registerRefunds(
  app: FastifyInstance,
  core: Pick<Core, 'clock' | 'config' | 'db' | 'ledger' | 'limiter' | 'members' | 'route' | 'settings'>,
  deps: RefundsDeps,
): RefundService {
  const { config } = core;
  const refunds = new RefundService({
    db: core.db,
    repository: new RefundRepository(core.db),
    ledger: core.ledger,
    settings: core.settings,
    members: core.members,
    bets: providerBetRecords(deps.games),
    bonuses: deps.bonuses,
    clock: core.clock,
    timeZone: siteTimeZone(config.country),
  });
  app.decorate('refunds', refunds);
  refundRoutes(core.route, {
    refunds,
    settings: core.settings,
    limiter: core.limiter,
    ratePerMinute: config.rates.moneyPerMinute,
    country: config.country,
  });
  if (config.demo) app.addHook('onReady', () => onceAcrossNodes(core.db, () => seedRefundDemo(core)));
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
async function seedRefundDemo(core: Pick<Core, 'clock' | 'db' | 'settings'>): Promise<void> {
  if ((await core.settings.global(REFUND_SETTINGS_KEY)) === undefined) {
    await core.settings.setGlobal(REFUND_SETTINGS_KEY, REFUND_DEMO);
  }
  await seedBanners(new SettingsRepository(core.db), REFUND_BANNERS_KEY, DEMO_BANNERS, core.clock.now());
}
