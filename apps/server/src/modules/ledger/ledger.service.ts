import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.ts';
import type { JournalEntryStatus, JournalEntryType, LedgerAccountKind } from '../../db/tables/ledger.table.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { MemberEvents } from '../../lib/member-events.ts';
import { announceAfterCommit, announceCommitted, type WalletChange } from './ledger.events.ts';
import type {
  AccountKey,
  JournalEntry,
  LedgerAccount,
  LedgerRepository,
  LockedAccount,
  NewJournalEntry,
  Posting,
} from './ledger.repository.ts';
import { memberKey } from './ledger.repository.ts';

/** Accounts holding a member's own money: never below zero (the database checks it too). */
export const MEMBER_ACCOUNT_KINDS: readonly LedgerAccountKind[] = ['member_wallet', 'member_provider_position'];

/** Limits on one entry (STYLE.md 12): real movements touch two to four accounts. */
export const POSTINGS_PER_ENTRY_MAX = 16;
export const LEDGER_KEY_LENGTH_MAX = 200;
/** Account ids remembered per process (a few MB at most); past it the memory starts afresh. */
const REMEMBERED_IDS_MAX = 100_000;

function identity(key: AccountKey): string {
  return `${key.kind}|${key.memberId ?? ''}|${key.providerCode ?? ''}|${key.currency}`;
}

function walletKey(memberId: bigint, currency: string): AccountKey {
  return { kind: 'member_wallet', memberId, providerCode: null, currency };
}

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export interface PostingInput {
  /** A ledger account id, from `ensureAccount`. */
  account: bigint;
  /** Minor units, never zero: positive adds to the account's balance, negative takes from it. */
  amount: bigint;
}

export interface PostInput {
  /** The member the entry belongs to; null for a system entry. Member accounts must belong to this member. */
  memberId: bigint | null;
  type: JournalEntryType;
  /** `pending` reserves (the money has moved to where it is going), `completed` is final. */
  status: 'pending' | 'completed';
  /** Unique per member (system entries share one scope); a second post with it replays the first. */
  idempotencyKey: string;
  /** External references: QR id, slip reference, provider transaction id... */
  reference?: Record<string, JsonValue>;
  metadata?: Record<string, JsonValue>;
  /**
   * Whether the entry is a row of the member's statement (default true). False for the second half of a
   * member action whose first entry is the row, such as the wallet credit of a game-to-wallet transfer.
   */
  listed?: boolean;
  postings: readonly PostingInput[];
}

/** An entry of a member (the entries written together are all members'). */
export interface MemberPostInput extends PostInput {
  memberId: bigint;
}

/** One entry's outcome among entries written together: posted, or refused as `post` would have refused it. */
export type TogetherOutcome = { posted: PostedEntry } | { refused: AppError };

/** Entries that cannot be decided together (keys); nothing was written, and they are to be posted one by one. */
export class NotTogether extends Error {
  override name = 'NotTogether';
}

/** A member wallet's change by one entry, for the live event. */
type WalletAfter = Omit<WalletChange, 'row' | 'status'>;

/** The two accounts of a member's deposit. */
export interface DepositAccounts {
  clearing: LedgerAccount;
  wallet: LedgerAccount;
}

export interface DepositInput extends Pick<PostInput, 'memberId' | 'idempotencyKey' | 'reference' | 'metadata'> {
  /** The deposit clearing account the money enters the books through. */
  from: bigint;
  /** The member's wallet, or the suspense account. */
  to: bigint;
  amountMinor: bigint;
}

/** The clearing account every deposit of a currency enters the books through. */
export function depositClearingKey(currency: string): AccountKey {
  return { kind: 'deposit_clearing', memberId: null, providerCode: null, currency };
}

export interface PostedEntry {
  entry: JournalEntry;
  postings: Posting[];
  /** True when the idempotency key (or the transition) had been applied before and nothing moved now. */
  replayed: boolean;
}

export interface CompletedEntry {
  entry: JournalEntry;
  /** True when the entry was completed before and nothing changed now. */
  replayed: boolean;
}

