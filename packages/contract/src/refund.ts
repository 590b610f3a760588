import { z } from 'zod/mini';

/**
 * Loss refunds (spec sections 2, 3 and 7; docs/promotions/refunds.md): a percentage of the member's net
 * losses (stakes minus winnings, by the game providers' bet records) over the last closed period, paid at most
 * once per period. Amounts are numbers in the currency's major unit.
 */

/** Why the last closed period's refund can or cannot be received (the client words it; `OK`: it can). */
export const REFUND_STATES = [
  'OK',
  'REFUND_SUCCESS',
  'NO_REFUND',
  'REFUND_MINIMUM',
  'REFUND_CONDITION',
  'REFUND_INACTIVE',
] as const;
export type RefundState = (typeof REFUND_STATES)[number];

/** `GET /api/refund/check`. */
export const refundCheckResponse = z.object({
  /** True when the receive button may be pressed: a refund exists, is above the minimum and not received yet. */
  result: z.boolean(),
  /** True when the member has an active bonus, which blocks refunds (spec section 4). */
  bonus: z.boolean(),
  /** The figures behind the answer, for the conditions text. */
  info: z.object({
    state: z.enum(REFUND_STATES),
    period: z.enum(['day', 'week']),
    /** The last closed period, [from, to), ISO instants. */
    from: z.string(),
    to: z.string(),
    /** Stakes minus winnings over the period (negative when the member won). */
    netLoss: z.number(),
    /** The share of the net loss refunded, in percent. */
    percent: z.number(),
    /** A refund must exceed this amount. */
    minimum: z.number(),
    /** The largest refund of one period. */
    cap: z.number(),
  }),
  /** The period's refund (before the success share; what was received when the state is REFUND_SUCCESS). */
  refundAmount: z.number(),
  /** Percent of `refundAmount` paid into the wallet on receipt. */
  refundSuccess: z.number(),
  /** Percent of `refundAmount` forfeited on receipt (100 - refundSuccess). */
  refundFail: z.number(),
});
export type RefundCheckResponse = z.infer<typeof refundCheckResponse>;

/** `GET /api/refund/receive` and its alias `GET /api/refund/addWallet`. */
export const refundReceiveResponse = z.object({
  message: z.literal('REFUND_SUCCESS'),
  /** What went into the wallet. */
  amount: z.number(),
  wallet: z.object({ amount: z.number() }),
});
export type RefundReceiveResponse = z.infer<typeof refundReceiveResponse>;

/** `POST /api/refund` body. `page` counts from 1; the client asks for 10 (spec section 9). */
export const refundListRequest = z.object({
  page: z.int().check(z.minimum(1), z.maximum(100_000)),
  limit: z.int().check(z.minimum(1), z.maximum(50)),
});
export type RefundListRequest = z.infer<typeof refundListRequest>;

export const refundItem = z.object({
  /** What went into the wallet for the period. */
  refundAmount: z.number(),
  createdAt: z.string(),
  /** The period the refund was for, [periodFrom, periodTo). */
  periodFrom: z.string(),
  periodTo: z.string(),
});
export type RefundItem = z.infer<typeof refundItem>;

export const refundListResponse = z.object({ refunds: z.array(refundItem), total: z.number() });
export type RefundListResponse = z.infer<typeof refundListResponse>;
