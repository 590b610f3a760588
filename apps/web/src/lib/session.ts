import { STORAGE_KEYS } from '@member-wallet/contract/constants';

/**
 * The session token lives in localStorage when the member asked to be remembered, otherwise in
 * sessionStorage so that it dies with the tab. A stored token means logged in (spec section 4).
 */
export function getToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.token) ?? sessionStorage.getItem(STORAGE_KEYS.token);
}

export function hasToken(): boolean {
  return getToken() !== null;
}

/**
 * Marks a stored token as a limited session (a sign-in refused for a time-out or self-exclusion): it reaches only
 * the wallet's balance and withdrawals, the block's status, reopening and logout, so the member pages are not
 * for it. Kept beside the token, in the same storage, and dropped with it.
 */
const LIMITED_KEY = 'token_limited';

/** True when the stored token is a limited session. */
export function isLimitedSession(): boolean {
  return hasToken() && (localStorage.getItem(LIMITED_KEY) ?? sessionStorage.getItem(LIMITED_KEY)) !== null;
}

/** Stores a limited session for this tab only: it lasts minutes, and is for withdrawing and reopening. */
export function storeLimitedToken(token: string): void {
  clearSession();
  sessionStorage.setItem(STORAGE_KEYS.token, token);
  sessionStorage.setItem(LIMITED_KEY, '1');
}

export function storeToken(token: string, remember: boolean): void {
  clearSession();
  (remember ? localStorage : sessionStorage).setItem(STORAGE_KEYS.token, token);
}

/** Drops the session values from both storages; the locale and the inviter code are not session values. */
export function clearSession(): void {
  for (const storage of [localStorage, sessionStorage]) {
    storage.removeItem(STORAGE_KEYS.token);
    storage.removeItem(STORAGE_KEYS.lastSync);
    storage.removeItem(LIMITED_KEY);
  }
}
