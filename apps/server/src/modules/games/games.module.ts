import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { seedGameCatalogue } from '../../demo/game-catalogue.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { Router } from '../../lib/route.ts';
import { SecretBox } from '../../lib/secret-box.ts';
import type { AccountRepository } from '../account/account.repository.ts';
import { BonusDebts } from '../bonus/bonus.debt.ts';
import { BonusRepository } from '../bonus/bonus.repository.ts';
import { IdempotencyRepository } from '../ledger/idempotency.repository.ts';
import { IdempotencyService } from '../ledger/idempotency.service.ts';
import { LedgerRepository } from '../ledger/ledger.repository.ts';
import { LedgerService } from '../ledger/ledger.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { GamesRepository } from './games.repository.ts';
import { ProviderRegistry } from './provider-registry.ts';
import { startReconcileLoop, TransferReconciler } from './transfer.reconciler.ts';
import { TransferService } from './transfer.service.ts';
import { walletRoutes } from './wallet.routes.ts';
import { type CoinBalance, type WalletInviteSource, WalletService } from './wallet.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The games module, for the on-demand reconciler (tests, operators' scripts). */
    games: GamesModule;
  }
}

export interface GamesModuleDeps {
  db: Db;
  clock: Clock;
  limiter: RateLimiter;
  settings: SettingsService;
  members: AccountRepository;
  ownBaseUrl: () => string;
  /** The invite programme, read by the wallet answer. */
  invites: WalletInviteSource;
  /** The prize wheel's coins, shown in the wallet's `profile.coin`. */
  coins?: CoinBalance;
}

export interface GamesModule {
  wallet: WalletService;
  transfers: TransferService;
  reconciler: TransferReconciler;
  repository: GamesRepository;
  registry: ProviderRegistry;
}

/** The game catalogue, wallet and transfer routes and the reconciler (docs/wallet.md). */
export async function registerGames(
  app: FastifyInstance,
  route: Router,
  config: Config,
  deps: GamesModuleDeps,
): Promise<GamesModule> {
  const { db, clock } = deps;
  const services = createGamesServices(config, deps, app.log);
  walletRoutes(route, {
    wallet: services.wallet,
    idempotency: new IdempotencyService({ repository: new IdempotencyRepository(db), clock }),
    limiter: deps.limiter,
    ratePerMinute: config.moneyRatePerMinute,
  });
  if (config.demo) {
    await seedGameCatalogue(services.repository);
    // After buildApp has created the demo member (seedDemoData runs last): a wallet balance to play with.
    app.addHook('onReady', () => fundDemoMember(config, deps, services.ledger));
  }
  if (config.transferReconcileIntervalMs > 0) {
    const stop = startReconcileLoop(
      services.reconciler,
      config.transferReconcileIntervalMs,
      2 * config.gameProviderTimeoutMs,
      app.log,
    );
    app.addHook('onClose', async () => stop());
  }
  const module: GamesModule = services;
  app.decorate('games', module);
  return module;
}

/** The demo member's opening deposit (DESIGN.md section 7), once: its ledger key makes a second run a replay. */
export const DEMO_OPENING_DEPOSIT_MINOR = 100_000n;

async function fundDemoMember(config: Config, deps: GamesModuleDeps, ledger: LedgerService): Promise<void> {
  const member = await deps.members.findByPhone(config.demoPhone);
  if (!member) return;
  const wallet = await ledger.memberWallet(deps.db, member.id, member.currency);
  const clearing = await ledger.ensureAccount(deps.db, {
    kind: 'deposit_clearing',
    memberId: null,
    providerCode: null,
    currency: member.currency,
  });
  await deps.db.transaction().execute((trx) =>
    ledger.post(trx, {
      memberId: member.id,
      type: 'deposit',
      status: 'completed',
      idempotencyKey: 'demo:opening-deposit',
      reference: { demo: true },
      postings: [
        { account: clearing.id, amount: -DEMO_OPENING_DEPOSIT_MINOR },
        { account: wallet.id, amount: DEMO_OPENING_DEPOSIT_MINOR },
      ],
    }),
  );
}

/** For the reconcile script, which never answers a wallet. */
const NO_INVITES: WalletInviteSource = { walletInvite: async () => ({ amount: 0, success: 0, fail: 0 }) };
/** The adapters of the catalogue's providers, as configured; also what promotions read bet records with. */
export function createProviderRegistry(config: Config, ownBaseUrl: () => string): ProviderRegistry {
  return new ProviderRegistry({
    sandboxBaseUrl: () => config.sandboxGamesBaseUrl?.replace(/\/+$/, '') ?? ownBaseUrl(),
    sandboxSecret: config.sandboxGameSecret,
    secrets: config.gameProviderSecrets,
    timeoutMs: config.gameProviderTimeoutMs,
  });
}

/** The services alone, for the reconcile script and tests. */
export function createGamesServices(
  config: Config,
  deps: Omit<GamesModuleDeps, 'limiter' | 'invites'> & { invites?: WalletInviteSource },
  logger: { warn(object: object, message: string): void },
) {
  const { db, clock, settings, members } = deps;
  const ledgerRepository = new LedgerRepository();
  const ledger = new LedgerService({ repository: ledgerRepository, clock });
  const repository = new GamesRepository(db);
  const registry = createProviderRegistry(config, deps.ownBaseUrl);
  const bonusDebts = new BonusDebts({ ledger, repository: new BonusRepository(), clock });
  const transfers = new TransferService({ db, ledger, repository, registry, clock, bonusDebts });
  const reconciler = new TransferReconciler({ repository, transfers, clock, logger });
  const wallet = new WalletService({
    db,
    accounts: members,
    ledger,
    ledgerRepository,
    repository,
    registry,
    transfers,
    settings,
    secrets: new SecretBox(config.gameCredentialKey),
    clock,
    invites: deps.invites ?? NO_INVITES,
    ...(deps.coins ? { coins: deps.coins } : {}),
  });
  return { wallet, transfers, reconciler, repository, registry, ledger };
}
