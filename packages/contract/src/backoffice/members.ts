import { z } from 'zod/mini';
import { pageQuery } from './common.ts';

// Members: search, detail, lock, password reset and export (docs/backoffice/members.md, Members).

/** `q`: a phone number (or its start), part of a name, or a bank account number (digits only, or its end). */
export const memberQuery = z.extend(pageQuery, {
  q: z.optional(z.string().check(z.trim(), z.maxLength(64, { error: 'KEY_INVALID' }))),
});
export type MemberQuery = z.infer<typeof memberQuery>;

export const MEMBER_STATUSES = ['active', 'inactive'] as const;

export const backofficeMember = z.object({
  /** The member's public id. */
  id: z.string(),
  phone: z.string(),
  name: z.string(),
  bank: z.object({ code: z.string(), accountNo: z.string(), accountName: z.string() }),
  currency: z.string(),
  status: z.enum(MEMBER_STATUSES),
  walletMinor: z.string(),
  createdAt: z.string(),
});
export type BackofficeMember = z.infer<typeof backofficeMember>;

export const memberPage = z.object({ total: z.int(), members: z.array(backofficeMember) });
export type MemberPage = z.infer<typeof memberPage>;

/** A member with what operators look at: game accounts, the latest ledger entries, slips and bonuses. */
export const memberDetail = z.object({
  member: backofficeMember,
  gameAccounts: z.array(
    z.object({ provider: z.string(), username: z.string(), status: z.string(), createdAt: z.string() }),
  ),
  /** The latest 50 entries touching the member's wallet, with the wallet's change (minor units, signed). */
  entries: z.array(
    z.object({
      id: z.string(),
      type: z.string(),
      status: z.string(),
      walletChangeMinor: z.string(),
      createdAt: z.string(),
    }),
  ),
  slips: z.array(
    z.object({
      id: z.string(),
      status: z.string(),
      note: z.nullable(z.string()),
      amountMinor: z.nullable(z.string()),
      createdAt: z.string(),
    }),
  ),
  bonuses: z.array(
    z.object({ code: z.string(), status: z.string(), amountMinor: z.string(), activatedAt: z.string() }),
  ),
});
export type MemberDetail = z.infer<typeof memberDetail>;

/** Why a member is locked, for the audit log: 3 to 200 characters. */
export const memberLockRequest = z.object({
  reason: z
    .string()
    .check(z.trim(), z.minLength(3, { error: 'KEY_INVALID' }), z.maxLength(200, { error: 'KEY_INVALID' })),
});

/** The answer of lock and unlock: the member now; `changed` false when it was already in that state. */
export const memberStatusResponse = z.object({ member: backofficeMember, changed: z.boolean() });
export type MemberStatusResponse = z.infer<typeof memberStatusResponse>;

/** A new password, shown to the operator once to hand to the member; every session of the member ends. */
export const memberPasswordResetResponse = z.object({ temporaryPassword: z.string() });
/** The member search's CSV export: the list's `q`, without pages. */
export const memberCsvQuery = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(64, { error: 'KEY_INVALID' }))),
});
export type MemberCsvQuery = z.infer<typeof memberCsvQuery>;

/**
 * A stored bank account that does not fit its bank's length (bank-account-no.ts), stored before the length was
 * checked (issue 39, finding 3): a member's (`id` their public id) or an operator's deposit channel (`id` its id).
 * `min`/`max`: the digits the bank takes. `sameDigitsAs`: the public ids of members of the bank whose number
 * equals this one but for zeros before it (the real account a padded number copies).
 */
export const bankAccountToCheck = z.object({
  holder: z.enum(['member', 'deposit_channel']),
  id: z.string(),
  bankCode: z.string(),
  accountNo: z.string(),
  min: z.int(),
  max: z.int(),
  sameDigitsAs: z.array(z.string()),
  createdAt: z.string(),
});
export type BankAccountToCheck = z.infer<typeof bankAccountToCheck>;

/** `GET bankAccountsToCheck`: oldest first, at most `limit` (500); `total` counts them all. */
export const bankAccountsToCheck = z.object({ total: z.int(), accounts: z.array(bankAccountToCheck) });
export type BankAccountsToCheck = z.infer<typeof bankAccountsToCheck>;
