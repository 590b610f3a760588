import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { JournalEntryType } from '../../db/tables/ledger.table.ts';
import type { Clock } from '../../lib/clock.ts';
import type { MemberEvents } from '../../lib/member-events.ts';
import type { JournalEntry, LedgerAccount, LedgerRepository, Posting } from './ledger.repository.ts';

/** What the ledger is asked and answers (ledger.service.ts), apart from it so its rules and helpers can share them. */

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
  /**
   * When the movement happened, if not now by the ledger's clock: the time a caller with a clock of its own
   * stands at (the sandbox's invite accrual "as if at" another time, the demo's deposit of yesterday).
   */
  at?: Date;
}

/** The two accounts of a member's deposit. */
export interface DepositAccounts {
  clearing: LedgerAccount;
  wallet: LedgerAccount;
}

export interface DepositInput extends Pick<PostInput, 'memberId' | 'idempotencyKey' | 'reference' | 'metadata' | 'at'> {
  /** The deposit clearing account the money enters the books through (suspense, for an operator's assignment). */
  from: bigint;
  /** The member's wallet, or the suspense account. */
  to: bigint;
  amountMinor: bigint;
}

/** A payout party's final answer about money waiting in withdrawal payable (a withdrawal, a suspense refund). */
export interface PayoutSettlement {
  /** The pending entry that moved the money into withdrawal payable. */
  entryId: bigint;
  amountMinor: bigint;
  payable: bigint;
  clearing: bigint;
  /** Paid, with the settlement entry's key and reference; or failed, with the party's reason. */
  outcome:
    | { paid: true; idempotencyKey: string; reference: Record<string, JsonValue> }
    | { paid: false; reason: string };
}

/** A reward paid to a member (a bonus, a wheel prize, invite commission, a loss refund). */
export interface RewardInput extends Pick<PostInput, 'idempotencyKey' | 'reference' | 'at'> {
  memberId: bigint;
  /** The house expense account the reward is paid from. */
  from: bigint;
  /** The member's wallet. */
  to: bigint;
  amountMinor: bigint;
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

export interface LedgerServiceDeps {
  repository: LedgerRepository;
  clock: Clock;
  /** Where each committed change of a member's wallet is announced (docs/live.md); none: nobody is told. */
  events?: MemberEvents;
  /**
   * Run in the deposit's transaction once a new deposit to a member is written (a replay is not checked again):
   * throws to refuse it, which rolls it back (the member's own limits and blocks, docs/safer-play.md). The
   * deposit's write locked the member's wallet, so the deposits of one member are checked one after another.
   * None: every deposit is credited.
   */
  depositCheck?: (trx: Transaction<Database>, memberId: bigint, amountMinor: bigint) => Promise<void>;
}
