import { requestPayload, signedHeaders, verifySignature } from '../hmac-signature.ts';

/**
 * HMAC-SHA256 request signatures towards the slip verifier, the scheme of the payout party
 * (docs/parties/payout.md) under headers of its own: `{timestamp}.{METHOD} {path?query}\n{body}`.
 */
export const SLIP_VERIFIER_TIMESTAMP_HEADER = 'x-slip-verifier-timestamp';
export const SLIP_VERIFIER_SIGNATURE_HEADER = 'x-slip-verifier-signature';
const NAMES = { timestamp: SLIP_VERIFIER_TIMESTAMP_HEADER, signature: SLIP_VERIFIER_SIGNATURE_HEADER };

export { requestPayload as slipVerifierPayload };

export function slipVerifierHeaders(secret: string, nowMs: number, payload: string): Record<string, string> {
  return signedHeaders(NAMES, secret, nowMs, payload);
}

/** Whether the headers sign the payload with the secret, within the window; compared in constant time. */
export function slipVerifierSignatureValid(
  secret: string,
  nowMs: number,
  headers: Record<string, string | string[] | undefined>,
  payload: string,
): boolean {
  return verifySignature(NAMES, secret, nowMs, headers, payload) === 'ok';
}
