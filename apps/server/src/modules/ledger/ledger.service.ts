import type { Transaction } from 'kysely';
import type { Database, Db, JournalEntryStatus, JournalEntryType, LedgerAccountKind } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type {
  AccountKey,
  JournalEntry,
  LedgerAccount,
  LedgerRepository,
  LockedAccount,
  Posting,
} from './ledger.repository.ts';

/** Accounts holding a member's own money: never below zero (the database checks it too). */
export const MEMBER_ACCOUNT_KINDS: readonly LedgerAccountKind[] = ['member_wallet', 'member_provider_position'];

/** Limits on one entry (STYLE.md 12): real movements touch two to four accounts. */
export const POSTINGS_PER_ENTRY_MAX = 16;
export const LEDGER_KEY_LENGTH_MAX = 200;

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
  postings: readonly PostingInput[];
}

export interface PostedEntry {
  entry: JournalEntry;
  postings: Posting[];
  /** True when the idempotency key (or the transition) had been applied before and nothing moved now. */
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
}

/**
 * The double-entry ledger (docs/ledger.md). Every movement is one journal entry whose postings sum to zero,
 * written with the balance updates in the caller's transaction; the database re-checks the same rules.
 */
export class LedgerService {
  constructor(private readonly deps: LedgerServiceDeps) {}

  /** The account for a key, created on first use. Safe to call concurrently. */
  async ensureAccount(db: Db, key: AccountKey): Promise<LedgerAccount> {
    const { repository } = this.deps;
    const created = await repository.insertAccountIfAbsent(db, key);
    if (created) return created;
    const existing = await repository.findAccount(db, key);
    invariant(existing !== undefined, `ledger account ${key.kind} vanished after a conflicting insert`);
    return existing;
  }

  /** A member's main wallet in their currency. */
  memberWallet(db: Db, memberId: bigint, currency: string): Promise<LedgerAccount> {
    return this.ensureAccount(db, { kind: 'member_wallet', memberId, providerCode: null, currency });
  }

  /**
   * Writes one entry: locks the touched accounts (ascending id), refuses to take a member account below zero
   * (`MONEY_NOT_ENOUGH`), updates the balances and inserts the entry and its postings. With an idempotency key
   * already used by this member it moves nothing and answers the first entry, provided it is the same movement.
   */
  post(trx: Transaction<Database>, input: PostInput): Promise<PostedEntry> {
    return this.write(trx, input, null);
  }

  /** A pending entry becomes completed; no money moves (it moved when the entry was posted). Idempotent. */
  async complete(trx: Transaction<Database>, entryId: bigint): Promise<PostedEntry> {
    const { repository, clock } = this.deps;
    const entry = await repository.lockEntry(trx, entryId);
    invariant(entry !== undefined, `journal entry ${entryId} does not exist`);
    const postings = await repository.listPostings(trx, entryId);
    if (entry.status === 'completed') return { entry, postings, replayed: true };
    if (entry.status !== 'pending') throw new LedgerStateError(entryId, entry.status, 'completed');
    const now = clock.now();
    await repository.setEntryStatus(trx, entryId, 'completed', now);
    return { entry: { ...entry, status: 'completed', updated_at: now }, postings, replayed: false };
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
      entryId,
    );
    await repository.setEntryStatus(trx, entryId, outcome, clock.now());
    return compensation;
  }

  private async write(trx: Transaction<Database>, input: PostInput, reversalOf: bigint | null): Promise<PostedEntry> {
    const { repository, clock } = this.deps;
    const deltas = checkedDeltas(input);
    const earlier = await repository.findEntryByKey(trx, input.memberId, input.idempotencyKey);
    if (earlier) return this.replay(trx, earlier, input);

    const accounts = await repository.lockAccounts(trx, [...deltas.keys()]);
    checkAccounts(input, accounts, deltas);

    const now = clock.now();
    const entry = await repository.insertEntryIfNew(trx, {
      member_id: input.memberId,
      type: input.type,
      status: input.status,
      idempotency_key: input.idempotencyKey,
      reversal_of: reversalOf,
      reference: JSON.stringify(input.reference ?? {}),
      metadata: JSON.stringify(input.metadata ?? {}),
      created_at: now,
      updated_at: now,
    });
    if (!entry) {
      // A concurrent post with the same key committed while this one waited for the locks.
      const winner = await repository.findEntryByKey(trx, input.memberId, input.idempotencyKey);
      invariant(winner !== undefined, `journal entry with key ${input.idempotencyKey} vanished`);
      return this.replay(trx, winner, input);
    }
    await repository.addToBalances(trx, deltas);
    const postings = await repository.insertPostings(
      trx,
      input.postings.map((posting) => ({
        entry_id: entry.id,
        account_id: posting.account,
        amount: posting.amount,
        created_at: now,
      })),
    );
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
  invariant(accounts.length === deltas.size, 'an entry names a ledger account that does not exist');
  const currencies = new Set(accounts.map((account) => account.currency));
  invariant(currencies.size === 1, `an entry moves one currency, got ${[...currencies].join(', ')}`);
  for (const account of accounts) {
    if (!MEMBER_ACCOUNT_KINDS.includes(account.kind)) continue;
    invariant(
      account.member_id === input.memberId,
      `account ${account.id} belongs to member ${account.member_id}, not to the entry's member ${input.memberId}`,
    );
    if (account.balance + (deltas.get(account.id) ?? 0n) < 0n) throw new AppError('MONEY_NOT_ENOUGH', 400);
  }
}

function samePostings(stored: readonly Posting[], wanted: readonly PostingInput[]): boolean {
  if (stored.length !== wanted.length) return false;
  const amounts = new Map(stored.map((posting) => [posting.account_id, posting.amount]));
  return wanted.every((posting) => amounts.get(posting.account) === posting.amount);
}
