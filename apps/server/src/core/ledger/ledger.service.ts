import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.ts';
import type { JournalEntryStatus } from '../../db/tables/ledger.table.ts';
import { AppError } from '../../lib/errors.ts';
import { announceAfterCommit, announceCommitted, type WalletChange } from './ledger.events.ts';
import type { AccountKey, JournalEntry, LedgerAccount } from './ledger.repository.ts';
import { checkAccounts, checkedDeltas, invariant, newEntry, samePostings } from './ledger.rules.ts';
import { type MemberPostInput, postTogether, type TogetherOutcome } from './ledger.together.ts';
import type {
  CompletedEntry,
  DepositAccounts,
  DepositInput,
  JsonValue,
  LedgerServiceDeps,
  PayoutSettlement,
  PostedEntry,
  PostInput,
  RewardInput,
} from './ledger.types.ts';

/** What the ledger is asked and answers, for its callers (ledger.types.ts). */
export type * from './ledger.types.ts';

/** Account ids remembered per process (a few MB at most); past it the memory starts afresh. */
const REMEMBERED_IDS_MAX = 100_000;

function identity(key: AccountKey): string {
  return `${key.kind}|${key.memberId ?? ''}|${key.providerCode ?? ''}|${key.currency}`;
}

function walletKey(memberId: bigint, currency: string): AccountKey {
  return { kind: 'member_wallet', memberId, providerCode: null, currency };
}

/** The clearing account every deposit of a currency enters the books through. */
export function depositClearingKey(currency: string): AccountKey {
  return { kind: 'deposit_clearing', memberId: null, providerCode: null, currency };
}

/** A transition the entry's current status does not allow (say, completing a failed transfer). */
export class LedgerStateError extends Error {
  override name = 'LedgerStateError';

  constructor(
    readonly entryId: bigint,
    readonly status: JournalEntryStatus,
    readonly wanted: JournalEntryStatus,
  ) {
    super(`journal entry ${entryId} is ${status}: cannot become ${wanted}`);
  }
}

/** The entry a compensating entry undoes, and what becomes of it. */
interface Reversal {
  of: JournalEntry;
  outcome: 'failed' | 'reversed';
}

/**
 * The double-entry ledger (docs/ledger.md). Every movement is one journal entry whose postings sum to zero,
 * written with the balance updates in the caller's transaction; the database re-checks the same rules.
 */
export class LedgerService {
  readonly #ids = new Map<string, bigint>();

  constructor(private readonly deps: LedgerServiceDeps) {}

  /** The account for a key, created on first use, with its balance now. Safe to call concurrently. */
  async ensureAccount(db: Db, key: AccountKey): Promise<LedgerAccount> {
    const { repository } = this.deps;
    const account =
      (await repository.findAccount(db, key)) ??
      (await repository.insertAccountIfAbsent(db, key)) ??
      // A racer created it between the two statements.
      (await repository.findAccount(db, key));
    invariant(account !== undefined, `ledger account ${key.kind} vanished after a conflicting insert`);
    if (!db.isTransaction) this.remember(key, account.id);
    return account;
  }

  /**
   * The id of the account for a key, created on first use. An account's id never changes and accounts are
   * never deleted, so ids are remembered: the hot path of a movement asks the database nothing for them.
   */
  async accountId(db: Db, key: AccountKey): Promise<bigint> {
    return this.#ids.get(identity(key)) ?? (await this.ensureAccount(db, key)).id;
  }

  /** A member's main wallet in their currency. */
  memberWallet(db: Db, memberId: bigint, currency: string): Promise<LedgerAccount> {
    return this.ensureAccount(db, walletKey(memberId, currency));
  }

  memberWalletId(db: Db, memberId: bigint, currency: string): Promise<bigint> {
    return this.accountId(db, walletKey(memberId, currency));
  }

  /**
   * Where a member's deposit moves: from the currency's deposit clearing account into the member's wallet. Named
   * before the deposit's transaction: on PGlite's single connection nothing may run beside it.
   */
  async depositAccounts(db: Db, memberId: bigint, currency: string): Promise<DepositAccounts> {
    return {
      wallet: await this.memberWallet(db, memberId, currency),
      clearing: await this.ensureAccount(db, depositClearingKey(currency)),
    };
  }

  /**
   * Money that came in (docs/ledger.md): one completed `deposit` entry moving `amountMinor` out of `from` (the
   * deposit clearing account; suspense when an operator assigns a held transfer) into `to` (the member's wallet,
   * or suspense when nobody is matched), under the idempotency key that makes every re-delivery of the same money
   * a replay. A deposit to a member passes the deposit check (docs/safer-play.md); money held for a member goes
   * to suspense with no member. Asserted: a positive amount, and `to` credited exactly that.
   */
  async postDeposit(trx: Transaction<Database>, input: DepositInput): Promise<PostedEntry> {
    const { from, to, amountMinor, ...entry } = input;
    invariant(amountMinor > 0n, `a deposit of ${amountMinor}`);
    const posted = await this.post(trx, {
      ...entry,
      type: 'deposit',
      status: 'completed',
      postings: [
        { account: from, amount: -amountMinor },
        { account: to, amount: amountMinor },
      ],
    });
    const credited = posted.postings.find((posting) => posting.account_id === to)?.amount;
    invariant(credited === amountMinor, `a deposit of ${amountMinor} credited ${credited}`);
    if (entry.memberId !== null && !posted.replayed) await this.deps.depositCheck?.(trx, entry.memberId, amountMinor);
    return posted;
  }

