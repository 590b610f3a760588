import { z } from 'zod/mini';
import { FIELD_LIMITS } from '../field-limits.ts';
import { pageQuery, reviewNote, reviewReason } from './common.ts';

/** Bank transfers in suspense (docs/backoffice/deposits.md): `open` waits for an operator, `settled` was assigned or refunded. */
export const BANK_TRANSFER_FILTERS = ['open', 'refunding', 'settled'] as const;
export type BankTransferFilter = (typeof BANK_TRANSFER_FILTERS)[number];

export const bankTransferQuery = z.extend(pageQuery, { status: z.optional(z.enum(BANK_TRANSFER_FILTERS)) });
export type BankTransferQuery = z.infer<typeof bankTransferQuery>;
export const bankTransferCsvQuery = z.object({ status: z.optional(z.enum(BANK_TRANSFER_FILTERS)) });
export type BankTransferCsvQuery = z.infer<typeof bankTransferCsvQuery>;

/**
 * Why the matcher put a transfer in suspense (docs/deposits/bank-transfers.md, Matching rule), or held it for the
 * matched member's own deposit limit, time-out or self-exclusion (docs/safer-play.md): never credited, returned.
 */
export const UNMATCHED_REASONS = [
  'no_member',
  'several_members',
  'member_inactive',
  'currency_differs',
  'deposit_limit',
  'timed_out',
  'self_excluded',
] as const;

export const backofficeBankTransfer = z.object({
  id: z.string(),
  reference: z.string(),
  reason: z.nullable(z.enum(UNMATCHED_REASONS)),
  sender: z.object({ bankCode: z.string(), accountNo: z.string() }),
  operatorAccountNo: z.string(),
  amountMinor: z.string(),
  currency: z.string(),
  transferredAt: z.string(),
  /** `open`; `refunding` while the payout party has the refund; `settled` once assigned or refunded. */
  state: z.enum(BANK_TRANSFER_FILTERS),
  settledAs: z.nullable(z.enum(['assign', 'refund'])),
  settledBy: z.nullable(z.string()),
  settledAt: z.nullable(z.string()),
  member: z.nullable(z.object({ id: z.string(), phone: z.string(), name: z.string() })),
  /** The member a held transfer was for (reasons deposit_limit, timed_out, self_excluded); null otherwise. */
  heldFor: z.nullable(z.object({ id: z.string(), phone: z.string(), name: z.string() })),
  note: z.nullable(z.string()),
  refundAttempts: z.int(),
  createdAt: z.string(),
});
export type BackofficeBankTransfer = z.infer<typeof backofficeBankTransfer>;

export const bankTransferPage = z.object({ total: z.int(), transfers: z.array(backofficeBankTransfer) });
export type BankTransferPage = z.infer<typeof bankTransferPage>;

/** `memberId` is the member's public id (as `GET /backoffice/api/members` answers it). */
export const bankTransferAssignRequest = z.object({
  memberId: z.string().check(z.minLength(1, { error: 'KEY_MISSING' }), z.maxLength(64, { error: 'KEY_INVALID' })),
  note: z.optional(reviewNote),
});
export type BankTransferAssignRequest = z.infer<typeof bankTransferAssignRequest>;
/**
 * `accountNo`: the sender's whole account, needed when the bank showed the sender masked (`xxx-x-x0209-x`);
 * written any way (spaces, dashes, Thai or full-width digits: bank-account-no.ts), it must have the sender bank's
 * length and fit every digit shown. Absent: KEY_MISSING; another length: BANK_ACCOUNT_NO_LENGTH; not fitting or not
 * a number: KEY_INVALID.
 */
export const bankTransferRefundRequest = z.object({
  reason: reviewReason,
  accountNo: z.optional(z.string().check(z.maxLength(FIELD_LIMITS.bankAccountNoInputMax, { error: 'KEY_INVALID' }))),
});
export type BankTransferRefundRequest = z.infer<typeof bankTransferRefundRequest>;

export const bankTransferSettleResponse = z.object({ transfer: backofficeBankTransfer, changed: z.boolean() });
export type BankTransferSettleResponse = z.infer<typeof bankTransferSettleResponse>;
