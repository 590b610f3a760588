import { createHmac, timingSafeEqual } from 'node:crypto';
import { MINUTE_MS } from '../../lib/clock.ts';

/**
 * Short-lived signed URLs of slip pictures (docs/deposits/slips.md). The client opens the picture in a new
 * window, which cannot send the bearer token, so the URL itself is the credential: an HMAC over the slip's id,
 * its member and the expiry, with a server secret. It is handed only to the slip's member and lives 15 minutes.
 */
export const SLIP_IMAGE_PATH = '/files/slips';
export const SLIP_LINK_TTL_MS = 15 * MINUTE_MS;

function signature(secret: string, publicId: string, memberId: bigint, expires: number): string {
  return createHmac('sha256', secret).update(`slip-image:${publicId}:${memberId}:${expires}`).digest('hex');
}

export function slipImageUrl(secret: string, publicId: string, memberId: bigint, nowMs: number): string {
  // Rounded up to the minute, so the links of one page of the list stay the same for a while.
  const expires = Math.ceil((nowMs + SLIP_LINK_TTL_MS) / MINUTE_MS) * 60;
  return `${SLIP_IMAGE_PATH}/${publicId}?expires=${expires}&signature=${signature(secret, publicId, memberId, expires)}`;
}

/** Whether the signature is the slip's and has not expired; compared in constant time. */
export function slipImageUrlValid(
  secret: string,
  publicId: string,
  memberId: bigint,
  expires: number,
  given: string,
  nowMs: number,
): boolean {
  if (!Number.isSafeInteger(expires) || expires * 1000 <= nowMs) return false;
  const expected = Buffer.from(signature(secret, publicId, memberId, expires));
  const provided = Buffer.from(given);
  return provided.length === expected.length && timingSafeEqual(provided, expected);
}