  /**
   * A reward paid (docs/promotions/): one completed `bonus` entry from the house expense account into the member's
   * wallet. Asserted here for every reward: a positive amount (never a debit dressed as a reward), and the wallet
   * credited exactly that, once.
   */
  async creditReward(trx: Transaction<Database>, input: RewardInput): Promise<PostedEntry> {
    const { from, to, amountMinor, ...entry } = input;
    invariant(amountMinor > 0n, `a reward of ${amountMinor}`);
    const posted = await this.post(trx, {
      ...entry,
      type: 'bonus',
      status: 'completed',
      postings: [
        { account: from, amount: -amountMinor },
        { account: to, amount: amountMinor },
      ],
    });
    const credited = posted.postings.find((posting) => posting.account_id === to)?.amount;
    invariant(credited === amountMinor, `a reward of ${amountMinor} credited ${credited}`);
    return posted;
  }

  /**
   * A payout's final answer: paid, the pending entry completes and the amount moves from withdrawal payable to
   * payout clearing; failed, the pending entry is reversed, the amount back where it came from. Asserted either
   * way: exactly the amount leaves payable.
   */
  async settlePayout(trx: Transaction<Database>, settlement: PayoutSettlement): Promise<PostedEntry> {
    const { entryId, amountMinor, payable, clearing, outcome } = settlement;
    invariant(amountMinor > 0n, `a payout of ${amountMinor}`);
    let posted: PostedEntry;
    if (outcome.paid) {
      await this.complete(trx, entryId);
      posted = await this.post(trx, {
        memberId: null,
        type: 'withdraw',
        status: 'completed',
        idempotencyKey: outcome.idempotencyKey,
        reference: outcome.reference,
        postings: [
          { account: payable, amount: -amountMinor },
          { account: clearing, amount: amountMinor },
        ],
      });
    } else posted = await this.reverse(trx, entryId, 'failed', { reason: outcome.reason });
    const moved = posted.postings.find((posting) => posting.account_id === payable)?.amount;
    invariant(
      moved === -amountMinor,
      `a payout of ${amountMinor} settled ${moved === undefined ? 'nothing' : -moved} out of payable`,
    );
    return posted;
  }

  /** The account's balance as committed now (0 for an account not created yet). */
  async balanceOf(db: Db, accountId: bigint): Promise<bigint> {
    return (await this.deps.repository.balanceOf(db, accountId)) ?? 0n;
  }

  /** The account for a key, if it was ever created: a read that creates nothing. */
  findAccount(db: Db, key: AccountKey): Promise<LedgerAccount | undefined> {
    return this.deps.repository.findAccount(db, key);
  }

  /**
   * Locks one account for the rest of the transaction and answers its balance (undefined: no such account):
   * a caller that decides on a balance (a game position's sync, a bonus cancel's take-back) decides on one no
   * movement can change before it commits.
   */
  async lockBalance(trx: Transaction<Database>, accountId: bigint): Promise<bigint | undefined> {
    const [locked] = await this.deps.repository.lockAccounts(trx, [accountId]);
    return locked?.balance;
  }

