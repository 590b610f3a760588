import { z } from 'zod/mini';
import { BLOCK_KINDS } from '../safer-play.ts';
import { pageQuery } from './common.ts';

/**
 * Accounts found alike, "possible same person" (docs/accounts.md, One person behind the accounts;
 * docs/backoffice/person-matches.md). What was seen: the same holder name (titles, spellings, Thai and Latin
 * letters), the same account number at any bank, one device, one registration address.
 */
export const PERSON_SIGNALS = ['name', 'bank_account', 'device', 'ip'] as const;
export type PersonSignal = (typeof PERSON_SIGNALS)[number];

/** `open`: waits for an operator; `linked`: one person (by the server or an operator); `dismissed`: two people. */
export const PERSON_MATCH_STATUSES = ['open', 'linked', 'dismissed'] as const;
export type PersonMatchStatus = (typeof PERSON_MATCH_STATUSES)[number];

const matchedAccount = z.object({
  /** The member's public id (the members screen's). */
  id: z.string(),
  phone: z.string(),
  bankCode: z.string(),
  bankAccountNo: z.string(),
  bankAccountName: z.string(),
  registrationIp: z.nullable(z.string()),
  /** The account's own block while in force (ended but not reopened included); null: none. */
  block: z.nullable(z.enum(BLOCK_KINDS)),
});

export const backofficePersonMatch = z.object({
  id: z.string(),
  /** The newer account, and the one it was found alike. */
  member: matchedAccount,
  other: matchedAccount,
  signals: z.array(z.enum(PERSON_SIGNALS)),
  status: z.enum(PERSON_MATCH_STATUSES),
  foundAt: z.string(),
  /** The operator's username; null while open or when the server linked the accounts itself. */
  decidedBy: z.nullable(z.string()),
  decidedAt: z.nullable(z.string()),
  note: z.nullable(z.string()),
});
export type BackofficePersonMatch = z.infer<typeof backofficePersonMatch>;

export const personMatchQuery = z.extend(pageQuery, { status: z.optional(z.enum(PERSON_MATCH_STATUSES)) });
export type PersonMatchQuery = z.infer<typeof personMatchQuery>;
export const personMatchCsvQuery = z.object({ status: z.optional(z.enum(PERSON_MATCH_STATUSES)) });
export type PersonMatchCsvQuery = z.infer<typeof personMatchCsvQuery>;
export const personMatchPage = z.object({ total: z.int(), matches: z.array(backofficePersonMatch) });
export type PersonMatchPage = z.infer<typeof personMatchPage>;

/** The operator's decision on an open match: one person (`link`) or two (`dismiss`), with an optional note. */
export const personMatchDecision = z.object({
  decision: z.enum(['link', 'dismiss']),
  note: z.optional(z.string().check(z.trim(), z.maxLength(200, { error: 'KEY_INVALID' }))),
});
export type PersonMatchDecision = z.infer<typeof personMatchDecision>;

export const personMatchResponse = z.object({ match: backofficePersonMatch, changed: z.boolean() });
export type PersonMatchResponse = z.infer<typeof personMatchResponse>;
