import { useRef } from 'react';
import { isApiError, NETWORK_ERROR } from './http.ts';

/**
 * The `Idempotency-Key` of a money action (STYLE.md 9): a fresh key for each new action, and the same key when
 * the member retries an action whose answer never arrived (a network error or a time-out), so the server
 * applies it once. A different body is a different action and gets a new key.
 */
export function useIdempotencyKey() {
  const pending = useRef<{ key: string; body: string } | null>(null);

  return {
    /** The key to send with `body`: the pending one for the same body, else a new one. */
    keyFor(body: unknown): string {
      const text = JSON.stringify(body);
      if (pending.current?.body === text) return pending.current.key;
      pending.current = { key: crypto.randomUUID(), body: text };
      return pending.current.key;
    },
    /** After an answer: a retry may reuse the key only if the outcome is unknown. */
    settle(error?: unknown): void {
      if (!isApiError(error) || error.code !== NETWORK_ERROR) pending.current = null;
    },
  };
}
