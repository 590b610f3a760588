import { z } from 'zod/mini';
import { STATEMENT_TYPES, STATUSES } from './statuses.ts';

/**
 * The member's statement (spec sections 3 and 7, Statement): one row per thing the member did or received,
 * newest first. Amounts are signed numbers in the currency's major unit, seen from the main wallet: money in
 * is positive, money out negative.
 */

/** `POST /api/statement` body. `page` counts from 1. */
export const statementRequest = z.object({
  page: z.int().check(z.minimum(1), z.maximum(100_000)),
  limit: z.int().check(z.minimum(1), z.maximum(50)),
});
export type StatementRequest = z.infer<typeof statementRequest>;

/** The optional description source of a row: at most one of these (spec section 3). */
export const STATEMENT_SOURCES = ['bonus', 'promotion', 'invite', 'refund', 'luckydraw'] as const;
export type StatementSource = (typeof STATEMENT_SOURCES)[number];

const described = z.optional(z.object({ description: z.string() }));

export const statementItem = z.object({
  /** Stable id of the row (the ledger entry's), for React keys and support. */
  id: z.string(),
  statementType: z.enum(STATEMENT_TYPES),
  status: z.enum(STATUSES),
  /** `wallet`, a slot code, or the outside party (a bank code, a QR provider, `truemoney`). */
  from: z.string(),
  to: z.string(),
  amount: z.number(),
  /** ISO 8601 date-time. */
  createdAt: z.string(),
  bonus: described,
  promotion: described,
  invite: described,
  refund: described,
  luckydraw: described,
});
export type StatementItem = z.infer<typeof statementItem>;

export const statementResponse = z.object({
  total: z.int(),
  statements: z.array(statementItem),
});
export type StatementResponse = z.infer<typeof statementResponse>;
