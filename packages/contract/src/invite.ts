import { z } from 'zod/mini';

/**
 * Invite a friend (spec sections 2, 3 and 7; docs/promotions/invite.md). An invitee is a member who
 * registered with the inviter's code (`/register?code=PR{profile id}`). The inviter accrues a share of each
 * invitee's net deposits per local day; each accrual is one row of the list, and collecting moves the accrued
 * amount (its success share) into the wallet. Amounts are numbers in the currency's major unit.
 */

/** `POST /api/invite` body. `page` counts from 1; the client asks for 10 (spec section 9). */
export const inviteListRequest = z.object({
  page: z.int().check(z.minimum(1), z.maximum(100_000)),
  limit: z.int().check(z.minimum(1), z.maximum(50)),
});
export type InviteListRequest = z.infer<typeof inviteListRequest>;

/**
 * Where an accrual stands: `collectable` (not collected yet), `collected`, `held` (the invitee's link waits for an
 * operator's review: not collectable until released) or `forfeited` (the review rejected the link: never paid).
 */
export const INVITE_ITEM_STATUSES = ['collectable', 'collected', 'held', 'forfeited'] as const;
export type InviteItemStatus = (typeof INVITE_ITEM_STATUSES)[number];

/** One accrual: what `from` (the invitee) earned the inviter on one local day (`createdAt`: that day's start). */
export const inviteItem = z.object({
  from: z.object({ name: z.string() }),
  amount: z.number(),
  createdAt: z.string(),
  /** Whether this accrual has already been collected into the wallet. */
  collected: z.boolean(),
  status: z.enum(INVITE_ITEM_STATUSES),
});
export type InviteItem = z.infer<typeof inviteItem>;

export const inviteListResponse = z.object({ invites: z.array(inviteItem), total: z.number() });
export type InviteListResponse = z.infer<typeof inviteListResponse>;

/**
 * `GET /api/invite/bonus`: the accrued amount was collected. `amount` went into the wallet (the success share),
 * `forfeited` was the fail share, kept by the operator; `wallet.amount` is the balance after.
 */
export const inviteBonusResponse = z.object({
  message: z.literal('INVITE_BONUS_SUCCESS'),
  amount: z.number(),
  forfeited: z.number(),
  wallet: z.object({ amount: z.number() }),
});
export type InviteBonusResponse = z.infer<typeof inviteBonusResponse>;
