import type { WithdrawalReviewState } from '@member-wallet/contract/backoffice/withdrawals';
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt } from './columns.ts';

export type WithdrawalStatus = 'IN_PROGRESS' | 'SUCCESS' | 'FAILED';

/** A withdrawal to the member's registered bank account (docs/withdrawals.md). */
export type WithdrawalReview = WithdrawalReviewState;

export interface WithdrawalsTable {
  id: Generated<bigint>;
  /** The id the API and the payout party see (our payout reference). */
  public_id: string;
  member_id: bigint;
  amount_minor: bigint;
  currency: string;
  /** The registered bank account when the member asked. */
  bank_code: string;
  bank_account_no: string;
  bank_account_name: string;
  status: WithdrawalStatus;
  failure_reason: string | null;
  /** The payout party's own id of the payment. */
  payout_reference: string | null;
  /** The member's entry, wallet -> withdrawal payable. */
  entry_id: bigint;
  /** The settlement (payable -> payout clearing) on success, the compensating entry on failure. */
  settle_entry_id: bigint | null;
  attempts: ColumnType<number, number | undefined, number>;
  /** When the settler asks the payout party next. */
  next_check_at: Date;
  /** Operators' review (migration 0016): `awaiting` is not sent to the payout party until approved. */
  review: ColumnType<WithdrawalReview, WithdrawalReview | undefined, WithdrawalReview>;
  reviewed_by: bigint | null;
  reviewed_at: Date | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  settled_at: Date | null;
}

/** Webhook notifications already handled, so a replayed one is ignored. */
export interface PayoutWebhookEventsTable {
  event_id: string;
  received_at: Date;
}

/** Withdrawals and the payout party's webhook notifications (docs/withdrawals.md). */
export interface WithdrawalsTables {
  withdrawals: WithdrawalsTable;
  payout_webhook_events: PayoutWebhookEventsTable;
}