  /** Only ids read outside a transaction: an id from a transaction that rolls back would name no account. */
  private remember(key: AccountKey, id: bigint) {
    if (this.#ids.size >= REMEMBERED_IDS_MAX) this.#ids.clear();
    this.#ids.set(identity(key), id);
  }

  /**
   * Writes one entry: locks the touched accounts (ascending id), refuses to take a member account below zero
   * (`MONEY_NOT_ENOUGH`), updates the balances and inserts the entry and its postings. With an idempotency key
   * already used by this member it moves nothing and answers the first entry, provided it is the same movement.
   */
  post(trx: Transaction<Database>, input: PostInput): Promise<PostedEntry> {
    return this.write(trx, input, null);
  }

  /** Writes new entries of members together, each with the outcome `post` would give it (ledger.together.ts). */
  postTogether(trx: Transaction<Database>, inputs: readonly MemberPostInput[]): Promise<TogetherOutcome[]> {
    return postTogether(this.deps, trx, inputs);
  }

  /** A pending entry becomes completed; no money moves (it moved when the entry was posted). Idempotent. */
  async complete(trx: Transaction<Database>, entryId: bigint): Promise<CompletedEntry> {
    const { repository, clock } = this.deps;
    // One conditional update on the hot path; it waits for a concurrent reversal and then sees its outcome.
    const completed = await repository.settlePendingEntry(trx, entryId, 'completed', clock.now());
    if (completed) {
      await this.announceSettled(trx, completed);
      return { entry: completed, replayed: false };
    }
    const entry = await repository.lockEntry(trx, entryId);
    invariant(entry !== undefined, `journal entry ${entryId} does not exist`);
    if (entry.status === 'completed') return { entry, replayed: true };
    throw new LedgerStateError(entryId, entry.status, 'completed');
  }

  /**
   * Undoes an entry with a compensating one (the same postings, negated; linked by `reversal_of`) and marks the
   * original `failed` (a pending movement that did not happen) or `reversed` (pending or completed, undone).
   * Postings are never edited. Answers the compensating entry; a second call replays it.
   */
  async reverse(
    trx: Transaction<Database>,
    entryId: bigint,
    outcome: 'failed' | 'reversed',
    metadata: Record<string, JsonValue> = {},
  ): Promise<PostedEntry> {
    const { repository, clock } = this.deps;
    const entry = await repository.lockEntry(trx, entryId);
    invariant(entry !== undefined, `journal entry ${entryId} does not exist`);
    invariant(entry.reversal_of === null, `journal entry ${entryId} is itself a reversal`);
    if (entry.status === 'failed' || entry.status === 'reversed') {
      if (entry.status !== outcome) throw new LedgerStateError(entryId, entry.status, outcome);
      const compensation = await repository.findReversalOf(trx, entryId);
      invariant(compensation !== undefined, `journal entry ${entryId} is ${entry.status} without a reversal`);
      return { entry: compensation, postings: await repository.listPostings(trx, compensation.id), replayed: true };
    }
    if (entry.status === 'completed' && outcome === 'failed')
      throw new LedgerStateError(entryId, entry.status, outcome);
    const original = await repository.listPostings(trx, entryId);
    const compensation = await this.write(
      trx,
      {
        memberId: entry.member_id,
        type: entry.type,
        status: 'completed',
        idempotencyKey: `reversal-of:${entryId}`,
        reference: entry.reference as Record<string, JsonValue>,
        metadata,
        postings: original.map((posting) => ({ account: posting.account_id, amount: -posting.amount })),
      },
      { of: entry, outcome },
    );
    await repository.setEntryStatus(trx, entryId, outcome, clock.now());
    return compensation;
  }

  /**
   * A pending entry the caller completed in a statement of its own (GamesRepository.completeToGame), with its
   * posting on the member's wallet: the news `complete` gives, told at once, since that statement has committed.
   */
  announceCompleted(entry: JournalEntry, wallet: Omit<WalletChange, 'row' | 'status'> | undefined): void {
    if (wallet) announceCommitted(this.deps.events, { row: entry, status: 'completed', ...wallet });
  }

  /** A member's request settled without moving money now (a withdrawal paid, a transfer confirmed): news too. */
  private async announceSettled(trx: Transaction<Database>, entry: JournalEntry): Promise<void> {
    if (!this.deps.events || entry.member_id === null) return;
    const wallet = await this.deps.repository.findWalletPosting(trx, entry.id);
    if (wallet) announceAfterCommit(this.deps.events, trx, { row: entry, status: 'completed', ...wallet });
  }

  private async write(trx: Transaction<Database>, input: PostInput, reversal: Reversal | null): Promise<PostedEntry> {
    const { repository, clock } = this.deps;
    const deltas = checkedDeltas(input);
    const now = input.at ?? clock.now();
    // The entry first: its unique (member, key) makes a racer with the same key wait here for this one's commit
    // or rollback. A refusal below (MONEY_NOT_ENOUGH) aborts the caller's transaction and the entry with it.
    const entry = await repository.insertEntryIfNew(trx, newEntry(input, reversal?.of.id ?? null, now));
    if (!entry) {
      const earlier = await repository.findEntryByKey(trx, input.memberId, input.idempotencyKey);
      invariant(earlier !== undefined, `journal entry with key ${input.idempotencyKey} vanished`);
      return this.replay(trx, earlier, input);
    }
    const accounts = await repository.lockAccounts(trx, [...deltas.keys()]);
    checkAccounts(input, accounts, deltas);
    const postings = await repository.insertPostingsAndMove(
      trx,
      input.postings.map((posting) => ({ entryId: entry.id, ...posting })),
      now,
    );
    const wallet = accounts.find((account) => account.kind === 'member_wallet');
    if (wallet) {
      const amount = deltas.get(wallet.id) ?? 0n;
      announceAfterCommit(this.deps.events, trx, {
        row: reversal?.of ?? entry,
        status: reversal?.outcome ?? input.status,
        amount,
        balance: wallet.balance + amount,
        currency: wallet.currency,
      });
    }
    return { entry, postings, replayed: false };
  }

  /** The first entry for a key, if the retry asks for the very same movement; a different one is refused. */
  private async replay(db: Db, entry: JournalEntry, input: PostInput): Promise<PostedEntry> {
    const postings = await this.deps.repository.listPostings(db, entry.id);
    if (entry.type !== input.type || !samePostings(postings, input.postings)) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED');
    }
    return { entry, postings, replayed: true };
  }
}
