import { z } from 'zod/mini';
import { AMOUNT_MAX, isAmount } from './money.ts';

/**
 * Safer play (issue 23, docs/safer-play.md): the limits a member sets on deposits and losses, the reality check,
 * time-outs and self-exclusion, and the activity statement. Amounts are numbers in the currency's major unit,
 * like every other call; periods are the site's local calendar day, week (Monday 00:00) and month.
 */

export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];
export const LIMIT_KINDS = ['deposit', 'loss'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];

/** A raise or a removal waits this long before it applies; a lowering applies at once. */
export const LIMIT_COOLING_OFF_HOURS = 24;
/** Reality check intervals a member may choose (minutes); null or 0 turns it off (the default). */
export const REALITY_CHECK_MINUTES = [30, 60, 120] as const;
/** Time-out lengths (days) and self-exclusion lengths (months; 0 is permanent). */
export const TIMEOUT_DAYS = [1, 7, 30] as const;
export const SELF_EXCLUSION_MONTHS = [6, 12, 60, 0] as const;
/** After a time-out or exclusion has ended, the account reopens this long after the member asks. */
export const REOPEN_WAIT_HOURS = 24;

/** One limit in a request: an amount above 0 with at most 2 decimals, or null for none. */
const limitAmount = z.nullable(
  z
    .number({ error: (issue) => (issue.input === undefined ? 'KEY_MISSING' : 'KEY_INVALID') })
    .check(z.refine((value) => value > 0 && value <= AMOUNT_MAX && isAmount(value), { error: 'KEY_INVALID' })),
);
const periodLimits = z.object({ day: limitAmount, week: limitAmount, month: limitAmount });

/** `PUT /api/rg/limits`. When two periods are both set, the longer may not be below the shorter. */
export const limitsRequest = z.object({ deposit: periodLimits, loss: periodLimits });
export type LimitsRequest = z.infer<typeof limitsRequest>;

/** One limit as it stands. */
export const limitView = z.object({
  /** The limit in force now; null: none. */
  amount: z.nullable(z.number()),
  /** What the period has counted so far (deposits credited, or net losses). */
  used: z.number(),
  /** What is left before the limit; null when there is none. */
  left: z.nullable(z.number()),
  /** A raise or removal waiting for its cooling-off to end: the amount it becomes (null: none) and when. */
  pending: z.nullable(z.object({ amount: z.nullable(z.number()), from: z.string() })),
});
export type LimitView = z.infer<typeof limitView>;

const periodViews = z.object({ day: limitView, week: limitView, month: limitView });

/**
 * `GET` and `PUT /api/rg/limits`. `message` of a PUT: `SUCCESS` when everything applied at once,
 * `LIMIT_COOLING_OFF` when a raise or removal waits (its `pending` says until when).
 */
export const limitsResponse = z.object({
  message: z.enum(['SUCCESS', 'LIMIT_COOLING_OFF']),
  currency: z.string(),
  deposit: periodViews,
  loss: periodViews,
});
export type LimitsResponse = z.infer<typeof limitsResponse>;

/** `PUT /api/rg/reality-check`: one of REALITY_CHECK_MINUTES, or null / 0 for off. */
export const realityCheckRequest = z.object({
  minutes: z.nullable(
    z.int().check(
      z.refine((value) => value === 0 || (REALITY_CHECK_MINUTES as readonly number[]).includes(value), {
        error: 'KEY_INVALID',
      }),
    ),
  ),
});
export type RealityCheckRequest = z.infer<typeof realityCheckRequest>;

export const BLOCK_KINDS = ['timeout', 'self_exclusion'] as const;
export type BlockKind = (typeof BLOCK_KINDS)[number];

/** A time-out or self-exclusion as it stands. */
export const blockView = z.object({
  kind: z.enum(BLOCK_KINDS),
  startedAt: z.string(),
  /** When it ends; null: permanent. */
  endsAt: z.nullable(z.string()),
  /** Whether it has ended (the account is still closed until it reopens). */
  ended: z.boolean(),
  /** When the member asked to reopen, and when the account reopens (24 hours after the ask). */
  reopenRequestedAt: z.nullable(z.string()),
  reopensAt: z.nullable(z.string()),
});
export type BlockView = z.infer<typeof blockView>;

/** `GET /api/rg/status`: what the reality check and the limited screen read. */
export const statusResponse = z.object({
  currency: z.string(),
  realityCheckMinutes: z.nullable(z.number()),
  block: z.nullable(blockView),
  /** The current session: when it began, and its net result (money back from games minus money into them). */
  session: z.object({ startedAt: z.string(), netResult: z.number() }),
});
export type StatusResponse = z.infer<typeof statusResponse>;

/** `POST /api/rg/timeout`. */
export const timeoutRequest = z.object({
  days: z
    .int()
    .check(z.refine((value) => (TIMEOUT_DAYS as readonly number[]).includes(value), { error: 'KEY_INVALID' })),
});
export type TimeoutRequest = z.infer<typeof timeoutRequest>;

/** `POST /api/rg/self-exclusion`: months, 0 for permanent. */
export const selfExclusionRequest = z.object({
  months: z
    .int()
    .check(z.refine((value) => (SELF_EXCLUSION_MONTHS as readonly number[]).includes(value), { error: 'KEY_INVALID' })),
});
export type SelfExclusionRequest = z.infer<typeof selfExclusionRequest>;

/** The answer of a time-out, a self-exclusion and a reopening request: the block as it now stands. */
export const blockResponse = z.object({ message: z.literal('SUCCESS'), block: blockView });
export type BlockResponse = z.infer<typeof blockResponse>;

/** One month of the activity statement (the site's local calendar month, `YYYY-MM`). */
export const activityMonth = z.object({
  month: z.string(),
  deposits: z.number(),
  withdrawals: z.number(),
  /** Money back from game accounts minus money into them: negative when the member lost. */
  netResult: z.number(),
  /** Time logged in, in minutes. */
  minutesLoggedIn: z.number(),
});
export type ActivityMonth = z.infer<typeof activityMonth>;

/** `GET /api/rg/activity`: the last 12 months, newest first. */
export const activityResponse = z.object({ currency: z.string(), months: z.array(activityMonth) });
export type ActivityResponse = z.infer<typeof activityResponse>;

/**
 * A refused login of a member in a time-out or self-exclusion (`TIMED_OUT` / `SELF_EXCLUDED`, 403) carries, beside
 * `detail` (when the block ends, an ISO instant; absent when permanent), a limited session of 30 minutes: its
 * token reaches only `GET /api/wallet`, `POST /api/wallet/transferAll` to the wallet, the withdrawals (`POST
 * /api/wallet/withdraw`, `withdrawAll`, `GET /api/wallet/withdrawals/pending`), `GET /api/account/profile`,
 * `GET /api/rg/status`, `GET /api/rg/activity`, `POST /api/rg/reopen` and logout; every other call answers the
 * block's code.
 */
export const limitedSession = z.object({ token: z.string(), expiresAt: z.string() });
export type LimitedSession = z.infer<typeof limitedSession>;
