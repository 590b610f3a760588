/**
 * The payout port: the withdrawal service pays members' bank accounts through it and knows nothing of the
 * party behind it (docs/withdrawals.md). Every call names the payment by our reference (the withdrawal's public
 * id), and the party applies a reference at most once, so asking again after a time-out is always safe.
 */
export interface PayoutRequest {
  /** Our withdrawal's public id: the party's idempotency key for this payment. */
  reference: string;
  amountMinor: bigint;
  currency: string;
  bankCode: string;
  accountNo: string;
  accountName: string;
}

/**
 * What the party says about a payment. `pending`: accepted, not paid yet. `paid` and `failed` are final.
 * `not_found`: the party never accepted the reference (our request was lost), so asking again is safe.
 */
export type PayoutState =
  | { status: 'pending'; payoutId: string }
  | { status: 'paid'; payoutId: string }
  | { status: 'failed'; payoutId: string | null; reason: string }
  | { status: 'not_found' };

export interface Payout {
  /** Asks the party to pay; answers its state for the reference (an earlier request's, on a repeat). */
  pay(request: PayoutRequest): Promise<PayoutState>;
  status(reference: string): Promise<PayoutState>;
}

/** The outcome is unknown (network error, time-out, a 5xx, a refused signature): the payment may or may not exist. */
export class PayoutUnavailableError extends Error {
  override name = 'PayoutUnavailableError';
}

/** Used when no payout party is configured: withdrawals wait IN_PROGRESS until one is. */
export class UnconfiguredPayout implements Payout {
  async pay(): Promise<PayoutState> {
    throw new PayoutUnavailableError('No payout party configured (PAYOUT_BASE_URL, PAYOUT_SECRET)');
  }
  async status(): Promise<PayoutState> {
    throw new PayoutUnavailableError('No payout party configured (PAYOUT_BASE_URL, PAYOUT_SECRET)');
  }
}
