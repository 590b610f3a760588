/**
 * The slip verifier port (docs/deposits/slips.md): given what a slip's mini-QR says (the sending bank's Bank of
 * Thailand code and the transfer reference), the bank's own record of the transfer. The slip service knows
 * nothing of the party behind it. Verifying changes nothing at the party, so asking again is always safe.
 */
export interface SlipQuery {
  /** The sending bank's three-digit Bank of Thailand code, as in the mini-QR (`004` is KBANK). */
  sendingBank: string;
  transRef: string;
}

export interface VerifiedTransfer {
  reference: string;
  /** Minor units, more than zero. */
  amountMinor: bigint;
  currency: string;
  /** Our bank code of the sender (`KBANK`), and the sender's account as the bank shows it. */
  senderBankCode: string;
  senderAccountNo: string;
  /** The account the money went to. */
  receiverAccountNo: string;
  transferredAt: Date;
}

export type SlipVerification =
  | { status: 'found'; transfer: VerifiedTransfer }
  /** The bank knows no such transfer. */
  | { status: 'not_found' }
  /** The bank's records of the reference disagree with each other: it cannot be trusted yet. */
  | { status: 'unstable' }
  /** The bank's own verification service refused us after failed captchas (it does this under load). */
  | { status: 'captcha_failed' };

export interface SlipVerifier {
  verify(query: SlipQuery): Promise<SlipVerification>;
}

/** No usable answer: network error, time-out, a 5xx, a refused signature, an answer that does not read. */
export class SlipVerifierUnavailableError extends Error {
  override name = 'SlipVerifierUnavailableError';
}

export class UnconfiguredSlipVerifier implements SlipVerifier {
  async verify(): Promise<SlipVerification> {
    throw new SlipVerifierUnavailableError(
      'No slip verifier configured (SLIP_VERIFIER_BASE_URL, SLIP_VERIFIER_SECRET)',
    );
  }
}
