import { z } from 'zod/mini';
import { pageQuery, reasonText } from './common.ts';

/**
 * Manual adjustments (docs/backoffice/members.md): `awaiting` a second operator's approval (no money moved), `applied`
 * (a ledger entry moved it), `rejected` (by the second operator, with a reason; no money moved).
 */
export const ADJUSTMENT_STATUSES = ['awaiting', 'applied', 'rejected'] as const;
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number];

/** Signed minor units, never zero: up to 15 digits (a debit starts with `-`). */
export const ADJUSTMENT_AMOUNT = /^-?[1-9]\d{0,14}$/;

/**
 * The end terms of an adjustment paid as a bonus (docs/backoffice/members.md, Manual adjustments), within a bonus
 * definition's limits: winnings since it was applied must exceed `winMultiple` times it, and cancelling it earlier
 * takes back `percentFail` % of it.
 */
export const adjustmentBonusTerms = z.object({
  winMultiple: z.int().check(z.minimum(0, { error: 'KEY_INVALID' }), z.maximum(1000, { error: 'KEY_INVALID' })),
  percentFail: z.int().check(z.minimum(0, { error: 'KEY_INVALID' }), z.maximum(100, { error: 'KEY_INVALID' })),
});
export type AdjustmentBonusTerms = z.infer<typeof adjustmentBonusTerms>;

/**
 * `requestId`: made by the client for this adjustment (a UUID) and sent again on a retry; the retry answers
 * the first request and moves nothing twice. `amountMinor`: credit > 0, debit < 0, in the member's currency.
 * `asBonus`: a credit paid as a bonus with these terms; absent or null, the adjustment is cash. A debit cannot be
 * a bonus (`KEY_INVALID` on `asBonus`).
 */
export const adjustmentRequest = z
  .object({
    requestId: z.string().check(z.regex(/^[A-Za-z0-9-]{8,64}$/, { error: 'KEY_INVALID' })),
    amountMinor: z.string().check(z.regex(ADJUSTMENT_AMOUNT, { error: 'KEY_INVALID' })),
    reason: reasonText,
    asBonus: z.optional(z.nullable(adjustmentBonusTerms)),
  })
  .check(
    z.refine((value) => !value.asBonus || !value.amountMinor.startsWith('-'), {
      error: 'KEY_INVALID',
      path: ['asBonus'],
    }),
  );
export type AdjustmentRequest = z.infer<typeof adjustmentRequest>;

export const backofficeAdjustment = z.object({
  id: z.string(),
  member: z.object({ id: z.string(), phone: z.string(), name: z.string() }),
  currency: z.string(),
  amountMinor: z.string(),
  reason: z.string(),
  status: z.enum(ADJUSTMENT_STATUSES),
  requestedBy: z.string(),
  requestedAt: z.string(),
  reviewedBy: z.nullable(z.string()),
  reviewedAt: z.nullable(z.string()),
  reviewReason: z.nullable(z.string()),
  /** The ledger entry, once applied. */
  entryId: z.nullable(z.string()),
  /** Paid as a bonus with these terms; null: cash. */
  asBonus: z.nullable(z.object({ winMultiple: z.int(), percentFail: z.int() })),
});
export type BackofficeAdjustment = z.infer<typeof backofficeAdjustment>;

/** `changed`: false when the call found it already so (a retried request, a second approval). */
export const adjustmentResponse = z.object({ adjustment: backofficeAdjustment, changed: z.boolean() });
export type AdjustmentResponse = z.infer<typeof adjustmentResponse>;

export const adjustmentQuery = z.extend(pageQuery, { status: z.optional(z.enum(ADJUSTMENT_STATUSES)) });
export type AdjustmentQuery = z.infer<typeof adjustmentQuery>;

export const adjustmentCsvQuery = z.object({ status: z.optional(z.enum(ADJUSTMENT_STATUSES)) });
export type AdjustmentCsvQuery = z.infer<typeof adjustmentCsvQuery>;

export const adjustmentPage = z.object({ total: z.int(), adjustments: z.array(backofficeAdjustment) });
export type AdjustmentPage = z.infer<typeof adjustmentPage>;

export const adjustmentRejectRequest = z.object({ reason: reasonText });
export type AdjustmentRejectRequest = z.infer<typeof adjustmentRejectRequest>;
