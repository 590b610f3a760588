import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far a request's timestamp may be from the receiver's clock: bounds a replayed captured request. */
export const SIGNATURE_WINDOW_MS = 5 * 60 * 1000;

/**
 * HMAC-SHA256 over timestamp, method, path (with query) and raw body, hex. Both sides compute it the same way;
 * the secret never travels.
 */
export function signature(secret: string, timestamp: string, method: string, path: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}\n${method.toUpperCase()}\n${path}\n${body}`).digest('hex');
}

export function verifySignature(
  secret: string,
  headers: { timestamp: unknown; signature: unknown },
  request: { method: string; path: string; body: string },
  nowMs: number,
): boolean {
  const { timestamp, signature: given } = headers;
  if (typeof timestamp !== 'string' || typeof given !== 'string' || !/^\d{1,15}$/.test(timestamp)) return false;
  if (Math.abs(nowMs - Number(timestamp)) > SIGNATURE_WINDOW_MS) return false;
  const expected = Buffer.from(signature(secret, timestamp, request.method, request.path, request.body), 'hex');
  const actual = Buffer.from(given, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
