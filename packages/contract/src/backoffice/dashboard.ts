import { z } from 'zod/mini';
import { WITHDRAWAL_STATUSES } from '../wallet.ts';

/**
 * The server's periodic jobs (docs/operations.md, Jobs): each runs once per interval across all nodes. The
 * names are the keys of their rows, their queues and their `job` label in /metrics.
 */
export const JOB_NAMES = [
  'bank-feed-matcher',
  'qr-settler',
  'voucher-settler',
  'slip-retries',
  'withdrawal-settler',
  'refund-settler',
  'transfer-reconciler',
  'invite-accrual',
  'chat-upload-sweeper',
  'safer-play-watch',
] as const;
export type JobName = (typeof JOB_NAMES)[number];

/** One job as the nodes last ran it; times are ISO strings, null until it happened. */
export const dashboardJob = z.object({
  name: z.enum(JOB_NAMES),
  intervalMs: z.int(),
  lastStartedAt: z.nullable(z.string()),
  lastSuccessAt: z.nullable(z.string()),
  lastFailureAt: z.nullable(z.string()),
  /** The last failure's message, for the operator who calls an engineer. */
  lastError: z.nullable(z.string()),
  /** When the next pass is due (a failed pass's retry, else the next interval). */
  nextRunAt: z.nullable(z.string()),
  /** The node (host and process) that ran the last pass. */
  node: z.nullable(z.string()),
  /** Failed passes in a row: 0 after a success. */
  failuresInRow: z.int(),
  /** The next pass is overdue by more than an interval (at least a minute): no node is running the job. */
  late: z.boolean(),
});
export type DashboardJob = z.infer<typeof dashboardJob>;

/**
 * `GET /backoffice/api/dashboard`: the site's local day so far (deposits credited, withdrawals asked for, per
 * currency; amounts in minor units as strings), what waits for operators now, the members signed in, and the
 * ledger's drift check, which must read 0 and 0.
 */
export const dashboardResponse = z.object({
  day: z.object({ from: z.string(), timeZone: z.string() }),
  deposits: z.array(z.object({ currency: z.string(), count: z.int(), amountMinor: z.string() })),
  withdrawals: z.array(
    z.object({ currency: z.string(), status: z.enum(WITHDRAWAL_STATUSES), count: z.int(), amountMinor: z.string() }),
  ),
  pending: z.object({
    withdrawalsAwaitingReview: z.int(),
    withdrawalsInProgress: z.int(),
    slipsInProgress: z.int(),
    /** Refused slips whose transfer reached the operator, not reviewed yet. */
    slipsToReview: z.int(),
    unmatchedTransfers: z.int(),
    /** Manual adjustments waiting for a second operator. */
    adjustmentsAwaitingApproval: z.int(),
    /** Invite links held for review (self-referral matches) that no operator has released or rejected. */
    inviteLinksHeld: z.int(),
    /** Chat conversations with customer messages no operator has read (docs/chat.md). */
    chatsUnread: z.int(),
  }),
  membersSignedIn: z.int(),
  /**
   * Safer play now (issue 23): members with a deposit or loss limit in force, in a time-out, self-excluded (a
   * block counts until the account reopens), and open watch-list items.
   */
  saferPlay: z.object({
    membersWithLimit: z.int(),
    membersTimedOut: z.int(),
    membersSelfExcluded: z.int(),
    watchListOpen: z.int(),
  }),
  ledger: z.object({ drifts: z.int(), unbalancedEntries: z.int() }),
  /** The periodic jobs that have run at least once (on any node), in JOB_NAMES order. */
  jobs: z.array(dashboardJob),
});
export type DashboardResponse = z.infer<typeof dashboardResponse>;
