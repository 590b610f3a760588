import type { FastifyInstance } from 'fastify';
import type { ProviderRegistry } from '../../core/games/provider-registry.ts';
import type { LedgerService } from '../../core/ledger/ledger.service.ts';
import type { Core } from '../../core.ts';
import { onceAcrossNodes } from '../../db/connect.ts';
import type { Db } from '../../db/database.ts';
import { seedGameCatalogue } from '../../demo/game-catalogue.ts';
import type { Clock } from '../../lib/clock.ts';
import type { BonusDebtCollector } from '../bonus/bonus.module.ts';
import { GamesRepository } from './games.repository.ts';
import { type RecordedLosses, recordedLosses } from './recorded-losses.ts';
import type { IntoGameGate } from './transfer.gate.ts';
import { TransferReconciler } from './transfer.reconciler.ts';
import { TransferService } from './transfer.service.ts';

export type { GameAccount, GameProviderRow, GamesRepository } from './games.repository.ts';
export type { RecordedLosses } from './recorded-losses.ts';
export type { TransferService } from './transfer.service.ts';
export { isOpen } from './transfer.service.ts';

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
  /** What the providers' own bet records say a member lost: safer play's loss limits read it. */
  recordedLosses: RecordedLosses;
}

/**
 * Game providers (docs/wallet.md): their adapters, the transfers to and from them and the reconciler's loop; the
 * demo catalogue and the demo member's opening deposit. The member's routes are the wallet module's.
 */
export async function registerGames(
  app: FastifyInstance,
  core: Pick<Core, 'clock' | 'config' | 'db' | 'ledger' | 'members' | 'providers' | 'sandboxAdapters'>,
  deps: { bonusDebts: BonusDebtCollector },
): Promise<GamesModule> {
  const { config } = core;
  const games = createGamesServices({ ...core, bonusDebts: deps.bonusDebts }, app.log);
  // Each catalogue row names its provider's adapter: an active sandbox provider is a sandbox party (the label).
  core.sandboxAdapters.probe(async () =>
    (await games.repository.listProviders(true)).some((provider) => provider.adapter === 'sandbox'),
  );
  if (config.demo) {
    await seedGameCatalogue(games.repository);
    // After buildApp has created the demo member (seedDemoData runs last): a wallet balance to play with.
    app.addHook('onReady', () => onceAcrossNodes(core.db, () => fundDemoMember(core)));
  }
  app.jobs.every('transfer-reconciler', config.games.reconcileIntervalMs, () =>
    games.reconciler.reconcile({ minAgeMs: 2 * config.games.timeoutMs }),
  );
  app.decorate('games', games);
  return games;
}

/** The demo member's opening deposit (DESIGN.md section 7), once: its ledger key makes a second run a replay. */
export const DEMO_OPENING_DEPOSIT_MINOR = 100_000n;

async function fundDemoMember(core: Pick<Core, 'config' | 'db' | 'ledger' | 'members'>): Promise<void> {
  const { ledger, db } = core;
  const member = await core.members.findByPhone(core.config.demoMember.phone);
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

/** The services alone, for the reconcile script and tests. */
export function createGamesServices(
  deps: {
    db: Db;
    clock: Clock;
    ledger: LedgerService;
    providers: ProviderRegistry;
    /** What cancelled bonuses still owe, paid first from money coming back from a game (the bonus module). */
    bonusDebts: BonusDebtCollector;
    saferPlay?: IntoGameGate;
  },
  logger: { warn(object: object, message: string): void },
): GamesModule {
  const { db, clock, ledger, bonusDebts, providers: registry } = deps;
  const repository = new GamesRepository(db);
  const losses = recordedLosses(repository, registry);
  const transfers = new TransferService({
    db,
    ledger,
    repository,
    registry,
    clock,
    bonusDebts,
    gate: deps.saferPlay,
    recordedLosses: losses,
  });
  const reconciler = new TransferReconciler({ repository, transfers, clock, logger });
  return { transfers, reconciler, repository, registry, recordedLosses: losses };
}
