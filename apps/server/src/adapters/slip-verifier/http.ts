import type { SignatureHeaderNames } from '../hmac-signature.ts';
import { callSignedParty, type SignedParty, type SignedPartyOptions, signedParty } from '../signed-fetch.ts';
import {
  type SlipQuery,
  type SlipVerification,
  type SlipVerifier,
  SlipVerifierUnavailableError,
  type VerifiedTransfer,
} from './slip-verifier.ts';

export type HttpSlipVerifierOptions = SignedPartyOptions;

/** The headers our requests to the verifier carry their signature under (adapters/hmac-signature.ts). */
export const SLIP_VERIFIER_SIGNATURE_HEADERS: SignatureHeaderNames = {
  timestamp: 'x-slip-verifier-timestamp',
  signature: 'x-slip-verifier-signature',
};

const AMOUNT_MINOR = /^[1-9]\d{0,17}$/;
const CURRENCY = /^[A-Z]{3,8}$/;
const TEXT_LENGTH_MAX = 100;

/**
 * The slip verifier adapter (docs/parties/slip-verifier.md, "Slip verifier API"): `POST {base}/verify { sendingBank,
 * transRef }`, signed, answering `{ status: found, transfer }`, `not_found`, `unstable` or `captcha_failed`.
 * Anything else is no answer (SlipVerifierUnavailableError).
 */
export class HttpSlipVerifier implements SlipVerifier {
  private readonly party: SignedParty;

  constructor(options: HttpSlipVerifierOptions) {
    this.party = signedParty(options, SLIP_VERIFIER_SIGNATURE_HEADERS, 15_000);
  }

  async verify(query: SlipQuery): Promise<SlipVerification> {
    const body = JSON.stringify({ sendingBank: query.sendingBank, transRef: query.transRef });
    const { status, ok, answer } = await callSignedParty(this.party, {
      method: 'POST',
      path: '/verify',
      body,
      unreachable: (cause, url) =>
        new SlipVerifierUnavailableError(`slip verifier unreachable: ${url.origin}`, { cause }),
    });
    if (!ok || !answer) throw new SlipVerifierUnavailableError(`slip verifier answered ${status}`);
    if (answer.status === 'not_found' || answer.status === 'unstable' || answer.status === 'captcha_failed') {
      return { status: answer.status };
    }
    if (answer.status === 'found') return { status: 'found', transfer: parseTransfer(answer.transfer) };
    throw new SlipVerifierUnavailableError('slip verifier answered an unknown status');
  }
}

function text(value: unknown, name: string): string {
  if (typeof value !== 'string' || value === '' || value.length > TEXT_LENGTH_MAX) {
    throw new SlipVerifierUnavailableError(`slip verifier answered an unreadable ${name}`);
  }
  return value;
}

function parseTransfer(value: unknown): VerifiedTransfer {
  const item = (value ?? {}) as Record<string, unknown>;
  const amount = text(item.amountMinor, 'amountMinor');
  if (!AMOUNT_MINOR.test(amount)) throw new SlipVerifierUnavailableError('slip verifier answered a bad amount');
  const currency = text(item.currency, 'currency');
  if (!CURRENCY.test(currency)) throw new SlipVerifierUnavailableError('slip verifier answered a bad currency');
  const transferredAt = new Date(text(item.transferredAt, 'transferredAt'));
  if (Number.isNaN(transferredAt.getTime()))
    throw new SlipVerifierUnavailableError('slip verifier answered a bad time');
  return {
    reference: text(item.reference, 'reference'),
    amountMinor: BigInt(amount),
    currency,
    sender: {
      bankCode: text(item.senderBankCode, 'senderBankCode'),
      account: text(item.senderAccountNo, 'senderAccountNo'),
      nameTh: null,
      nameEn: null,
    },
    receiver: {
      bankCode: null,
      account: text(item.receiverAccountNo, 'receiverAccountNo'),
      nameTh: null,
      nameEn: null,
    },
    transferredAt,
  };
}
