/**
 * The slip verifier port (docs/deposits/slips.md): given the QR a slip carries, the bank's own record of the
 * transfer, as a slip-verification party answers it. The slip service knows nothing of the party behind it.
 * Verifying changes nothing at the party, so asking again is always safe (a party's own duplicate check is off).
 */
export interface SlipQuery {
  /** The slip's QR text exactly as read from the picture: what the parties take first. */
  qr: string;
  /** What the QR is: a Thai slip-verify mini-QR (Bank of Thailand) or a BCEL OneProof QR (Laos). */
  kind: 'thai' | 'oneproof';
  /** Thai: the sending bank's three-digit Bank of Thailand code (`004` is KBANK); OneProof: `BCEL`. */
  sendingBank: string;
  /** The transfer's reference as the QR names it (Thai: transRef; OneProof: the ticket). */
  transRef: string;
  /** The picture, for a party that is sent the picture when it does not take the QR text. */
  picture: { bytes: Buffer; contentType: 'image/png' | 'image/jpeg' } | null;
}

/**
 * One side of a transfer as the party shows it. Real parties mask: an account reads `xxx-x-x0209-x` (the
 * positions kept, hidden digits as `x`), a name may be cut (`นาย สมชาย ใ`). Matching compares what is visible
 * (modules/deposits/masked-match.ts).
 */
export interface SlipAccount {
  /** Our bank code (`KBANK`), null when the party did not name the bank. */
  bankCode: string | null;
  /** The account number as shown, masked or not, null when the party showed none (a PromptPay proxy only). */
  account: string | null;
  /** The holder's name as shown, in Thai and in English, each null when not shown. */
  nameTh: string | null;
  nameEn: string | null;
}

export interface VerifiedTransfer {
  reference: string;
  /** Minor units, more than zero. */
  amountMinor: bigint;
  /** `BAHT` or `LAK`. */
  currency: string;
  sender: SlipAccount;
  receiver: SlipAccount;
  transferredAt: Date;
}

/** Why a party asks us to come back later: the slip is not refused, it waits (IN_PROGRESS) and is asked again. */
export type RetryLaterReason = 'quota' | 'bank_not_ready' | 'bank_unavailable';

export type SlipVerification =
  | { status: 'found'; transfer: VerifiedTransfer }
  /** The bank knows no such transfer, or the QR is not a slip's. */
  | { status: 'not_found' }
  /** The bank's records of the reference disagree with each other: it cannot be trusted yet. */
  | { status: 'unstable' }
  /** The bank's own verification service refused us after failed captchas (it does this under load). */
  | { status: 'captcha_failed' }
  /** The party says it verified this slip before (its own duplicate check). */
  | { status: 'duplicate' }
  | { status: 'retry_later'; reason: RetryLaterReason };

export interface SlipVerifier {
  verify(query: SlipQuery): Promise<SlipVerification>;
}

/** No usable answer: network error, time-out, a 5xx, a refused key, an answer that does not read. */
export class SlipVerifierUnavailableError extends Error {
  override name = 'SlipVerifierUnavailableError';
}

export class UnconfiguredSlipVerifier implements SlipVerifier {
  async verify(): Promise<SlipVerification> {
    throw new SlipVerifierUnavailableError('No slip verifier configured (SLIP_VERIFIER)');
  }
}
