import { type MockInstance, vi } from 'vitest';
import { LedgerService, type PostedEntry } from '../src/core/ledger/ledger.service.ts';

/**
 * A fault planted in the ledger's answers, for the tests of what the money paths assert: every entry `post` writes
 * is written as asked, but reported with each posting's amount changed by `change`. `mockRestore()` takes it out.
 */
export function misreportPostings(change: (amount: bigint) => bigint): MockInstance<LedgerService['post']> {
  const post = LedgerService.prototype.post;
  return vi.spyOn(LedgerService.prototype, 'post').mockImplementation(async function (this: LedgerService, trx, input) {
    return misreported(await post.call(this, trx, input), change);
  });
}

/** The same fault in `reverse`: the compensating entry is written as the ledger makes it, reported changed. */
export function misreportReversals(change: (amount: bigint) => bigint): MockInstance<LedgerService['reverse']> {
  const reverse = LedgerService.prototype.reverse;
  return vi.spyOn(LedgerService.prototype, 'reverse').mockImplementation(async function (
    this: LedgerService,
    trx,
    entryId,
    outcome,
    metadata,
  ) {
    return misreported(await reverse.call(this, trx, entryId, outcome, metadata), change);
  });
}

function misreported(posted: PostedEntry, change: (amount: bigint) => bigint): PostedEntry {
  return { ...posted, postings: posted.postings.map((posting) => ({ ...posting, amount: change(posting.amount) })) };
}
