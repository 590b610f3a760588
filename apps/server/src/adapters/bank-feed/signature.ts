import { requestPayload, SIGNATURE_HEADER, sign, TIMESTAMP_HEADER, verifySignature } from '../payout/signature.ts';

/**
 * Requests to the bank feed are signed as those to the payout party (docs/withdrawals.md): HMAC-SHA256 of
 * `{timestamp}.{METHOD} {path?query}\n{body}`, under headers of the feed's own.
 */
export const BANK_FEED_TIMESTAMP_HEADER = 'x-bank-feed-timestamp';
export const BANK_FEED_SIGNATURE_HEADER = 'x-bank-feed-signature';

export function bankFeedHeaders(secret: string, nowMs: number, method: string, pathWithQuery: string) {
  const timestamp = Math.floor(nowMs / 1000);
  return {
    [BANK_FEED_TIMESTAMP_HEADER]: String(timestamp),
    [BANK_FEED_SIGNATURE_HEADER]: sign(secret, timestamp, requestPayload(method, pathWithQuery, '')),
  };
}

/** Checks a signed bank feed request (no body: the feed is only read). */
export function verifyBankFeedRequest(
  secret: string,
  nowMs: number,
  headers: Record<string, string | string[] | undefined>,
  method: string,
  pathWithQuery: string,
): boolean {
  // The payout check reads its own header names: hand it ours under them.
  const renamed = {
    [TIMESTAMP_HEADER]: headers[BANK_FEED_TIMESTAMP_HEADER],
    [SIGNATURE_HEADER]: headers[BANK_FEED_SIGNATURE_HEADER],
  };
  return verifySignature(secret, nowMs, renamed, requestPayload(method, pathWithQuery, '')) === 'ok';
}
