/**
 * The voucher port: TrueMoney gift vouchers are checked and redeemed through it (docs/deposits/truemoney.md).
 * `redeem` is idempotent by our reference: asking again with the same reference answers the same redemption,
 * so a request whose answer was lost can always be asked again, and `status` finds it by reference.
 */
export type VoucherCheck =
  | { status: 'available'; amountMinor: bigint; currency: string }
  /** Redeemed already, by anyone. */
  | { status: 'redeemed' }
  /** No such voucher (or expired). */
  | { status: 'invalid' };

export type VoucherRedemption =
  | { status: 'redeemed'; amountMinor: bigint; currency: string; redemptionId: string }
  /** Redeemed earlier under another reference: not ours. */
  | { status: 'already_redeemed' }
  | { status: 'invalid' };

export interface VoucherRedeemer {
  check(code: string): Promise<VoucherCheck>;
  redeem(code: string, reference: string): Promise<VoucherRedemption>;
  /** The redemption made under our reference, or not_found when the party never redeemed anything for it. */
  status(reference: string): Promise<Extract<VoucherRedemption, { status: 'redeemed' }> | { status: 'not_found' }>;
}

/** The outcome is unknown (network error, time-out, a 5xx, a refused signature, an answer we cannot read). */
export class VoucherUnavailableError extends Error {
  override name = 'VoucherUnavailableError';
}

/** Used when no voucher party is configured: every gift link waits until one is. */
export class UnconfiguredVoucherRedeemer implements VoucherRedeemer {
  private fail(): never {
    throw new VoucherUnavailableError('No voucher party configured (VOUCHER_BASE_URL, VOUCHER_SECRET)');
  }
  async check(): Promise<VoucherCheck> {
    this.fail();
  }
  async redeem(): Promise<VoucherRedemption> {
    this.fail();
  }
  async status(): Promise<{ status: 'not_found' }> {
    this.fail();
  }
}
