import { z } from 'zod/mini';
import { isAmount, toMajor, toMinor } from './money.ts';

/**
 * The prize wheel (spec sections 2 Spin, 3 Spinwheel/Coupon/Spin result, 7 Spin wheel; docs/promotions/wheel.md,
 * Prize wheel). The server draws every outcome; the client only animates the wheel to the slice it is told.
 * Amounts are numbers in the member's currency's major unit (money.ts).
 */

/**
 * Refusals of `POST /api/spinwheel/spin`, answered in `message` of the error body. They are not in the general
 * catalogue (error-codes.ts): the spin screen shows them as `spin.error.{code}` (spec section 8).
 * NO_COIN (400): the member has no coin left. WHEEL_INACTIVE (409): no wheel is running.
 */
export const SPIN_ERROR_CODES = ['NO_COIN', 'WHEEL_INACTIVE'] as const;
export type SpinErrorCode = (typeof SPIN_ERROR_CODES)[number];

export function isSpinErrorCode(value: unknown): value is SpinErrorCode {
  return typeof value === 'string' && (SPIN_ERROR_CODES as readonly string[]).includes(value);
}

/**
 * What a slice pays: `cash` credits `amount` to the wallet when its coupon is claimed; `none` is a losing slice
 * (no coupon); `item` is a prize the operator hands over by hand (its coupon cannot be claimed online:
 * INVALID_COUPON_TYPE).
 */
export const PRIZE_TYPES = ['cash', 'none', 'item'] as const;
export type PrizeType = (typeof PRIZE_TYPES)[number];

/** `GET /api/spinwheel/active`. */
export const spinActiveResponse = z.object({ isActive: z.boolean() });
export type SpinActiveResponse = z.infer<typeof spinActiveResponse>;

/** A slice as the client draws it, in the reader's language (Accept-Language). `htmlDescription` is operator HTML. */
export const spinSlice = z.object({
  code: z.string(),
  label: z.string(),
  bgColor: z.string(),
  textColor: z.string(),
  htmlDescription: z.string(),
});
export type SpinSlice = z.infer<typeof spinSlice>;

/** `GET /api/spinwheel/setup`: the running wheel (null when none) and the member's coins. */
export const spinSetupResponse = z.object({
  activeSpinwheel: z.nullable(z.object({ name: z.string(), slices: z.array(spinSlice) })),
  userCoin: z.int(),
});
export type SpinSetupResponse = z.infer<typeof spinSetupResponse>;

/**
 * `POST /api/spinwheel/spin` (no body; an optional Idempotency-Key makes a retry answer the same spin). `code`
 * is the slice drawn; `coupon` is the coupon it won, absent for a `none` slice.
 */
export const spinResultResponse = z.object({
  code: z.string(),
  label: z.string(),
  remainingCoin: z.int(),
  prizeType: z.enum(PRIZE_TYPES),
  coupon: z.optional(z.string()),
});
export type SpinResultResponse = z.infer<typeof spinResultResponse>;

/**
 * A coupon (spec section 3): `prize.slice` is the slice code (the client finds its colours and description in
 * the setup), `prize.name` the slice's label in the reader's language. ISO 8601 dates.
 */
export const spinCoupon = z.object({
  id: z.string(),
  prize: z.object({ slice: z.string(), name: z.string() }),
  type: z.enum(PRIZE_TYPES),
  amount: z.number(),
  createdAt: z.string(),
  expiresAt: z.string(),
  claimedAt: z.nullable(z.string()),
  /** Not claimed, not expired, and of a type that can be claimed online (`cash`). */
  claimable: z.boolean(),
});
export type SpinCoupon = z.infer<typeof spinCoupon>;

/** The most coupons one page of `GET /api/spinwheel/coupon` holds, and the page size when none is asked for. */
export const SPIN_COUPONS_LIMIT_MAX = 50;

/**
 * `GET /api/spinwheel/coupon?page=&limit=`: `page` counts from 1 (default 1), `limit` is 1 to 50 (default 50);
 * the member app asks for 3 a page (PAGE_SIZE.coupons). Anything else is KEY_INVALID (400).
 */
export const spinCouponsQuery = z.object({
  page: z._default(
    z.coerce
      .number()
      .check(z.int(), z.minimum(1, { error: 'KEY_INVALID' }), z.maximum(100_000, { error: 'KEY_INVALID' })),
    1,
  ),
  limit: z._default(
    z.coerce
      .number()
      .check(
        z.int(),
        z.minimum(1, { error: 'KEY_INVALID' }),
        z.maximum(SPIN_COUPONS_LIMIT_MAX, { error: 'KEY_INVALID' }),
      ),
    SPIN_COUPONS_LIMIT_MAX,
  ),
});
export type SpinCouponsQuery = z.infer<typeof spinCouponsQuery>;

