import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { GameProvider } from '../../adapters/games/game-provider.ts';
import type { ProviderRegistry } from '../../core/games/provider-registry.ts';
import type { LedgerService, PostedEntry, PostingInput } from '../../core/ledger/ledger.service.ts';
import { NotTogether } from '../../core/ledger/ledger.together.ts';
import { type PeriodLosses, RecordsWanted } from '../../core/safer-play/safer-play.gate.ts';
import type { Database, Db } from '../../db/database.ts';
import { type GameTransferState, OPEN_TRANSFER_STATES } from '../../db/tables/games.table.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import { Batcher } from '../../lib/batcher.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { moneyInvariant } from '../../lib/money-invariant.ts';
import type { BonusDebtCollector } from '../bonus/bonus.module.ts';
import type { CompletedToGame, GameProviderRow, GamesRepository, GameTransfer } from './games.repository.ts';
import { answerOf, type ProviderAnswer } from './provider-answer.ts';
import type { RecordedLosses } from './recorded-losses.ts';
import type { IntoGameGate } from './transfer.gate.ts';
import { fail, newTransfer, reservationEntry, type TransferRequest } from './transfer.records.ts';

export type { TransferRequest } from './transfer.records.ts';

export interface TransferServiceDeps {
  db: Db;
  ledger: LedgerService;
  repository: GamesRepository;
  registry: ProviderRegistry;
  clock: Clock;
  /** Cancelled bonuses whose money was in game accounts are paid first from the money that comes back. */
  bonusDebts: BonusDebtCollector;
  /** How reserves and completions are grouped (docs/wallet.md, Transfers together); BATCHING by default. */
  batching?: { inFlight: number; max: number };
  /** The member's own loss limit and block (docs/safer-play.md); none: every transfer into a game may go. */
  gate?: IntoGameGate;
  /** What the providers recorded the member lost, read when the member has a loss limit. */
  recordedLosses?: RecordedLosses;
}

/**
 * Reserve transactions (and completion statements) under way at once on a node, and how many one takes at
 * most. Those that arrive while both are busy wait for the next and go together; two keep the database busy
 * while a group is being answered.
 */
export const BATCHING = { inFlight: 2, max: 32 } as const;

/** A reserve waiting for its turn: the request and the postings it moves. */
interface Reservation {
  request: TransferRequest;
  postings: PostingInput[];
}

/** A transfer as far as it went, and the member's wallet balance when the last step read it. */
export interface RunOutcome {
  transfer: GameTransfer;
  walletMinor?: bigint | undefined;
}

export function isOpen(transfer: GameTransfer): boolean {
  return (OPEN_TRANSFER_STATES as readonly GameTransferState[]).includes(transfer.state);
}

/**
 * Transfers between the wallet and a game account as a saga (DESIGN.md section 4, docs/wallet.md). Every step
 * is written to the database before the next one starts, so a restart at any point loses nothing:
 * 1. reserve: one transaction records the transfer (`reserved`) and posts the ledger reservation, pending:
 *    wallet -> position (to a game), or position -> suspense (from a game: the wallet is credited only once the
 *    provider has paid out);
 * 2. call the provider with our transfer id (the provider applies an id at most once);
 * 3. settle: applied -> complete (from a game: post suspense -> wallet first); refused -> reverse the
 *    reservation, `failed`; no definitive answer -> `unknown`, never refunded on a guess: the reconciler asks
 *    the provider's status for that id and settles.
 */
export class TransferService {
  readonly #reserves: Batcher<Reservation, GameTransfer>;
  readonly #completions: Batcher<GameTransfer, CompletedToGame | undefined>;

  constructor(private readonly deps: TransferServiceDeps) {
    const batching = deps.batching ?? BATCHING;
    this.#reserves = new Batcher({ ...batching, run: (items) => this.reserveAll(items) });
    this.#completions = new Batcher({ ...batching, run: (transfers) => this.completeAll(transfers) });
  }

  /**
   * Runs a transfer to its end, or as far as the provider lets it; answers the transfer as recorded. The caller
   * has the provider's catalogue row and the member's username there at hand already.
   */
  async run(request: TransferRequest, account: { provider: GameProviderRow; username: string }): Promise<RunOutcome> {
    const transfer = await this.reserve(request);
    if (transfer.state === 'reserved') {
      const answer = await answerOf(this.deps.registry.for(account.provider), transfer, account.username);
      // A wallet-to-game completion also reads the wallet, so the answer needs no statement of its own.
      if (answer.kind === 'applied' && transfer.direction === 'to_game') return this.completeToGame(transfer);
      return { transfer: await this.settle(transfer, answer) };
    }
    if (transfer.state === 'provider_applied') return { transfer: await this.settleApplied(transfer) };
    return { transfer };
  }

