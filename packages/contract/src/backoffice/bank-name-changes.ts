import { z } from 'zod/mini';
import { pageQuery, reasonText } from './common.ts';

/**
 * Bank account name changes waiting for an operator (docs/backoffice/bank-name-changes.md): a member asked for a
 * name that is not the registered one spelt differently (docs/accounts.md), so nothing changed. `pending` until an
 * operator decides; `approved`: the member's account name is now `nameTo`; `rejected`: it stays `nameFrom`.
 */
export const BANK_NAME_CHANGE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type BankNameChangeStatus = (typeof BANK_NAME_CHANGE_STATUSES)[number];

export const backofficeBankNameChange = z.object({
  /** The request's id, for approve and reject. */
  id: z.string(),
  member: z.object({
    /** The member's public id (the members screen's). */
    id: z.string(),
    phone: z.string(),
    name: z.string(),
    bankCode: z.string(),
    bankAccountNo: z.string(),
    /** The account name the member holds now. */
    bankAccountName: z.string(),
  }),
  bankCode: z.string(),
  nameFrom: z.string(),
  nameTo: z.string(),
  status: z.enum(BANK_NAME_CHANGE_STATUSES),
  requestedAt: z.string(),
  decidedBy: z.nullable(z.string()),
  decidedAt: z.nullable(z.string()),
  /** The operator's note of an approval (optional) or reason of a rejection. */
  reason: z.nullable(z.string()),
});
export type BackofficeBankNameChange = z.infer<typeof backofficeBankNameChange>;

export const bankNameChangeQuery = z.extend(pageQuery, { status: z.optional(z.enum(BANK_NAME_CHANGE_STATUSES)) });
export type BankNameChangeQuery = z.infer<typeof bankNameChangeQuery>;
export const bankNameChangeCsvQuery = z.object({ status: z.optional(z.enum(BANK_NAME_CHANGE_STATUSES)) });
export type BankNameChangeCsvQuery = z.infer<typeof bankNameChangeCsvQuery>;
export const bankNameChangePage = z.object({ total: z.int(), requests: z.array(backofficeBankNameChange) });
export type BankNameChangePage = z.infer<typeof bankNameChangePage>;

export const bankNameChangeApproveRequest = z.object({
  note: z.optional(z.string().check(z.trim(), z.maxLength(200, { error: 'KEY_INVALID' }))),
});
export type BankNameChangeApproveRequest = z.infer<typeof bankNameChangeApproveRequest>;
export const bankNameChangeRejectRequest = z.object({ reason: reasonText });
export type BankNameChangeRejectRequest = z.infer<typeof bankNameChangeRejectRequest>;

/** `changed`: false when the request was already so decided (a second approval, a retried rejection). */
export const bankNameChangeResponse = z.object({ request: backofficeBankNameChange, changed: z.boolean() });
export type BankNameChangeResponse = z.infer<typeof bankNameChangeResponse>;
