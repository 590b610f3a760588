import type { Clock } from '../../lib/clock.ts';
import type { SignatureHeaderNames } from '../hmac-signature.ts';
import { callSignedParty, type SignedParty, signedParty } from '../signed-fetch.ts';
import {
  type SlipAccount,
  type SlipQuery,
  type SlipVerification,
  type SlipVerifier,
  SlipVerifierUnavailableError,
  UnconfiguredSlipVerifier,
} from './slip-verifier.ts';

/**
 * BCEL OneProof slips (docs/parties/slip-verifier.md, BCEL OneProof). BCEL publishes no OneProof verification
 * API: a real adapter waits on obtaining BCEL's API under contract. Until then only the SANDBOX verifies
 * OneProof slips, asked over real HTTP at this server as every sandbox party is: `POST
 * /sandbox/bcel/oneproof/verify { qr }`, signed with the shared scheme under the headers below, answering
 * `{ status: found, transfer }` (accounts masked), `{ status: not_found }` or `{ status: unstable }`. This protocol is the sandbox's own,
 * not BCEL's.
 */
export const ONEPROOF_SANDBOX_SIGNATURE_HEADERS: SignatureHeaderNames = {
  timestamp: 'x-oneproof-timestamp',
  signature: 'x-oneproof-signature',
};
/** The sandbox OneProof verifier's secret: public, as every sandbox secret is, and only ever used with SANDBOX on. */
export const SANDBOX_ONEPROOF_SECRET = 'sandbox-oneproof-secret';

const AMOUNT_MINOR = /^[1-9]\d{0,17}$/;
const TEXT = /^[\w .:/+-]{1,100}$/;

export class SandboxOneProofVerifier implements SlipVerifier {
  private readonly party: SignedParty;

  constructor(ownBaseUrl: () => string, clock: Clock) {
    const baseUrl = () => `${ownBaseUrl()}/sandbox/bcel/oneproof`;
    this.party = signedParty(
      { baseUrl, secret: SANDBOX_ONEPROOF_SECRET, clock },
      ONEPROOF_SANDBOX_SIGNATURE_HEADERS,
      15_000,
    );
  }

  async verify(query: SlipQuery): Promise<SlipVerification> {
    const { status, ok, answer } = await callSignedParty(this.party, {
      method: 'POST',
      path: '/verify',
      body: JSON.stringify({ qr: query.qr }),
      unreachable: (cause, url) =>
        new SlipVerifierUnavailableError(`OneProof verifier unreachable: ${url.origin}`, { cause }),
    });
    if (!ok || !answer) throw new SlipVerifierUnavailableError(`OneProof verifier answered ${status}`);
    if (answer.status === 'not_found' || answer.status === 'unstable') return { status: answer.status };
    if (answer.status !== 'found')
      throw new SlipVerifierUnavailableError('OneProof verifier answered an unknown status');
    const item = (answer.transfer ?? {}) as Record<string, unknown>;
    const text = (name: string): string => {
      const value = item[name];
      if (typeof value !== 'string' || !TEXT.test(value)) {
        throw new SlipVerifierUnavailableError(`OneProof verifier answered an unreadable ${name}`);
      }
      return value;
    };
    const amount = text('amountMinor');
    const transferredAt = new Date(text('transferredAt'));
    if (!AMOUNT_MINOR.test(amount) || Number.isNaN(transferredAt.getTime())) {
      throw new SlipVerifierUnavailableError('OneProof verifier answered a bad amount or time');
    }
    const side = (bankCode: string | null, account: string): SlipAccount => ({
      bankCode,
      account,
      nameTh: null,
      nameEn: null,
    });
    return {
      status: 'found',
      transfer: {
        reference: text('reference'),
        amountMinor: BigInt(amount),
        currency: text('currency'),
        sender: side(text('senderBankCode'), text('senderAccountNo')),
        // The sandbox names the receiving account only: the slip rules then match it by its digits.
        receiver: side(null, text('receiverAccountNo')),
        transferredAt,
      },
    };
  }
}

/**
 * The verifier of OneProof slips: the sandbox's with SANDBOX on; otherwise none (every OneProof slip is
 * UNKNOW_ERROR, kept for an operator), with a warning at start, until BCEL's API is obtained.
 */
export function oneProofVerifier(context: {
  config: { sandbox: boolean };
  log: { warn(message: string): void };
  ownBaseUrl: () => string;
  clock: Clock;
}): SlipVerifier {
  if (context.config.sandbox) return new SandboxOneProofVerifier(context.ownBaseUrl, context.clock);
  context.log.warn(
    'BCEL OneProof slips cannot be verified: BCEL publishes no OneProof API (docs/parties/slip-verifier.md, BCEL OneProof)',
  );
  return new UnconfiguredSlipVerifier();
}