  /**
   * Step 1, idempotent by the request's key: a repeat answers the transfer recorded the first time (the ledger
   * entry's key makes a repeat replay the entry, and the transfer's key then finds the first transfer). Reserves
   * that arrive while others are under way are written together, each with the outcome it would have alone.
   */
  async reserve(request: TransferRequest): Promise<GameTransfer> {
    return this.#reserves.submit({ request, postings: await this.reservationPostings(request) });
  }

  /**
   * Reserves in arrival order: together in one transaction when there are several and their keys are new (the
   * ledger decides, `postTogether`), else one by one, in that order, as a lone reserve always is.
   */
  private async reserveAll(items: readonly Reservation[]): Promise<PromiseSettledResult<GameTransfer>[]> {
    if (items.length > 1) {
      try {
        return await this.reserveTogether(items);
      } catch {
        // Keys the ledger cannot decide in a set (NotTogether), or any failure of the shared transaction: it
        // rolled back, so nothing of it was written, and each reserve runs on its own to meet its own outcome.
      }
    }
    const outcomes: PromiseSettledResult<GameTransfer>[] = [];
    for (const item of items) {
      try {
        outcomes.push({ status: 'fulfilled', value: await this.reserveOne(item) });
      } catch (error) {
        outcomes.push({ status: 'rejected', reason: error });
      }
    }
    return outcomes;
  }

  private reserveTogether(items: readonly Reservation[]): Promise<PromiseSettledResult<GameTransfer>[]> {
    const { db, repository, clock, ledger } = this.deps;
    return transactionWithRetry(db, async (trx) => {
      const intoGames = items.filter((item) => item.request.direction === 'to_game');
      if (
        await this.deps.gate?.anySet(
          trx,
          intoGames.map((item) => item.request.memberId),
        )
      ) {
        throw new NotTogether('a member of the group has safer-play limits: each reserve is checked on its own');
      }
      const planned = items.map((item) => ({ ...item, id: randomUUID() }));
      const outcomes = await ledger.postTogether(
        trx,
        planned.map(({ request, postings, id }) => reservationEntry(request, id, postings)),
      );
      const now = clock.now();
      const rows = planned.flatMap(({ request, id }, index) => {
        const outcome = outcomes[index];
        return outcome && 'posted' in outcome ? [newTransfer(request, id, outcome.posted, now)] : [];
      });
      const inserted = await repository.insertTransfers(trx, rows);
      if (inserted.length < rows.length) throw new NotTogether('a racer took a transfer key meanwhile');
      const byId = new Map(inserted.map((transfer) => [transfer.id, transfer]));
      return outcomes.map((outcome, index): PromiseSettledResult<GameTransfer> => {
        if ('refused' in outcome) return { status: 'rejected', reason: outcome.refused };
        const { id, request } = planned[index] ?? fail('of a batch');
        return { status: 'fulfilled', value: byId.get(id) ?? fail(request.key) };
      });
    });
  }

  /** A lone reserve; for a member with a loss limit, again with the providers' records read outside it. */
  private async reserveOne(item: Reservation): Promise<GameTransfer> {
    try {
      return await this.reserveOnce(item);
    } catch (error) {
      const { gate, recordedLosses, clock } = this.deps;
      if (!(error instanceof RecordsWanted) || !gate) throw error;
      const now = clock.now();
      const none = { day: 0n, week: 0n, month: 0n };
      const recorded = recordedLosses ? await recordedLosses(item.request.memberId, gate.periodStarts(now), now) : none;
      return this.reserveOnce(item, recorded);
    }
  }

