import { z } from 'zod/mini';
import { bannerItem } from './banner.ts';

/**
 * Bonuses and promotion codes (spec sections 2 Bonus page, 3, 4 and 7 Bonus and promotion; the rules are in
 * docs/promotions/bonuses.md). Amounts are numbers in the currency's major unit.
 */

/** How a bonus's receive count is counted: all time, today or this week (Monday first), in the site's zone. */
export const BONUS_TYPES = ['limit', 'day', 'week'] as const;
export type BonusType = (typeof BONUS_TYPES)[number];

/** Bonus and promotion codes: upper-cased by the client and again by the server. */
export const BONUS_CODE_LENGTH_MAX = 32;
export const BONUS_CODE = /^[A-Z0-9_-]{1,32}$/;

/** A path parameter `{code}`: trimmed and upper-cased before it is looked up (spec section 5). */
export const bonusCodeParams = z.object({
  code: z.pipe(
    z.string().check(z.trim(), z.minLength(1, { error: 'KEY_MISSING' }), z.maxLength(BONUS_CODE_LENGTH_MAX)),
    z.transform((value) => value.toUpperCase()),
  ),
});

/**
 * The member's use of one bonus (spec section 3, userBonus): `_id` of their latest activation, whether that one
 * is running, and `received`: their activations counted against `maxReceived` now (all time for `limit`, today
 * for `day`, this week for `week`), each with the time it was received.
 */
export const userBonus = z.object({
  _id: z.string(),
  isActive: z.boolean(),
  received: z.array(z.object({ updatedAt: z.string() })),
});
export type UserBonus = z.infer<typeof userBonus>;

export const bonusItem = z.object({
  code: z.string(),
  type: z.enum(BONUS_TYPES),
  maxReceived: z.number(),
  percentFail: z.number(),
  banners: z.array(bannerItem),
  /** In the caller's language (Accept-Language), else Thai. */
  name: z.string(),
  description: z.string(),
  /** Null when the member never received this bonus. */
  userBonus: z.nullable(userBonus),
});
export type BonusItem = z.infer<typeof bonusItem>;

/** `GET /api/bonus`: the bonuses of the grid, in the operator's order. */
export const bonusListResponse = z.array(bonusItem);

/** `GET /api/bonus/activate/{code}` and `GET /api/promotion/activate/{code}`. */
export const bonusActivateResponse = userBonus;

/** `GET /api/bonus/check/active`: whether a bonus is running, and its type. */
export const bonusActiveResponse = z.object({
  status: z.boolean(),
  type: z.nullable(z.enum(BONUS_TYPES)),
});
export type BonusActiveResponse = z.infer<typeof bonusActiveResponse>;

/**
 * `GET /api/bonus/check/minimum` (defined by the spec, unused by the client): the running bonus's balance
 * floor (`minimum`), the member's total balance (wallet plus game accounts) and `status`: whether the total is
 * below the floor, so the bonus can be ended without anything taken back. No bonus: status false, minimum 0.
 */
export const bonusMinimumResponse = z.object({
  status: z.boolean(),
  minimum: z.number(),
  balance: z.number(),
});
export type BonusMinimumResponse = z.infer<typeof bonusMinimumResponse>;

/**
 * `GET /api/bonus/clear`: `BONUS_CLEAR` when the bonus ended with its condition met (or the balance under its
 * floor), `SUCCESS` when it was cancelled before (percentFail applied); `takenBack` is what left the wallet.
 * A cancel (`SUCCESS`) also says why (issue 21): which bonus, how much it was, its percentFail and what that made
 * due; `takenBack` below `due` means the member held no more than `takenBack`, in the wallet and the game accounts.
 */
export const bonusClearResponse = z.object({
  message: z.enum(['BONUS_CLEAR', 'SUCCESS']),
  /** Everything the cancel takes back (major units), including `fromGames`. */
  takenBack: z.number(),
  /**
   * The part of `takenBack` the wallet could not pay because the money was in game accounts: it is taken from
   * the money that next comes back from them (docs/promotions/bonuses.md).
   */
  fromGames: z.number(),
  /** The cancelled bonus's name, in the request's language. */
  name: z.optional(z.string()),
  /** The bonus the member had received (major units). */
  bonus: z.optional(z.number()),
  /** Its percentFail: the share of what was won with the bonus that a cancel takes back besides the bonus. */
  percentFail: z.optional(z.number()),
  /** What was won with the bonus: the net winnings at the game providers since it began, 0 when none (major units). */
  won: z.optional(z.number()),
  /**
   * `bonus` and percentFail of `won` (major units, floored to the minor unit): what the cancel takes back at most
   * (issue 39: a cancel without play never leaves more cash than before the bonus).
   */
  due: z.optional(z.number()),
});
export type BonusClearResponse = z.infer<typeof bonusClearResponse>;

/** A promotion found by its code (spec section 3: percentFail and description). */
export const promotion = z.object({
  code: z.string(),
  percentFail: z.number(),
  description: z.string(),
});
export type Promotion = z.infer<typeof promotion>;

/** `GET /api/promotion/find/{code}` and `GET /api/promotion/current`: a promotion, or null. */
export const promotionResponse = z.nullable(promotion);
