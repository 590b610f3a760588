import { z } from 'zod/mini';
import { pageQuery, reviewNote, reviewReason } from './common.ts';

/** Slips refused with a verified amount: `needed` waits for an operator, `done` was credited or dismissed. */
export const SLIP_REVIEW_FILTERS = ['needed', 'done'] as const;
export const SLIP_REVIEW_REASONS = ['NOT_MATCH', 'EXPIRED_SLIP'] as const;

export const slipReviewQuery = z.extend(pageQuery, {
  review: z.optional(z.enum(SLIP_REVIEW_FILTERS)),
  reason: z.optional(z.enum(SLIP_REVIEW_REASONS)),
});
export type SlipReviewQuery = z.infer<typeof slipReviewQuery>;
export const slipReviewCsvQuery = z.object({
  review: z.optional(z.enum(SLIP_REVIEW_FILTERS)),
  reason: z.optional(z.enum(SLIP_REVIEW_REASONS)),
});
export type SlipReviewCsvQuery = z.infer<typeof slipReviewCsvQuery>;

export const backofficeSlip = z.object({
  id: z.string(),
  member: z.object({ id: z.string(), phone: z.string(), name: z.string() }),
  reason: z.enum(SLIP_REVIEW_REASONS),
  amountMinor: z.string(),
  currency: z.nullable(z.string()),
  sendingBank: z.nullable(z.string()),
  reference: z.nullable(z.string()),
  /** A signed URL of the picture, valid a few minutes; null when the picture could not be stored. */
  pictureUrl: z.nullable(z.string()),
  review: z.nullable(z.enum(['credited', 'dismissed'])),
  reviewedBy: z.nullable(z.string()),
  reviewedAt: z.nullable(z.string()),
  reviewNote: z.nullable(z.string()),
  createdAt: z.string(),
});
export type BackofficeSlip = z.infer<typeof backofficeSlip>;

export const slipReviewPage = z.object({ total: z.int(), slips: z.array(backofficeSlip) });
export type SlipReviewPage = z.infer<typeof slipReviewPage>;

export const slipCreditRequest = z.object({ note: z.optional(reviewNote) });
export type SlipCreditRequest = z.infer<typeof slipCreditRequest>;
export const slipDismissRequest = z.object({ reason: reviewReason });
export type SlipDismissRequest = z.infer<typeof slipDismissRequest>;

export const slipReviewResponse = z.object({ slip: backofficeSlip, changed: z.boolean() });
export type SlipReviewResponse = z.infer<typeof slipReviewResponse>;
