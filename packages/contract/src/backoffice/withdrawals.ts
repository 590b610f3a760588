import { z } from 'zod/mini';
import { WITHDRAWAL_STATUSES } from '../wallet.ts';
import { pageQuery } from './common.ts';

/**
 * Operators' review of withdrawals: `auto` (at most the auto-approve amount, paid without review), `awaiting`
 * (held until an operator decides), `approved` (then paid), `rejected` (the money returned to the wallet).
 */
export const WITHDRAWAL_REVIEWS = ['auto', 'awaiting', 'approved', 'rejected'] as const;
export type WithdrawalReviewState = (typeof WITHDRAWAL_REVIEWS)[number];

export const withdrawalQuery = z.extend(pageQuery, {
  review: z.optional(z.enum(WITHDRAWAL_REVIEWS)),
  status: z.optional(z.enum(WITHDRAWAL_STATUSES)),
});
export type WithdrawalQuery = z.infer<typeof withdrawalQuery>;

/** The CSV export takes the list's filters, without pages: every matching withdrawal. */
export const withdrawalCsvQuery = z.object({
  review: z.optional(z.enum(WITHDRAWAL_REVIEWS)),
  status: z.optional(z.enum(WITHDRAWAL_STATUSES)),
});
export type WithdrawalCsvQuery = z.infer<typeof withdrawalCsvQuery>;

/** Amounts are strings of minor units here: operators see exact figures, and CSV exports carry them as they are. */
export const backofficeWithdrawal = z.object({
  id: z.string(),
  member: z.object({ id: z.string(), phone: z.string(), name: z.string() }),
  amountMinor: z.string(),
  currency: z.string(),
  bank: z.object({ code: z.string(), accountNo: z.string(), accountName: z.string() }),
  status: z.enum(WITHDRAWAL_STATUSES),
  review: z.enum(WITHDRAWAL_REVIEWS),
  failureReason: z.nullable(z.string()),
  reviewedBy: z.nullable(z.string()),
  reviewedAt: z.nullable(z.string()),
  createdAt: z.string(),
});
export type BackofficeWithdrawal = z.infer<typeof backofficeWithdrawal>;

export const withdrawalPage = z.object({ total: z.int(), withdrawals: z.array(backofficeWithdrawal) });
export type WithdrawalPage = z.infer<typeof withdrawalPage>;

/** The member reads the reason: plain words, 3 to 200 characters. */
export const withdrawalRejectRequest = z.object({
  reason: z
    .string()
    .check(z.trim(), z.minLength(3, { error: 'KEY_INVALID' }), z.maxLength(200, { error: 'KEY_INVALID' })),
});
export type WithdrawalRejectRequest = z.infer<typeof withdrawalRejectRequest>;

export const withdrawalReviewResponse = z.object({ withdrawal: backofficeWithdrawal, changed: z.boolean() });
export type WithdrawalReviewResponse = z.infer<typeof withdrawalReviewResponse>;
