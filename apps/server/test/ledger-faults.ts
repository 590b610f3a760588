import { type MockInstance, vi } from 'vitest';
import { LedgerService } from '../src/core/ledger/ledger.service.ts';

/**
 * A fault planted in the ledger's answers, for the tests of what the money paths assert: every entry `post` writes
 * is written as asked, but reported with each posting's amount changed by `change`. `mockRestore()` takes it out.
 */
export function misreportPostings(change: (amount: bigint) => bigint): MockInstance<LedgerService['post']> {
  const post = LedgerService.prototype.post;
  return vi.spyOn(LedgerService.prototype, 'post').mockImplementation(async function (this: LedgerService, trx, input) {
    const posted = await post.call(this, trx, input);
    return { ...posted, postings: posted.postings.map((posting) => ({ ...posting, amount: change(posting.amount) })) };
  });
}
