import { requestPayload, signedHeaders, verifySignature } from '../hmac-signature.ts';

/**
 * Requests to the bank feed are signed as those to the payout party (docs/parties/payout.md): HMAC-SHA256 of
 * `{timestamp}.{METHOD} {path?query}\n{body}`, under headers of the feed's own.
 */
export const BANK_FEED_TIMESTAMP_HEADER = 'x-bank-feed-timestamp';
export const BANK_FEED_SIGNATURE_HEADER = 'x-bank-feed-signature';
const NAMES = { timestamp: BANK_FEED_TIMESTAMP_HEADER, signature: BANK_FEED_SIGNATURE_HEADER };

export function bankFeedHeaders(secret: string, nowMs: number, method: string, pathWithQuery: string) {
  return signedHeaders(NAMES, secret, nowMs, requestPayload(method, pathWithQuery, ''));
}

/** Checks a signed bank feed request (no body: the feed is only read). */
export function verifyBankFeedRequest(
  secret: string,
  nowMs: number,
  headers: Record<string, string | string[] | undefined>,
  method: string,
  pathWithQuery: string,
): boolean {
  return verifySignature(NAMES, secret, nowMs, headers, requestPayload(method, pathWithQuery, '')) === 'ok';
}
