import { requestPayload, SIGNATURE_HEADER, sign, TIMESTAMP_HEADER, verifySignature } from '../payout/signature.ts';

/**
 * Messages between us and a payment gateway are signed as those of the payout party (docs/withdrawals.md),
 * both ways, under headers of their own, with the gateway's own secret: HMAC-SHA256 of `{timestamp}.{payload}`,
 * the payload `{METHOD} {path?query}\n{body}` for our requests and the raw body for its webhooks. A timestamp
 * further than 300 s from our clock is refused.
 */
export const PAYMENT_TIMESTAMP_HEADER = 'x-payment-timestamp';
export const PAYMENT_SIGNATURE_HEADER = 'x-payment-signature';

export type PaymentSignatureCheck = 'ok' | 'missing' | 'stale' | 'invalid';

export { requestPayload as paymentRequestPayload };

export function paymentSignedHeaders(secret: string, nowMs: number, payload: string): Record<string, string> {
  const timestamp = Math.floor(nowMs / 1000);
  return {
    [PAYMENT_TIMESTAMP_HEADER]: String(timestamp),
    [PAYMENT_SIGNATURE_HEADER]: sign(secret, timestamp, payload),
  };
}

/** Checks a signed message (a webhook: the raw body; a request: `paymentRequestPayload`), in constant time. */
export function verifyPaymentSignature(
  secret: string,
  nowMs: number,
  headers: Record<string, string | string[] | undefined>,
  payload: string,
): PaymentSignatureCheck {
  // The payout check reads its own header names: hand it ours under them.
  const renamed = {
    [TIMESTAMP_HEADER]: headers[PAYMENT_TIMESTAMP_HEADER],
    [SIGNATURE_HEADER]: headers[PAYMENT_SIGNATURE_HEADER],
  };
  return verifySignature(secret, nowMs, renamed, payload);
}
