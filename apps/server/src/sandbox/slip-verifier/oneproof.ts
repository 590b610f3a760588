import { createHash } from 'node:crypto';
import { encode, tag, withCrcTag } from 'promptparse';

/**
 * SANDBOX ONLY: the BCEL OneProof QR of a sandbox transfer (docs/parties/slip-verifier.md, BCEL OneProof), as a
 * BCEL One slip carries it: `00` `01`, `01` `11`, tag 33 with `00` BCEL, `01` ONEPROOF, `02` the type, `03` the
 * ticket and `04` the core banking reference (fccref), and the CRC in tag 63; the layout promptparse's
 * `validate.bcelOneProof` reads. promptparse's `generate` makes no OneProof, so it is built with its TLV helpers.
 * The ticket is the sandbox transfer's reference; the type says SANDBOX (BCEL's own values are not public); the
 * fccref is derived from the reference, so the sandbox verifier can tell a OneProof it drew from a forged one.
 */
export function oneProofQr(reference: string): string {
  const proof = encode([
    tag('00', 'BCEL'),
    tag('01', 'ONEPROOF'),
    tag('02', 'SANDBOX'),
    tag('03', reference),
    tag('04', sandboxFccref(reference)),
  ]);
  return withCrcTag(encode([tag('00', '01'), tag('01', '11'), tag('33', proof)]), '63');
}

/** The sandbox's core banking reference of a transfer: `SBX` and 12 hex digits of a hash of its reference. */
export function sandboxFccref(reference: string): string {
  const digest = createHash('sha256').update(`sandbox-oneproof:${reference}`).digest('hex');
  return `SBX${digest.slice(0, 12).toUpperCase()}`;
}
