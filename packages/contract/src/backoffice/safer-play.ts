import { z } from 'zod/mini';
import { blockView, LIMIT_KINDS, LIMIT_PERIODS } from '../safer-play.ts';
import { pageQuery } from './common.ts';

/**
 * Safer play as operators see it (issue 23, Operator side): a member's limits, reality check, block and history,
 * read-only (no operator may raise a limit or lift a block, by design), and the watch list the watch rules raise.
 * Amounts are minor units as strings, like the rest of the operators' API.
 */

/** The member's history: one page of `safer_play_events`, newest first. */
export const memberSaferPlayQuery = pageQuery;
export type MemberSaferPlayQuery = z.infer<typeof memberSaferPlayQuery>;

/** What the member did: set a limit, a reality check, a time-out, a self-exclusion, or asked to reopen. */
export const SAFER_PLAY_ACTIONS = ['limit', 'reality_check', 'timeout', 'self_exclusion', 'reopen_requested'] as const;

export const backofficeLimit = z.object({
  kind: z.enum(LIMIT_KINDS),
  period: z.enum(LIMIT_PERIODS),
  /** The limit in force now; null: none. */
  amountMinor: z.nullable(z.string()),
  /** A raise or removal waiting for its cooling-off: the amount it becomes (null: none) and from when. */
  pending: z.nullable(z.object({ amountMinor: z.nullable(z.string()), from: z.string() })),
});
export type BackofficeLimit = z.infer<typeof backofficeLimit>;

/** The block in force, as the member sees it (safer-play.ts). */
export const backofficeBlock = blockView;
export type BackofficeBlock = z.infer<typeof backofficeBlock>;

export const saferPlayEvent = z.object({
  id: z.string(),
  /** One of SAFER_PLAY_ACTIONS (a later version may add more). */
  action: z.string(),
  /** What changed, as the member's side recorded it (limit amounts in minor units as strings). */
  detail: z.record(z.string(), z.unknown()),
  at: z.string(),
});
export type SaferPlayEvent = z.infer<typeof saferPlayEvent>;

/** `GET /backoffice/api/members/:id/safer-play`: every role reads it; nothing here can be changed by an operator. */
export const memberSaferPlayResponse = z.object({
  currency: z.string(),
  /** Every kind and period, set or not (deposit then loss; day, week, month). */
  limits: z.array(backofficeLimit),
  /** Minutes between reality checks; null: off. */
  realityCheckMinutes: z.nullable(z.int()),
  /** The time-out or self-exclusion keeping the account closed now; null: none. */
  block: z.nullable(backofficeBlock),
  history: z.object({ total: z.int(), events: z.array(saferPlayEvent) }),
});
export type MemberSaferPlayResponse = z.infer<typeof memberSaferPlayResponse>;

/**
 * The watch rules (docs in the server's watch-list rules): `deposit_surge` deposits of the last 24 hours at least 3
 * times the daily average of the 30 days before and at least 10,000 (major units); `chasing_losses` 3 or more
 * deposits each within 30 minutes after a transfer into a game, in 24 hours; `night_play` transfers into games
 * between 02:00 and 05:00 site time on 3 or more of the last 7 nights.
 */
export const WATCH_RULES = ['deposit_surge', 'chasing_losses', 'night_play'] as const;
export type WatchRule = (typeof WATCH_RULES)[number];
export const WATCH_STATES = ['open', 'closed'] as const;
export type WatchState = (typeof WATCH_STATES)[number];

export const watchListQuery = z.extend(pageQuery, { state: z._default(z.enum(WATCH_STATES), 'open') });
export type WatchListQuery = z.infer<typeof watchListQuery>;

export const watchItem = z.object({
  id: z.string(),
  member: z.object({ id: z.string(), phone: z.string(), name: z.string() }),
  rule: z.string(),
  /** The figures the rule saw (minor units as strings). */
  detail: z.record(z.string(), z.unknown()),
  raisedAt: z.string(),
  state: z.enum(WATCH_STATES),
  note: z.nullable(z.string()),
  closedBy: z.nullable(z.string()),
  closedAt: z.nullable(z.string()),
});
export type WatchItem = z.infer<typeof watchItem>;

export const watchListPage = z.object({ total: z.int(), items: z.array(watchItem) });
export type WatchListPage = z.infer<typeof watchListPage>;

/** Closing an item: what the operator did or found, 3 to 500 characters (kept on the item and in the audit log). */
export const watchCloseRequest = z.object({
  note: z
    .string()
    .check(z.trim(), z.minLength(3, { error: 'KEY_INVALID' }), z.maxLength(500, { error: 'KEY_INVALID' })),
});
export type WatchCloseRequest = z.infer<typeof watchCloseRequest>;

/** `changed`: false when the item was already closed (a retry); the note of the first close stays. */
export const watchCloseResponse = z.object({ item: watchItem, changed: z.boolean() });
export type WatchCloseResponse = z.infer<typeof watchCloseResponse>;
