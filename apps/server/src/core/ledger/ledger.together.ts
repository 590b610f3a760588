import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { announceAfterCommit, type WalletChange } from './ledger.events.ts';
import { memberKey } from './ledger.repository.ts';
import { checkedDeltas, checkOwners, goesBelowZero, invariant, newEntry } from './ledger.rules.ts';
import type { LedgerServiceDeps, PostedEntry, PostInput } from './ledger.types.ts';

/** An entry of a member (the entries written together are all members', and all happen now). */
export interface MemberPostInput extends Omit<PostInput, 'at'> {
  memberId: bigint;
}

/** One entry's outcome among entries written together: posted, or refused as `post` would have refused it. */
export type TogetherOutcome = { posted: PostedEntry } | { refused: AppError };

/** Entries that cannot be decided together (keys); nothing was written, and they are to be posted one by one. */
export class NotTogether extends Error {
  override name = 'NotTogether';
}

/** An entry checked against the locked balances: refused, or to be written (with its wallet's change, if any). */
interface Decided {
  input: MemberPostInput;
  refused?: AppError;
  wallet?: Omit<WalletChange, 'row' | 'status'> | undefined;
}

/**
 * Writes new entries of members together, with set-based statements (docs/ledger.md, Entries together): each
 * gets the outcome `post` would give it, the entries posted one by one in their order. So one entry's refusal
 * (MONEY_NOT_ENOUGH) moves nothing of it and leaves the others be. Keys are what `post` cannot decide in a set:
 * a key used before, or twice here, throws `NotTogether` before anything is written, and so does a racer taking a
 * key meanwhile (the transaction must then be rolled back); the caller then posts the entries one by one.
 */
export async function postTogether(
  deps: LedgerServiceDeps,
  trx: Transaction<Database>,
  inputs: readonly MemberPostInput[],
): Promise<TogetherOutcome[]> {
  const { repository, clock } = deps;
  const deltas = inputs.map(checkedDeltas);
  const keys = inputs.map((input) => ({ memberId: input.memberId, key: input.idempotencyKey }));
  const named = new Set(keys.map(({ memberId, key }) => memberKey(memberId, key)));
  if (named.size < keys.length) throw new NotTogether('a key appears twice');
  if ((await repository.findMemberKeys(trx, keys)).size > 0) throw new NotTogether('a key was used before');
  // lockAccounts takes them in id order, the order every path locks in.
  const ids = [...new Set(deltas.flatMap((entry) => [...entry.keys()]))];
  const locked = new Map((await repository.lockAccounts(trx, ids)).map((account) => [account.id, account]));
  // Each entry against the balances the entries before it left, as one by one.
  const decided = inputs.map((input, index): Decided => {
    const entry = deltas[index] ?? new Map<bigint, bigint>();
    const accounts = [...entry.keys()].flatMap((id) => locked.get(id) ?? []);
    checkOwners(input, accounts, entry);
    if (goesBelowZero(accounts, entry)) return { input, refused: new AppError('MONEY_NOT_ENOUGH') };
    for (const account of accounts) {
      locked.set(account.id, { ...account, balance: account.balance + (entry.get(account.id) ?? 0n) });
    }
    const wallet = accounts.find((account) => account.kind === 'member_wallet');
    const amount = wallet ? (entry.get(wallet.id) ?? 0n) : 0n;
    return { input, wallet: wallet && { amount, balance: wallet.balance + amount, currency: wallet.currency } };
  });
  const accepted = decided.flatMap(({ input, refused }) => (refused ? [] : [input]));
  const now = clock.now();
  const entries = await repository.insertEntries(
    trx,
    accepted.map((input) => newEntry(input, null, now)),
  );
  if (entries.length < accepted.length) throw new NotTogether('a racer took a key meanwhile');
  const byKey = new Map(entries.map((entry) => [memberKey(entry.member_id, entry.idempotency_key), entry]));
  const entryOf = (input: MemberPostInput) => {
    const entry = byKey.get(memberKey(input.memberId, input.idempotencyKey));
    invariant(entry !== undefined, `journal entry with key ${input.idempotencyKey} was not written`);
    return entry;
  };
  const rows = accepted.flatMap((input) =>
    input.postings.map((posting) => ({ entryId: entryOf(input).id, ...posting })),
  );
  const postings = await repository.insertPostingsAndMove(trx, rows, now);
  return decided.map(({ input, refused, wallet }) => {
    if (refused) return { refused };
    const entry = entryOf(input);
    if (wallet) announceAfterCommit(deps.events, trx, { row: entry, status: input.status, ...wallet });
    return {
      posted: { entry, postings: postings.filter((posting) => posting.entry_id === entry.id), replayed: false },
    };
  });
}
