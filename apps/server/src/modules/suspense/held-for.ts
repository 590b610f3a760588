import type { HeldReason } from '../../db/tables/deposits.table.ts';
import type { BankTransfer } from '../bank-feed/bank-feed.module.ts';

const HELD: readonly (string | null)[] = ['deposit_limit', 'timed_out', 'self_excluded'] satisfies HeldReason[];

/**
 * The member a transfer in suspense was held for by their own limit or block (docs/safer-play.md), or null. Such a
 * transfer is that member's money: an operator assigns it to them, once their limit or block lets it, or sends it
 * back to the payer, and to no one else (issue 39: a timed-out member's transfer could be given to anyone).
 */
export function heldFor(transfer: Pick<BankTransfer, 'member_id' | 'unmatched_reason'>): bigint | null {
  return HELD.includes(transfer.unmatched_reason) ? transfer.member_id : null;
}
