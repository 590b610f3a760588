import { useSyncExternalStore } from 'react';

/**
 * The operator's token, in sessionStorage so that it dies with the tab, under a key of its own: the member
 * app on the same origin keeps the member's under `token`, and neither app may pick up the other's.
 */
export const OPERATOR_TOKEN_KEY = 'operatorToken';

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  return sessionStorage.getItem(OPERATOR_TOKEN_KEY);
}

export function storeToken(token: string): void {
  sessionStorage.setItem(OPERATOR_TOKEN_KEY, token);
  notify();
}

export function clearToken(): void {
  sessionStorage.removeItem(OPERATOR_TOKEN_KEY);
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether an operator is signed in; the guards render again when the token comes or goes. */
export function useSignedIn(): boolean {
  return useSyncExternalStore(subscribe, () => getToken() !== null);
}
