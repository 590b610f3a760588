import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * HMAC-SHA256 request signatures towards the voucher party, the scheme of the payout party
 * (docs/withdrawals.md) under headers of its own: `{timestamp}.{METHOD} {path?query}\n{body}`.
 */
export const VOUCHER_TIMESTAMP_HEADER = 'x-voucher-timestamp';
export const VOUCHER_SIGNATURE_HEADER = 'x-voucher-signature';
const WINDOW_SECONDS = 300;

export function voucherPayload(method: string, pathWithQuery: string, body: string): string {
  return `${method} ${pathWithQuery}\n${body}`;
}

function sign(secret: string, timestamp: number, payload: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')}`;
}

export function voucherSignedHeaders(secret: string, nowMs: number, payload: string): Record<string, string> {
  const timestamp = Math.floor(nowMs / 1000);
  return {
    [VOUCHER_TIMESTAMP_HEADER]: String(timestamp),
    [VOUCHER_SIGNATURE_HEADER]: sign(secret, timestamp, payload),
  };
}

/** Whether the headers sign the payload with the secret, within the window; compared in constant time. */
export function voucherSignatureValid(
  secret: string,
  nowMs: number,
  headers: Record<string, string | string[] | undefined>,
  payload: string,
): boolean {
  const timestampText = headers[VOUCHER_TIMESTAMP_HEADER];
  const signature = headers[VOUCHER_SIGNATURE_HEADER];
  if (typeof timestampText !== 'string' || typeof signature !== 'string' || !/^\d{1,12}$/.test(timestampText)) {
    return false;
  }
  const timestamp = Number(timestampText);
  if (Math.abs(nowMs / 1000 - timestamp) > WINDOW_SECONDS) return false;
  const expected = Buffer.from(sign(secret, timestamp, payload));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
