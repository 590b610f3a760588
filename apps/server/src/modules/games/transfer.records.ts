import type { PostedEntry } from '../../core/ledger/ledger.service.ts';
import type { MemberPostInput } from '../../core/ledger/ledger.together.ts';
import type { GameTransferDirection } from '../../db/tables/games.table.ts';
import { moneyInvariant } from '../../lib/money-invariant.ts';
import type { NewGameTransfer } from './games.repository.ts';

/** The records a transfer's reserve writes (transfer.service.ts). */

/** A member's transfer between the wallet and a game account, as asked. */
export interface TransferRequest {
  memberId: bigint;
  currency: string;
  providerCode: string;
  direction: GameTransferDirection;
  amountMinor: bigint;
  /** Unique per member and movement; derived from the HTTP Idempotency-Key. A repeat answers the first transfer. */
  key: string;
}

/** The pending ledger entry that reserves a transfer's money. */
export function reservationEntry(
  request: TransferRequest,
  id: string,
  postings: MemberPostInput['postings'],
): MemberPostInput {
  return {
    memberId: request.memberId,
    type: 'transfer',
    status: 'pending',
    idempotencyKey: `game-transfer:${request.key}`,
    reference: { transferId: id, provider: request.providerCode, direction: request.direction },
    postings,
  };
}

/** The record of a reserved transfer. */
export function newTransfer(request: TransferRequest, id: string, posted: PostedEntry, now: Date): NewGameTransfer {
  // The reserve moved exactly the amount asked, out of one account and into the other, before the transfer is kept.
  const moved = posted.postings.map((posting) => posting.amount);
  moneyInvariant(
    moved.length === 2 && moved.includes(request.amountMinor) && moved.includes(-request.amountMinor),
    `a transfer of ${request.amountMinor} reserved ${moved.join(' and ')}`,
  );
  return {
    id,
    member_id: request.memberId,
    provider_code: request.providerCode,
    direction: request.direction,
    amount_minor: request.amountMinor,
    currency: request.currency,
    state: 'reserved',
    idempotency_key: request.key,
    reservation_entry_id: posted.entry.id,
    created_at: now,
    updated_at: now,
  };
}

export function fail(key: string): never {
  throw new Error(`game transfer with key ${key} vanished`);
}
