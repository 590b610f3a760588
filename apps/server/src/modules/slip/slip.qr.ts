import type { SlipReasonCode } from '@member-wallet/contract/error-codes';
import { validate } from 'promptparse';
import type { SlipQuery } from '../../adapters/slip-verifier/slip-verifier.ts';

export type Reading = { failed: SlipReasonCode } | { query: Omit<SlipQuery, 'picture'> };

/** The slip-verify payloads among the QR texts: exactly one slip, or the reason there is not. */
export function readSlipQr(texts: readonly string[]): Reading {
  if (texts.length === 0) return { failed: 'CROPPED_IMAGE_UNREADABLE' };
  const slips = new Map<string, Omit<SlipQuery, 'picture'>>();
  for (const text of texts) {
    const parsed = validate.slipVerify(text);
    if (parsed) slips.set(`${parsed.sendingBank}:${parsed.transRef}`, { ...parsed, qr: text, kind: 'thai' });
  }
  const [first, ...others] = [...slips.values()];
  if (!first || first.transRef === '' || first.transRef.length > 100) return { failed: 'INVALID_SLIP' };
  if (others.length > 0) return { failed: 'UNSTABLE_REFNO_ON_SLIP' };
  return { query: first };
}
