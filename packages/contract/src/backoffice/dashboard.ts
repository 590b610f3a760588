import { z } from 'zod/mini';
import { WITHDRAWAL_STATUSES } from '../wallet.ts';

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
  ledger: z.object({ drifts: z.int(), unbalancedEntries: z.int() }),
});
export type DashboardResponse = z.infer<typeof dashboardResponse>;
