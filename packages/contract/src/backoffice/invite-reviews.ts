import { z } from 'zod/mini';
import { pageQuery, reasonText } from './common.ts';

/**
 * Invite links held for review (docs/promotions/invite.md; docs/backoffice/invite-reviews.md). Why an invitee matched
 * its inviter: the same bank account name (titles, case and spaces aside), the same bank account number, a
 * device that one of them signed in on carrying the other's device cookie, or the same registration address.
 */
export const INVITE_MATCHES = ['bank_name', 'bank_account', 'device', 'ip'] as const;
export type InviteMatch = (typeof INVITE_MATCHES)[number];

/**
 * `held`: the invitee's accruals are recorded but not collectable; `released` by an operator: they are
 * collectable; `rejected`: the held ones are forfeited and the invitee accrues nothing more.
 */
export const INVITE_REVIEW_STATUSES = ['held', 'released', 'rejected'] as const;
export type InviteReviewStatus = (typeof INVITE_REVIEW_STATUSES)[number];

const reviewParty = z.object({
  /** The member's public id (the members screen's). */
  id: z.string(),
  phone: z.string(),
  name: z.string(),
  bankCode: z.string(),
  bankAccountNo: z.string(),
  bankAccountName: z.string(),
  /** The address of the registration; null for members registered before it was recorded. */
  registrationIp: z.nullable(z.string()),
});

export const backofficeInviteReview = z.object({
  inviter: reviewParty,
  invitee: reviewParty,
  reasons: z.array(z.enum(INVITE_MATCHES)),
  status: z.enum(INVITE_REVIEW_STATUSES),
  currency: z.string(),
  /** Minor units: the invitee's accruals waiting on the decision, forfeited by a rejection, and collectable. */
  heldMinor: z.string(),
  forfeitedMinor: z.string(),
  openMinor: z.string(),
  heldAt: z.string(),
  decidedBy: z.nullable(z.string()),
  decidedAt: z.nullable(z.string()),
  /** The operator's note of a release (optional) or reason of a rejection. */
  note: z.nullable(z.string()),
});
export type BackofficeInviteReview = z.infer<typeof backofficeInviteReview>;

export const inviteReviewQuery = z.extend(pageQuery, { status: z.optional(z.enum(INVITE_REVIEW_STATUSES)) });
export type InviteReviewQuery = z.infer<typeof inviteReviewQuery>;
export const inviteReviewCsvQuery = z.object({ status: z.optional(z.enum(INVITE_REVIEW_STATUSES)) });
export type InviteReviewCsvQuery = z.infer<typeof inviteReviewCsvQuery>;
export const inviteReviewPage = z.object({ total: z.int(), reviews: z.array(backofficeInviteReview) });
export type InviteReviewPage = z.infer<typeof inviteReviewPage>;

export const inviteReviewReleaseRequest = z.object({
  note: z.optional(z.string().check(z.trim(), z.maxLength(200, { error: 'KEY_INVALID' }))),
});
export type InviteReviewReleaseRequest = z.infer<typeof inviteReviewReleaseRequest>;
export const inviteReviewRejectRequest = z.object({ reason: reasonText });
export type InviteReviewRejectRequest = z.infer<typeof inviteReviewRejectRequest>;

/** `changed`: false when the link was already so (a second release, a retried rejection). */
export const inviteReviewResponse = z.object({ review: backofficeInviteReview, changed: z.boolean() });
export type InviteReviewResponse = z.infer<typeof inviteReviewResponse>;
