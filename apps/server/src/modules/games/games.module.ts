import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Core } from '../../core.ts';
import { onceAcrossNodes } from '../../db/connect.ts';
import type { Db } from '../../db/database.ts';
import { seedGameCatalogue } from '../../demo/game-catalogue.ts';
import type { Clock } from '../../lib/clock.ts';
import type { MemberEvents } from '../../lib/member-events.ts';
import { BonusDebts } from '../bonus/bonus.debt.ts';
import { BonusRepository } from '../bonus/bonus.repository.ts';
import { LedgerRepository } from '../ledger/ledger.repository.ts';
import { LedgerService } from '../ledger/ledger.service.ts';
import { GamesRepository } from './games.repository.ts';
import { ProviderRegistry } from './provider-registry.ts';
import { recordedLosses } from './recorded-losses.ts';
import type { IntoGameGate } from './transfer.gate.ts';
import { TransferReconciler } from './transfer.reconciler.ts';
import { TransferService } from './transfer.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The games module, for the on-demand reconciler (tests, operators' scripts). */
    games: GamesModule;
  }
}

/** The providers and their accounts, the money moved to and from them, and the reconciler of what was left open. */
export interface GamesModule {
  transfers: TransferService;
  reconciler: TransferReconciler;
  repository: GamesRepository;
  registry: ProviderRegistry;
}

/**
 * Game providers (docs/wallet.md): their adapters, the transfers to and from them and the reconciler's loop; the
 * demo catalogue and the demo member's opening deposit. The member's routes are the wallet module's.
 */
export async function registerGames(app: FastifyInstance, core: Core): Promise<GamesModule> {
  const { config } = core;
  const games = createGamesServices(config, core, app.log);
  // Each catalogue row names its provider's adapter: an active sandbox provider is a sandbox party (the label).
  core.sandboxAdapters.probe(async () =>
    (await games.repository.listProviders(true)).some((provider) => provider.adapter === 'sandbox'),
  );
  if (config.demo) {
    await seedGameCatalogue(games.repository);
    // After buildApp has created the demo member (seedDemoData runs last): a wallet balance to play with.
    app.addHook('onReady', () => onceAcrossNodes(core.db, () => fundDemoMember(core)));
  }
  app.jobs.every('transfer-reconciler', config.transferReconcileIntervalMs, () =>
    games.reconciler.reconcile({ minAgeMs: 2 * config.gameProviderTimeoutMs }),
  );
  app.decorate('games', games);
  return games;
}

/** The demo member's opening deposit (DESIGN.md section 7), once: its ledger key makes a second run a replay. */
export const DEMO_OPENING_DEPOSIT_MINOR = 100_000n;

async function fundDemoMember(core: Core): Promise<void> {
  const { ledger, db } = core;
  const member = await core.members.findByPhone(core.config.demoPhone);
  if (!member) return;
  const { wallet, clearing } = await ledger.depositAccounts(db, member.id, member.currency);
  await db.transaction().execute((trx) =>
    ledger.postDeposit(trx, {
      memberId: member.id,
      idempotencyKey: 'demo:opening-deposit',
      reference: { demo: true },
      from: clearing.id,
      to: wallet.id,
      amountMinor: DEMO_OPENING_DEPOSIT_MINOR,
    }),
  );
}

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
  deps: { db: Db; clock: Clock; ownBaseUrl: () => string; memberEvents?: MemberEvents; saferPlay?: IntoGameGate },
  logger: { warn(object: object, message: string): void },
): GamesModule {
  const { db, clock } = deps;
  // The app's transfers are announced to their members (docs/live.md); the reconcile script has no one to tell.
  const ledger = new LedgerService({ repository: new LedgerRepository(), clock, events: deps.memberEvents });
  const repository = new GamesRepository(db);
  const registry = createProviderRegistry(config, deps.ownBaseUrl);
  const bonusDebts = new BonusDebts({ ledger, repository: new BonusRepository(), clock });
  const transfers = new TransferService({
    db,
    ledger,
    repository,
    registry,
    clock,
    bonusDebts,
    gate: deps.saferPlay,
    recordedLosses: recordedLosses(repository, registry),
  });
  const reconciler = new TransferReconciler({ repository, transfers, clock, logger });
  return { transfers, reconciler, repository, registry };
}
