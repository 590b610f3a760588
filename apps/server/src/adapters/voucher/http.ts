import type { SignatureHeaderNames } from '../hmac-signature.ts';
import { callSignedParty, type SignedParty, type SignedPartyOptions, signedParty } from '../signed-fetch.ts';
import {
  type VoucherCheck,
  type VoucherRedeemer,
  type VoucherRedemption,
  VoucherUnavailableError,
} from './voucher-redeemer.ts';

export type HttpVoucherRedeemerOptions = SignedPartyOptions;

/** The headers our requests to the party carry their signature under (adapters/hmac-signature.ts). */
export const VOUCHER_SIGNATURE_HEADERS: SignatureHeaderNames = {
  timestamp: 'x-voucher-timestamp',
  signature: 'x-voucher-signature',
};

type Answer = Record<string, unknown>;
const ID_LENGTH_MAX = 100;

/**
 * The real voucher adapter (docs/parties/voucher.md, "Voucher party API"): `POST {base}/check {code}`,
 * `POST {base}/redeem {code, reference}` and `GET {base}/redemptions/{reference}`, each signed with
 * HMAC-SHA256. The code travels in the body, never in a URL a proxy would log. Amounts cross as a decimal
 * string of minor units. Anything but a readable 200 (or the 404 of a lookup) is an unknown outcome.
 */
export class HttpVoucherRedeemer implements VoucherRedeemer {
  private readonly party: SignedParty;

  constructor(options: HttpVoucherRedeemerOptions) {
    this.party = signedParty(options, VOUCHER_SIGNATURE_HEADERS, 10_000);
  }

  async check(code: string): Promise<VoucherCheck> {
    const answer = await this.call('POST', '/check', JSON.stringify({ code }));
    if (answer?.status === 'available') return { status: 'available', ...amountOf(answer) };
    if (answer?.status === 'redeemed' || answer?.status === 'invalid') return { status: answer.status };
    throw new VoucherUnavailableError('voucher party answered an unknown check status');
  }

  async redeem(code: string, reference: string): Promise<VoucherRedemption> {
    const answer = await this.call('POST', '/redeem', JSON.stringify({ code, reference }));
    if (answer?.status === 'redeemed') return redemptionOf(answer);
    if (answer?.status === 'already_redeemed' || answer?.status === 'invalid') return { status: answer.status };
    throw new VoucherUnavailableError('voucher party answered an unknown redemption status');
  }

  async status(reference: string) {
    const answer = await this.call('GET', `/redemptions/${encodeURIComponent(reference)}`, '');
    if (answer === null) return { status: 'not_found' as const };
    if (answer.status === 'redeemed') return redemptionOf(answer);
    throw new VoucherUnavailableError('voucher party answered an unknown redemption status');
  }

  /** The party's JSON answer, or null for the 404 of a GET (not found). */
  private async call(method: 'GET' | 'POST', path: string, body: string): Promise<Answer | null> {
    const { status, ok, answer } = await callSignedParty(this.party, {
      method,
      path,
      body,
      unreachable: (cause) =>
        new VoucherUnavailableError(`voucher party unreachable: ${method} ${path.split('/')[1]}`, { cause }),
    });
    if (status === 404 && method === 'GET') return null;
    if (!ok || !answer) throw new VoucherUnavailableError(`voucher party answered ${status}`);
    return answer as Answer;
  }
}

function amountOf(answer: Answer): { amountMinor: bigint; currency: string } {
  const { amountMinor, currency } = answer;
  if (typeof amountMinor !== 'string' || !/^[1-9]\d{0,17}$/.test(amountMinor)) {
    throw new VoucherUnavailableError('voucher party answered without a valid amount');
  }
  if (typeof currency !== 'string' || !/^[A-Z]{3,8}$/.test(currency)) {
    throw new VoucherUnavailableError('voucher party answered without a currency');
  }
  return { amountMinor: BigInt(amountMinor), currency };
}

function redemptionOf(answer: Answer): Extract<VoucherRedemption, { status: 'redeemed' }> {
  const { redemptionId } = answer;
  if (typeof redemptionId !== 'string' || redemptionId === '' || redemptionId.length > ID_LENGTH_MAX) {
    throw new VoucherUnavailableError('voucher party answered without a redemption id');
  }
  return { status: 'redeemed', ...amountOf(answer), redemptionId };
}
