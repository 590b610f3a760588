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

export function storeToken(token: string, remember: boolean): void {
  clearSession();
  (remember ? localStorage : sessionStorage).setItem(STORAGE_KEYS.token, token);
}

/** Drops the session values from both storages; the locale and the inviter code are not session values. */
export function clearSession(): void {
  for (const storage of [localStorage, sessionStorage]) {
    storage.removeItem(STORAGE_KEYS.token);
    storage.removeItem(STORAGE_KEYS.lastSync);
  }
}