/** A broken rule of the ledger that correct code never sends: a bug, answered 500, aborting the transaction. */
export class LedgerInvariantError extends Error {
  override name = 'LedgerInvariantError';
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

function invariant(condition: boolean, message: string): asserts condition {
  if (!condition) throw new LedgerInvariantError(message);
}

export interface LedgerServiceDeps {
  repository: LedgerRepository;
  clock: Clock;
  /** Where each committed change of a member's wallet is announced (docs/live.md); none: nobody is told. */
  events?: MemberEvents;
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
   * Money that came in (docs/ledger.md): one completed `deposit` entry moving `amountMinor` out of the
   * deposit clearing account into `to` (the member's wallet, or suspense when nobody is matched), under the
   * idempotency key that makes every re-delivery of the same money a replay.
   */
  postDeposit(trx: Transaction<Database>, input: DepositInput): Promise<PostedEntry> {
    const { from, to, amountMinor, ...entry } = input;
    return this.post(trx, {
      ...entry,
      type: 'deposit',
      status: 'completed',
      postings: [
        { account: from, amount: -amountMinor },
        { account: to, amount: amountMinor },
      ],
    });
  }

  /** The account's balance as committed now (0 for an account not created yet). */
  async balanceOf(db: Db, accountId: bigint): Promise<bigint> {
    return (await this.deps.repository.balanceOf(db, accountId)) ?? 0n;
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

  /**
   * Writes new entries of members together, with set-based statements (docs/ledger.md, Entries together): each
   * gets the outcome `post` would give it, the entries posted one by one in their order. So one entry's
   * refusal (MONEY_NOT_ENOUGH) moves nothing of it and leaves the others be. Keys are what `post` cannot
   * decide in a set: a key used before, or twice here, throws `NotTogether` before anything is written, and
   * so does a racer taking a key meanwhile (the transaction must then be rolled back); the caller then posts
   * the entries one by one.
   */
  async postTogether(trx: Transaction<Database>, inputs: readonly MemberPostInput[]): Promise<TogetherOutcome[]> {
    const { repository, clock } = this.deps;
    const deltas = inputs.map(checkedDeltas);
    const keys = inputs.map((input) => ({ memberId: input.memberId, key: input.idempotencyKey }));
    const named = new Set(keys.map(({ memberId, key }) => memberKey(memberId, key)));
    if (named.size < keys.length) throw new NotTogether('a key appears twice');
    if ((await repository.findMemberKeys(trx, keys)).size > 0) throw new NotTogether('a key was used before');
    const ids = [...new Set(deltas.flatMap((entry) => [...entry.keys()]))].sort((a, b) => (a < b ? -1 : 1));
    const locked = new Map((await repository.lockAccounts(trx, ids)).map((account) => [account.id, account]));
    // Each entry against the balances the entries before it left, as one by one.
    const accepted: { index: number; wallet?: WalletAfter }[] = [];
    const outcomes: (TogetherOutcome | undefined)[] = inputs.map((input, index) => {
      const entry = deltas[index] ?? new Map<bigint, bigint>();
      const accounts = [...entry.keys()].flatMap((id) => locked.get(id) ?? []);
      checkOwners(input, accounts, entry);
      if (goesBelowZero(accounts, entry)) return { refused: new AppError('MONEY_NOT_ENOUGH', 400) };
      for (const account of accounts) {
        locked.set(account.id, { ...account, balance: account.balance + (entry.get(account.id) ?? 0n) });
      }
      const wallet = accounts.find((account) => account.kind === 'member_wallet');
      const amount = wallet ? (entry.get(wallet.id) ?? 0n) : 0n;
      accepted.push({
        index,
        ...(wallet ? { wallet: { amount, balance: wallet.balance + amount, currency: wallet.currency } } : {}),
      });
      return undefined;
    });
    if (accepted.length === 0) return outcomes as TogetherOutcome[];
    const now = clock.now();
    const rows = accepted.map(({ index }) => newEntry(inputs[index] as MemberPostInput, null, now));
    const entries = await repository.insertEntries(trx, rows);
    if (entries.length < rows.length) throw new NotTogether('a racer took a key meanwhile');
    const byKey = new Map(entries.map((entry) => [memberKey(entry.member_id, entry.idempotency_key), entry]));
    const written = accepted.map(({ index, wallet }) => {
      const input = inputs[index] as MemberPostInput;
      const entry = byKey.get(memberKey(input.memberId, input.idempotencyKey));
      invariant(entry !== undefined, `journal entry with key ${input.idempotencyKey} was not written`);
      return { index, wallet, entry, input };
    });
    const postings = await repository.insertPostingsAndMove(
      trx,
      written.flatMap(({ entry, input }) => input.postings.map((posting) => ({ entryId: entry.id, ...posting }))),
      now,
    );
    for (const { index, wallet, entry, input } of written) {
      if (wallet) announceAfterCommit(this.deps.events, trx, { row: entry, status: input.status, ...wallet });
      outcomes[index] = {
        posted: { entry, postings: postings.filter((posting) => posting.entry_id === entry.id), replayed: false },
      };
    }
    return outcomes as TogetherOutcome[];
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
    const now = clock.now();
    // The entry first: its unique (member, key) makes a racer with the same key wait here for this one's commit
    // or rollback. A refusal below (MONEY_NOT_ENOUGH) aborts the caller's transaction and the entry with it.
    const entry = await repository.insertEntryIfNew(trx, newEntry(input, reversal, now));
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
      throw new AppError('IDEMPOTENCY_KEY_REUSED', 422);
    }
    return { entry, postings, replayed: true };
  }
}

/** The row of a new entry. */
function newEntry(input: PostInput, reversal: Reversal | null, now: Date): NewJournalEntry {
  return {
    member_id: input.memberId,
    type: input.type,
    status: input.status,
    idempotency_key: input.idempotencyKey,
    reversal_of: reversal?.of.id ?? null,
    reference: JSON.stringify(input.reference ?? {}),
    metadata: JSON.stringify(input.metadata ?? {}),
    listed: input.listed ?? true,
    created_at: now,
    updated_at: now,
  };
}

/** The entry's rules checked in bigint arithmetic before anything is locked; answers each account's delta. */
function checkedDeltas(input: PostInput): Map<bigint, bigint> {
  const { postings, idempotencyKey } = input;
  invariant(
    idempotencyKey.length >= 1 && idempotencyKey.length <= LEDGER_KEY_LENGTH_MAX,
    `idempotency key must have 1 to ${LEDGER_KEY_LENGTH_MAX} characters`,
  );
  invariant(
    postings.length >= 2 && postings.length <= POSTINGS_PER_ENTRY_MAX,
    `an entry needs 2 to ${POSTINGS_PER_ENTRY_MAX} postings, got ${postings.length}`,
  );
  const deltas = new Map<bigint, bigint>();
  let sum = 0n;
  for (const { account, amount } of postings) {
    invariant(typeof amount === 'bigint' && amount !== 0n, `posting amounts are non-zero bigints, got ${amount}`);
    invariant(!deltas.has(account), `account ${account} appears twice in one entry`);
    deltas.set(account, amount);
    sum += amount;
  }
  invariant(sum === 0n, `postings must sum to zero, got ${sum}`);
  return deltas;
}

/** The locked accounts exist, share one currency and belong to the entry's member; no member goes below zero. */
function checkAccounts(input: PostInput, accounts: readonly LockedAccount[], deltas: ReadonlyMap<bigint, bigint>) {
  checkOwners(input, accounts, deltas);
  if (goesBelowZero(accounts, deltas)) throw new AppError('MONEY_NOT_ENOUGH', 400);
}

/** The entry's accounts exist, share one currency, and those holding a member's money are the entry's member's. */
function checkOwners(input: PostInput, accounts: readonly LockedAccount[], deltas: ReadonlyMap<bigint, bigint>) {
  invariant(accounts.length === deltas.size, 'an entry names a ledger account that does not exist');
  const currencies = new Set(accounts.map((account) => account.currency));
  invariant(currencies.size === 1, `an entry moves one currency, got ${[...currencies].join(', ')}`);
  for (const account of accounts) {
    if (!MEMBER_ACCOUNT_KINDS.includes(account.kind)) continue;
    invariant(
      account.member_id === input.memberId,
      `account ${account.id} belongs to member ${account.member_id}, not to the entry's member ${input.memberId}`,
    );
  }
}

/** Whether the deltas would take an account holding a member's money below zero. */
function goesBelowZero(accounts: readonly LockedAccount[], deltas: ReadonlyMap<bigint, bigint>): boolean {
  return accounts.some(
    (account) => MEMBER_ACCOUNT_KINDS.includes(account.kind) && account.balance + (deltas.get(account.id) ?? 0n) < 0n,
  );
}

function samePostings(stored: readonly Posting[], wanted: readonly PostingInput[]): boolean {
  if (stored.length !== wanted.length) return false;
  const amounts = new Map(stored.map((posting) => [posting.account_id, posting.amount]));
  return wanted.every((posting) => amounts.get(posting.account) === posting.amount);
}
