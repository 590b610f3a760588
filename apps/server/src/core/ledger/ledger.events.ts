import type { WalletEvent } from '@member-wallet/contract/live';
import { toMajor } from '@member-wallet/contract/money';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { JournalEntryStatus } from '../../db/tables/ledger.table.ts';
import { afterCommit } from '../../db/transaction.ts';
import type { DepositChannel, MemberEvents } from '../../lib/member-events.ts';
import type { JournalEntry } from './ledger.repository.ts';

/** The statement's status of an entry: pending is in progress, failed and reversed failed. */
function statusOf(status: JournalEntryStatus): WalletEvent['status'] {
  if (status === 'pending') return 'IN_PROGRESS';
  if (status === 'completed') return 'SUCCESS';
  return 'FAILED';
}

/** How an entry of a member touched their main wallet, as the `wallet` event tells it (docs/live.md). */
export interface WalletChange {
  /** The entry the member's statement lists: the original of a reversal. */
  row: JournalEntry;
  /** The row's status after this change. */
  status: JournalEntryStatus;
  /** The wallet's change (0n when a request settled without moving it) and its balance after it. */
  amount: bigint;
  balance: bigint;
  currency: string;
}

/** Announces a member's wallet change made by a statement that has already committed (no transaction). */
export function announceCommitted(events: MemberEvents | undefined, change: WalletChange): void {
  const memberId = change.row.member_id;
  if (events && memberId !== null) events.publish(memberId, walletEvent(change), { depositChannel: channel(change) });
}

/**
 * Announces a member's wallet change once the transaction commits (afterCommit: never for one that rolls back).
 * Entries without a member (system movements) are not news to anyone.
 */
export function announceAfterCommit(
  events: MemberEvents | undefined,
  trx: Transaction<Database>,
  change: WalletChange,
): void {
  const memberId = change.row.member_id;
  if (!events || memberId === null) return;
  const event = walletEvent(change);
  const depositChannel = channel(change);
  afterCommit(trx, () => events.publish(memberId, event, { depositChannel }));
}

function walletEvent(change: WalletChange): WalletEvent {
  return {
    type: change.row.type,
    status: statusOf(change.status),
    amount: toMajor(change.amount),
    balance: toMajor(change.balance),
    currency: change.currency,
    reference: String(change.row.id),
  };
}

/** The deposit channel of a credit; null for what is not money coming in. */
function channel(change: WalletChange): DepositChannel | null {
  const credited = change.status === 'completed' && change.amount > 0n;
  return credited ? depositChannelOf(change.row) : null;
}

/**
 * By which way a credit came in, read from its entry's reference as each channel writes it (docs/ledger.md):
 * null for what is not money coming in (a transfer back from a game, a bonus).
 */
export function depositChannelOf(row: Pick<JournalEntry, 'type' | 'reference'>): DepositChannel | null {
  if (row.type === 'adjustment') return 'operator';
  if (row.type !== 'deposit') return null;
  const reference = row.reference;
  if ('qrcode' in reference) return 'qr';
  if ('slip' in reference) return 'slip';
  if ('voucher' in reference) return 'truemoney';
  if ('bankTransfer' in reference) return 'bank_transfer';
  return 'other';
}