  private async reserveOnce({ request, postings }: Reservation, recorded?: PeriodLosses): Promise<GameTransfer> {
    const { db, repository, clock } = this.deps;
    return transactionWithRetry(db, async (trx) => {
      const id = randomUUID();
      let posted: PostedEntry;
      try {
        posted = await this.deps.ledger.post(trx, reservationEntry(request, id, postings));
      } catch (error) {
        // The key names the transfer: a repeat asking another amount (transferAll retried after the balance
        // changed) still answers the first transfer, as any repeat does.
        const reused = error instanceof AppError && error.code === 'IDEMPOTENCY_KEY_REUSED';
        const first = reused ? await repository.findTransferByKey(trx, request.memberId, request.key) : undefined;
        if (first) return first;
        throw error;
      }
      if (posted.replayed) {
        return (await repository.findTransferByKey(trx, request.memberId, request.key)) ?? fail(request.key);
      }
      if (request.direction === 'to_game') {
        await this.deps.gate?.assertIntoGame(trx, request.memberId, request.amountMinor, recorded);
      }
      const inserted = await repository.insertTransfer(trx, newTransfer(request, id, posted, clock.now()));
      return inserted ?? fail(request.key);
    });
  }

  /** Step 2 and 3: asks the provider to apply our id (again: it is idempotent there) and settles on its answer. */
  async callProvider(transfer: GameTransfer, username: string): Promise<GameTransfer> {
    return this.callAdapter(transfer, await this.adapterFor(transfer.provider_code), username);
  }

  private async callAdapter(
    transfer: GameTransfer,
    adapter: GameProvider | undefined,
    username: string,
  ): Promise<GameTransfer> {
    return this.settle(transfer, await answerOf(adapter, transfer, username));
  }

  async settle(transfer: GameTransfer, answer: ProviderAnswer): Promise<GameTransfer> {
    if (answer.kind === 'applied') return this.settleApplied(transfer);
    if (answer.kind === 'failed') return this.settleFailed(transfer, answer.reason);
    return this.markUnknown(transfer, answer.reason);
  }

  /** The provider applied the transfer: the ledger side follows. Idempotent; a settled transfer is answered as is. */
  async settleApplied(transfer: GameTransfer): Promise<GameTransfer> {
    if (transfer.direction === 'to_game') return (await this.completeToGame(transfer)).transfer;
    const { db, repository, clock } = this.deps;
    if (transfer.direction === 'from_game' && transfer.state !== 'provider_applied') {
      // Durable before the credit is posted: a crash between the two leaves a record the reconciler finishes.
      await repository.advanceOpenTransfer(db, transfer.id, 'provider_applied', clock.now());
    }
    const credit = transfer.direction === 'from_game' ? await this.creditPostings(transfer) : null;
    return transactionWithRetry(db, async (trx) => {
      // The conditional update is the lock: a racer settling the same transfer waits, then finds it closed.
      const settled = await repository.advanceOpenTransfer(trx, transfer.id, 'completed', clock.now());
      if (!settled) return await this.lockOpen(trx, transfer.id);
      if (credit) {
        const posted = await this.deps.ledger.post(trx, {
          memberId: settled.member_id,
          type: 'transfer',
          status: 'completed',
          idempotencyKey: `game-transfer-credit:${settled.id}`,
          reference: { transferId: settled.id, provider: settled.provider_code, direction: settled.direction },
          // The statement shows the transfer once, as its reservation (docs/ledger.md, Statement).
          listed: false,
          postings: credit.postings,
        });
        const paid = await this.deps.bonusDebts.collect(trx, {
          memberId: settled.member_id,
          currency: settled.currency,
          walletId: credit.walletId,
          amountMinor: settled.amount_minor,
          transferId: settled.id,
        });
        // The wallet gets what the provider gave back, and cancelled bonuses take at most all of it.
        const credited = posted.postings.find((posting) => posting.account_id === credit.walletId)?.amount;
        moneyInvariant(
          credited === settled.amount_minor && paid >= 0n && paid <= settled.amount_minor,
          `transfer ${settled.id} of ${settled.amount_minor} credited ${credited}, of which bonus debts took ${paid}`,
        );
      }
      await this.deps.ledger.complete(trx, settled.reservation_entry_id);
      return settled;
    });
  }

  /**
   * A wallet-to-game transfer the provider applied: the transfer and its reservation entry complete in one
   * statement (the money moved at the reservation), which also reads the wallet for the answer. Completions that
   * arrive while others are under way share that statement. A transfer already settled (by a racer, or the
   * reconciler) is answered as it is.
   */
  private async completeToGame(transfer: GameTransfer): Promise<RunOutcome> {
    const { db, repository, ledger } = this.deps;
    const completed = await this.#completions.submit(transfer);
    if (!completed) {
      const current = (await repository.findTransfer(db, transfer.id)) ?? fail(transfer.idempotency_key);
      // Open, yet not completed: its reservation entry is not pending, which no path leaves behind.
      if (isOpen(current)) throw new Error(`game transfer ${current.id} is open but its entry is not pending`);
      return { transfer: current };
    }
    ledger.announceCompleted(completed.entry, completed.wallet);
    return { transfer: completed.transfer, walletMinor: completed.wallet?.balance };
  }

