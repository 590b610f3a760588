import type { WalletEventType } from '@member-wallet/contract/live';

/**
 * Money requests this tab has just made (docs/live.md, toasts), by the live event's type: noted by the call
 * itself, before it is sent, as the news can come before the answer. The screen that asked answers its own
 * request, so the live news of it (a withdrawal received, a transfer under way or done, a bonus received or
 * cancelled, a prize, refund or invite bonus taken) is not said again in a toast; the same news reaching the
 * member's other devices, or coming later (a transfer the reconciler settles), is.
 */
const OWN_REQUEST_MS = 30_000;

const madeAt = new Map<WalletEventType, number>();

export function noteOwnRequest(type: WalletEventType, now: number = Date.now()): void {
  madeAt.set(type, now);
}

export function isOwnRequest(type: WalletEventType, now: number = Date.now()): boolean {
  const at = madeAt.get(type);
  return at !== undefined && now - at >= 0 && now - at < OWN_REQUEST_MS;
}

/** Tests: a new page's state. */
export function forgetOwnRequests(): void {
  madeAt.clear();
}
