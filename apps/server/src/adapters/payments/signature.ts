import { requestPayload, type SignatureCheck, signedHeaders, verifySignature } from '../hmac-signature.ts';

/**
 * Messages between us and a payment gateway are signed as those of the payout party (docs/parties/payout.md),
 * both ways, under headers of their own, with the gateway's own secret: HMAC-SHA256 of `{timestamp}.{payload}`,
 * the payload `{METHOD} {path?query}\n{body}` for our requests and the raw body for its webhooks. A timestamp
 * further than 300 s from our clock is refused.
 */
export const PAYMENT_TIMESTAMP_HEADER = 'x-payment-timestamp';
export const PAYMENT_SIGNATURE_HEADER = 'x-payment-signature';
const NAMES = { timestamp: PAYMENT_TIMESTAMP_HEADER, signature: PAYMENT_SIGNATURE_HEADER };

export type PaymentSignatureCheck = SignatureCheck;

export { requestPayload as paymentRequestPayload };

export function paymentSignedHeaders(secret: string, nowMs: number, payload: string): Record<string, string> {
  return signedHeaders(NAMES, secret, nowMs, payload);
}

/** Checks a signed message (a webhook: the raw body; a request: `paymentRequestPayload`), in constant time. */
export function verifyPaymentSignature(
  secret: string,
  nowMs: number,
  headers: Record<string, string | string[] | undefined>,
  payload: string,
): PaymentSignatureCheck {
  return verifySignature(NAMES, secret, nowMs, headers, payload);
}
