import type { SlipReasonCode } from '@member-wallet/contract/error-codes';
import { parse, validate } from 'promptparse';
import type { SlipQuery } from '../../adapters/slip-verifier/slip-verifier.ts';

export type Reading = { failed: SlipReasonCode } | { query: Omit<SlipQuery, 'picture'> };

const REFERENCE_LENGTH_MAX = 100;

/** A Thai slip-verify mini-QR (Bank of Thailand): the sending bank's three-digit code and the reference. */
function thaiSlip(text: string): Omit<SlipQuery, 'picture'> | null {
  const parsed = validate.slipVerify(text);
  return parsed ? { ...parsed, qr: text, kind: 'thai' } : null;
}

/**
 * A BCEL OneProof QR (docs/parties/slip-verifier.md, BCEL OneProof): tag 33 with `BCEL`, `ONEPROOF`, the type,
 * the ticket and the core banking reference (fccref). promptparse's `validate.bcelOneProof` checks the CRC and
 * reads the fields, but lets any CRC-valid EMVCo QR through (its test of the header is a conjunction), so the
 * header is checked here. The ticket is the reference; the fccref travels in the QR text, for the verifier.
 */
function oneProofSlip(text: string): Omit<SlipQuery, 'picture'> | null {
  const parsed = validate.bcelOneProof(text);
  const qr = parse(text, true);
  if (!parsed?.ticket || qr?.getTagValue('33', '00') !== 'BCEL' || qr.getTagValue('33', '01') !== 'ONEPROOF') {
    return null;
  }
  return { qr: text, kind: 'oneproof', sendingBank: 'BCEL', transRef: parsed.ticket };
}

/** The slips among the QR texts (Thai slip-verify or BCEL OneProof): exactly one slip, or the reason there is not. */
export function readSlipQr(texts: readonly string[]): Reading {
  if (texts.length === 0) return { failed: 'CROPPED_IMAGE_UNREADABLE' };
  const slips = new Map<string, Omit<SlipQuery, 'picture'>>();
  for (const text of texts) {
    const slip = thaiSlip(text) ?? oneProofSlip(text);
    if (slip) slips.set(`${slip.kind}:${slip.sendingBank}:${slip.transRef}`, slip);
  }
  const [first, ...others] = [...slips.values()];
  if (!first || first.transRef === '' || first.transRef.length > REFERENCE_LENGTH_MAX) {
    return { failed: 'INVALID_SLIP' };
  }
  if (others.length > 0) return { failed: 'UNSTABLE_REFNO_ON_SLIP' };
  return { query: first };
}