/**
 * One page of the member's coupons, every coupon reachable (no cap): the claimable ones first, then the others,
 * each group newest first (`createdAt`, then the later-made coupon first), claimability judged at the time of
 * the request. `total` counts all the member's coupons, `claimableTotal` those claimable now.
 */
export const spinCouponsResponse = z.object({
  coupons: z.array(spinCoupon),
  total: z.int(),
  claimableTotal: z.int(),
});
export type SpinCouponsResponse = z.infer<typeof spinCouponsResponse>;

/** A coupon id as the server hands it out. */
export const SPIN_COUPON_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * `POST /api/spinwheel/coupon/claim`. A missing `coupon` is KEY_MISSING; one that is not a coupon id at all is
 * INVALID_PRIZE_CODE (400); a well-formed id that is not one of the member's coupons is INVALID_CODE (404).
 */
export const spinClaimRequest = z.object({
  coupon: z.string().check(z.regex(SPIN_COUPON_ID, { error: 'INVALID_PRIZE_CODE' })),
});
export type SpinClaimRequest = z.infer<typeof spinClaimRequest>;

/** The claimed coupon and the wallet's balance after the credit. */
export const spinClaimResponse = z.object({
  message: z.string(),
  coupon: spinCoupon,
  wallet: z.object({ amount: z.number() }),
});
export type SpinClaimResponse = z.infer<typeof spinClaimResponse>;

/** What `wheelExpectedReturn` reads of a slice: its weight and its prize (the wheel setting's slice fits). */
export interface WheelReturnSlice {
  weight: number;
  prize: { type: PrizeType; amount?: Record<string, number> | undefined };
}

/** The cash a wheel pays back, in one currency (docs/promotions/wheel.md, Weights and odds). */
export interface WheelReturn {
  currency: string;
  /** Expected cash of one spin, Σ(weight × cash amount) / Σ weights, in the major unit to the minor unit. */
  cashPerSpin: number;
  /** The completed deposit that earns one coin in this currency; null when it earns none. */
  depositPerCoin: number | null;
  /** `cashPerSpin` as a percentage of `depositPerCoin`, to 2 decimals; null when the currency earns no coins. */
  percentOfDeposit: number | null;
  /** A cash slice that can be drawn (weight above 0) has no amount in this currency: a spin landing there fails. */
  missingAmount: boolean;
}

/** `numerator / denominator` rounded half up, both at or above zero. */
function roundedQuotient(numerator: bigint, denominator: bigint): bigint {
  return (2n * numerator + denominator) / (2n * denominator);
}

/**
 * The wheel's expected return per coin, per currency, as the back-office shows it to the operator editing the
 * wheel: the expected cash of a spin (items and losing slices count as no cash; an item's cost is the
 * operator's to judge) and what share it is of the deposit that earns the coin. Computed exactly in minor
 * units, then rounded half up to the minor unit and to hundredths of a percent. Empty while the weights add up
 * to 0 (nothing can be drawn). Values that are not amounts (isAmount) count as absent, so a half-typed form can
 * be passed as it is.
 */
export function wheelExpectedReturn(
  slices: readonly WheelReturnSlice[],
  depositPerCoin: Readonly<Record<string, number>>,
  currencies: readonly string[],
): WheelReturn[] {
  const weights = slices.map((slice) =>
    BigInt(Number.isSafeInteger(slice.weight) && slice.weight > 0 ? slice.weight : 0),
  );
  const totalWeight = weights.reduce((sum, weight) => sum + weight, 0n);
  if (totalWeight === 0n) return [];
  return currencies.map((currency) => {
    let cashTimesWeight = 0n;
    let missingAmount = false;
    slices.forEach((slice, index) => {
      const weight = weights[index] ?? 0n;
      if (slice.prize.type !== 'cash' || weight === 0n) return;
      const amount = slice.prize.amount?.[currency];
      if (amount === undefined || !isAmount(amount)) missingAmount = true;
      else cashTimesWeight += weight * toMinor(amount);
    });
    const perCoin = depositPerCoin[currency];
    const perCoinMinor = perCoin !== undefined && isAmount(perCoin) ? toMinor(perCoin) : 0n;
    return {
      currency,
      cashPerSpin: toMajor(roundedQuotient(cashTimesWeight, totalWeight)),
      depositPerCoin: perCoinMinor > 0n ? toMajor(perCoinMinor) : null,
      percentOfDeposit:
        perCoinMinor > 0n ? Number(roundedQuotient(cashTimesWeight * 10_000n, totalWeight * perCoinMinor)) / 100 : null,
      missingAmount,
    };
  });
}
