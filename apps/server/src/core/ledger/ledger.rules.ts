import type { LedgerAccountKind } from '../../db/tables/ledger.table.ts';
import { AppError } from '../../lib/errors.ts';
import { MoneyInvariantError } from '../../lib/money-invariant.ts';
import type { LockedAccount, NewJournalEntry, Posting } from './ledger.repository.ts';
import type { PostInput, PostingInput } from './ledger.types.ts';

/**
 * The ledger's rules checked in code (docs/ledger.md, Where each rule is enforced), shared by the one-by-one
 * post and the entries written together; the database checks the same rules again.
 */

/** Accounts holding a member's own money: never below zero (the database checks it too). */
export const MEMBER_ACCOUNT_KINDS: readonly LedgerAccountKind[] = ['member_wallet', 'member_provider_position'];

/** Limits on one entry (STYLE.md 12): real movements touch two to four accounts. */
export const POSTINGS_PER_ENTRY_MAX = 16;
export const LEDGER_KEY_LENGTH_MAX = 200;

/** A broken rule of the ledger that correct code never sends: a bug, answered 500, aborting the transaction. */
export class LedgerInvariantError extends MoneyInvariantError {
  override name = 'LedgerInvariantError';
}

export function invariant(condition: boolean, message: string): asserts condition {
  if (!condition) throw new LedgerInvariantError(message);
}

/** The entry's rules checked in bigint arithmetic before anything is locked; answers each account's delta. */
export function checkedDeltas(input: PostInput): Map<bigint, bigint> {
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
export function checkAccounts(
  input: PostInput,
  accounts: readonly LockedAccount[],
  deltas: ReadonlyMap<bigint, bigint>,
) {
  checkOwners(input, accounts, deltas);
  if (goesBelowZero(accounts, deltas)) throw new AppError('MONEY_NOT_ENOUGH');
}

/** The entry's accounts exist, share one currency, and those holding a member's money are the entry's member's. */
export function checkOwners(input: PostInput, accounts: readonly LockedAccount[], deltas: ReadonlyMap<bigint, bigint>) {
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
export function goesBelowZero(accounts: readonly LockedAccount[], deltas: ReadonlyMap<bigint, bigint>): boolean {
  return accounts.some(
    (account) => MEMBER_ACCOUNT_KINDS.includes(account.kind) && account.balance + (deltas.get(account.id) ?? 0n) < 0n,
  );
}

export function samePostings(stored: readonly Posting[], wanted: readonly PostingInput[]): boolean {
  if (stored.length !== wanted.length) return false;
  const amounts = new Map(stored.map((posting) => [posting.account_id, posting.amount]));
  return wanted.every((posting) => amounts.get(posting.account) === posting.amount);
}

/** The row a new entry is written as; `reversalOf`: the entry a compensating entry undoes. */
export function newEntry(input: PostInput, reversalOf: bigint | null, now: Date): NewJournalEntry {
  return {
    member_id: input.memberId,
    type: input.type,
    status: input.status,
    idempotency_key: input.idempotencyKey,
    reversal_of: reversalOf,
    reference: JSON.stringify(input.reference ?? {}),
    metadata: JSON.stringify(input.metadata ?? {}),
    listed: input.listed ?? true,
    created_at: now,
    updated_at: now,
  };
}
