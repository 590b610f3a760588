import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * HMAC-SHA256 request signatures towards the slip verifier, the scheme of the payout party
 * (docs/withdrawals.md) under headers of its own: `{timestamp}.{METHOD} {path?query}\n{body}`.
 */
export const SLIP_VERIFIER_TIMESTAMP_HEADER = 'x-slip-verifier-timestamp';
export const SLIP_VERIFIER_SIGNATURE_HEADER = 'x-slip-verifier-signature';
const WINDOW_SECONDS = 300;

export function slipVerifierPayload(method: string, pathWithQuery: string, body: string): string {
  return `${method} ${pathWithQuery}\n${body}`;
}

function sign(secret: string, timestamp: number, payload: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')}`;
}

export function slipVerifierHeaders(secret: string, nowMs: number, payload: string): Record<string, string> {
  const timestamp = Math.floor(nowMs / 1000);
  return {
    [SLIP_VERIFIER_TIMESTAMP_HEADER]: String(timestamp),
    [SLIP_VERIFIER_SIGNATURE_HEADER]: sign(secret, timestamp, payload),
  };
}

/** Whether the headers sign the payload with the secret, within the window; compared in constant time. */
export function slipVerifierSignatureValid(
  secret: string,
  nowMs: number,
  headers: Record<string, string | string[] | undefined>,
  payload: string,
): boolean {
  const timestampText = headers[SLIP_VERIFIER_TIMESTAMP_HEADER];
  const signature = headers[SLIP_VERIFIER_SIGNATURE_HEADER];
  if (typeof timestampText !== 'string' || typeof signature !== 'string' || !/^\d{1,12}$/.test(timestampText)) {
    return false;
  }
  const timestamp = Number(timestampText);
  if (Math.abs(nowMs / 1000 - timestamp) > WINDOW_SECONDS) return false;
  const expected = Buffer.from(sign(secret, timestamp, payload));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
