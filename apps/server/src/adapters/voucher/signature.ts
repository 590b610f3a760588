import { requestPayload, signedHeaders, verifySignature } from '../hmac-signature.ts';

/**
 * HMAC-SHA256 request signatures towards the voucher party, the scheme of the payout party
 * (docs/parties/payout.md) under headers of its own: `{timestamp}.{METHOD} {path?query}\n{body}`.
 */
export const VOUCHER_TIMESTAMP_HEADER = 'x-voucher-timestamp';
export const VOUCHER_SIGNATURE_HEADER = 'x-voucher-signature';
const NAMES = { timestamp: VOUCHER_TIMESTAMP_HEADER, signature: VOUCHER_SIGNATURE_HEADER };

export { requestPayload as voucherPayload };

export function voucherSignedHeaders(secret: string, nowMs: number, payload: string): Record<string, string> {
  return signedHeaders(NAMES, secret, nowMs, payload);
}

/** Whether the headers sign the payload with the secret, within the window; compared in constant time. */
export function voucherSignatureValid(
  secret: string,
  nowMs: number,
  headers: Record<string, string | string[] | undefined>,
  payload: string,
): boolean {
  return verifySignature(NAMES, secret, nowMs, headers, payload) === 'ok';
}
