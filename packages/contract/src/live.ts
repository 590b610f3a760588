import { z } from 'zod/mini';
import { STATEMENT_TYPES, STATUSES } from './statuses.ts';

/**
 * Live money (docs/live.md): the server tells a member's open apps, over Socket.IO, whenever their money or a
 * request of theirs changes, so balances, the pending withdrawals, the statement and the slips update in place.
 */

/** The Socket.IO namespace of live events, on the chat's socket path (`/socket.io`); a member's token only. */
export const LIVE_NAMESPACE = '/member';
export const LIVE_EVENTS = { wallet: 'wallet' } as const;
/** The server's Socket.IO path (the chat's): live events always come from the app's own origin. */
export const LIVE_SOCKET_PATH = '/socket.io';

/** The handshake's `auth` of the live namespace: the member's session token. */
export const liveSocketAuth = z.object({ token: z.string().check(z.minLength(1), z.maxLength(200)) });
export type LiveSocketAuth = z.infer<typeof liveSocketAuth>;

/** What moved: the statement's kinds, and the credits the statement lists under them (adjustment, refund...). */
export const WALLET_EVENT_TYPES = [...STATEMENT_TYPES, 'adjustment', 'refund', 'invite', 'spin'] as const;
export type WalletEventType = (typeof WALLET_EVENT_TYPES)[number];

/**
 * The `wallet` event: one ledger entry of the member's that committed (or a request of theirs that changed).
 * `amount` is the change of the main wallet in the major unit (negative: money out, 0: a request settled
 * without moving the wallet, such as a withdrawal paid); `balance` the wallet after it; `reference` the
 * statement row's id (`statementItem.id`); `status` the row's status now.
 */
export const walletEvent = z.object({
  type: z.enum(WALLET_EVENT_TYPES),
  status: z.enum(STATUSES),
  amount: z.number(),
  balance: z.number(),
  currency: z.string(),
  reference: z.string(),
});
export type WalletEvent = z.infer<typeof walletEvent>;