  /** Completes the transfers in one statement; a transfer named twice is completed for its first caller only. */
  private async completeAll(
    transfers: readonly GameTransfer[],
  ): Promise<PromiseSettledResult<CompletedToGame | undefined>[]> {
    const { db, repository, clock } = this.deps;
    const ids = [...new Set(transfers.map((transfer) => transfer.id))];
    const completed = await repository.completeToGame(db, ids, clock.now());
    const byId = new Map(completed.map((row) => [row.transfer.id, row]));
    return transfers.map((transfer) => {
      const row = byId.get(transfer.id);
      byId.delete(transfer.id);
      return { status: 'fulfilled', value: row };
    });
  }

  /** The provider refused: the reservation is reversed, the money is back where it came from (TRANSFER_FAIL). */
  async settleFailed(transfer: GameTransfer, reason: string): Promise<GameTransfer> {
    const { db, repository, clock } = this.deps;
    return transactionWithRetry(db, async (trx) => {
      const locked = await this.lockOpen(trx, transfer.id);
      if (!isOpen(locked)) return locked;
      if (locked.state === 'provider_applied') {
        // The provider said applied before and failed now: its books contradict themselves. Nothing is undone on
        // that; the transfer stays open for an operator, and the reconciler keeps asking.
        throw new Error(`provider ${locked.provider_code} reports transfer ${locked.id} failed after applying it`);
      }
      await this.deps.ledger.reverse(trx, locked.reservation_entry_id, 'failed', { reason: reason.slice(0, 200) });
      await repository.setState(trx, locked.id, 'failed', clock.now(), { lastError: reason.slice(0, 500) });
      return { ...locked, state: 'failed' as const, last_error: reason };
    });
  }

  /** No definitive answer: the funds stay reserved, the reconciler settles. Never refunded on a guess. */
  async markUnknown(transfer: GameTransfer, reason: string): Promise<GameTransfer> {
    const { db, repository, clock } = this.deps;
    return transactionWithRetry(db, async (trx) => {
      const locked = await this.lockOpen(trx, transfer.id);
      if (locked.state !== 'reserved' && locked.state !== 'unknown') return locked;
      const attempts = locked.attempts + 1;
      await repository.setState(trx, locked.id, 'unknown', clock.now(), { attempts, lastError: reason.slice(0, 500) });
      return { ...locked, state: 'unknown' as const, attempts, last_error: reason };
    });
  }

  async adapterFor(providerCode: string): Promise<GameProvider | undefined> {
    const provider = await this.deps.repository.findProvider(providerCode);
    return provider ? this.deps.registry.for(provider) : undefined;
  }

  private async lockOpen(trx: Transaction<Database>, id: string): Promise<GameTransfer> {
    const locked = await this.deps.repository.lockTransfer(trx, id);
    if (!locked) throw new Error(`game transfer ${id} vanished`);
    return locked;
  }

  private async reservationPostings(request: TransferRequest) {
    const { ledger, db } = this.deps;
    const { memberId, currency, providerCode, amountMinor } = request;
    const position = await ledger.accountId(db, {
      kind: 'member_provider_position',
      memberId,
      providerCode,
      currency,
    });
    if (request.direction === 'to_game') {
      return [
        { account: await ledger.memberWalletId(db, memberId, currency), amount: -amountMinor },
        { account: position, amount: amountMinor },
      ];
    }
    return [
      { account: position, amount: -amountMinor },
      { account: await this.suspenseId(currency), amount: amountMinor },
    ];
  }

  private async creditPostings(transfer: GameTransfer) {
    const { ledger, db } = this.deps;
    const walletId = await ledger.memberWalletId(db, transfer.member_id, transfer.currency);
    return {
      walletId,
      postings: [
        { account: await this.suspenseId(transfer.currency), amount: -transfer.amount_minor },
        { account: walletId, amount: transfer.amount_minor },
      ],
    };
  }

  private suspenseId(currency: string): Promise<bigint> {
    return this.deps.ledger.accountId(this.deps.db, { kind: 'suspense', memberId: null, providerCode: null, currency });
  }
}
