import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The HMAC-SHA256 scheme that signs the messages between us and the payout party, the payment gateways, the
 * bank feed, the slip verifier and the voucher party, both ways (docs/parties/README.md, "Signatures"). The
 * signed text is `{timestamp}.{payload}`: the timestamp (Unix seconds) bounds how long a captured message can be
 * replayed. Each party carries the timestamp and the signature under header names of its own, which its HTTP
 * adapter declares. (The game providers sign otherwise: adapters/games/signature.ts.)
 */

/** A message whose timestamp is further than this from our clock is refused. */
export const SIGNATURE_WINDOW_SECONDS = 300;

const SIGNATURE_VERSION = 'v1=';

export function sign(secret: string, timestamp: number, payload: string): string {
  return SIGNATURE_VERSION + createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
}

/**
 * A request's payload to sign: method, path with query, and the raw body (empty for a GET). A webhook's payload is
 * its raw body alone.
 */
export function requestPayload(method: string, pathWithQuery: string, body: string): string {
  return `${method} ${pathWithQuery}\n${body}`;
}

/** The header names a party's messages carry the timestamp and the signature under. */
export interface SignatureHeaderNames {
  timestamp: string;
  signature: string;
}

/** The headers that sign `payload`, under the party's names. */
export function signedHeaders(
  names: SignatureHeaderNames,
  secret: string,
  nowMs: number,
  payload: string,
): Record<string, string> {
  const timestamp = Math.floor(nowMs / 1000);
  return { [names.timestamp]: String(timestamp), [names.signature]: sign(secret, timestamp, payload) };
}

export type SignatureCheck = 'ok' | 'missing' | 'stale' | 'invalid';

/** Checks the headers of a signed message, under the party's names, against its payload, in constant time. */
export function verifySignature(
  names: SignatureHeaderNames,
  secret: string,
  nowMs: number,
  headers: Record<string, string | string[] | undefined>,
  payload: string,
): SignatureCheck {
  const timestampText = headers[names.timestamp];
  const signature = headers[names.signature];
  if (typeof timestampText !== 'string' || typeof signature !== 'string') return 'missing';
  if (!/^\d{1,12}$/.test(timestampText)) return 'invalid';
  const timestamp = Number(timestampText);
  if (Math.abs(nowMs / 1000 - timestamp) > SIGNATURE_WINDOW_SECONDS) return 'stale';
  const expected = Buffer.from(sign(secret, timestamp, payload));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? 'ok' : 'invalid';
}
