import type { SignatureHeaderNames } from '../hmac-signature.ts';
import { callSignedParty, type SignedParty, type SignedPartyOptions, signedParty } from '../signed-fetch.ts';
import { type Payout, type PayoutRequest, type PayoutState, PayoutUnavailableError } from './payout.ts';

export interface HttpPayoutOptions extends SignedPartyOptions {
  /** Where the party sends its webhook notifications; null leaves it to the party's own configuration. */
  callbackUrl: () => string | null;
}

/** The headers our requests and the party's webhooks carry their signature under (adapters/hmac-signature.ts). */
export const PAYOUT_SIGNATURE_HEADERS: SignatureHeaderNames = {
  timestamp: 'x-payout-timestamp',
  signature: 'x-payout-signature',
};

const PAYOUT_ID_LENGTH_MAX = 100;
const REASON_LENGTH_MAX = 200;

/**
 * The real payout adapter (docs/parties/payout.md, "Payout party API"):
 * `POST {base}/payouts {reference, amountMinor, currency, bankCode, accountNo, accountName, callbackUrl}` and
 * `GET {base}/payouts/{reference}`, each signed with HMAC-SHA256 over the timestamp, method, path and body.
 * Amounts cross as a decimal string of minor units, so no float ever carries money. Not retried here: the
 * caller (the withdrawal service, then its settler) asks again, and the party applies a reference once.
 */
export class HttpPayout implements Payout {
  private readonly party: SignedParty;

  constructor(private readonly options: HttpPayoutOptions) {
    this.party = signedParty(options, PAYOUT_SIGNATURE_HEADERS, 10_000);
  }

  pay(request: PayoutRequest): Promise<PayoutState> {
    const body = JSON.stringify({
      reference: request.reference,
      amountMinor: request.amountMinor.toString(),
      currency: request.currency,
      bankCode: request.bankCode,
      accountNo: request.accountNo,
      accountName: request.accountName,
      callbackUrl: this.options.callbackUrl(),
    });
    return this.call('POST', '/payouts', body);
  }

  status(reference: string): Promise<PayoutState> {
    return this.call('GET', `/payouts/${encodeURIComponent(reference)}`, '');
  }

  private async call(method: 'GET' | 'POST', path: string, body: string): Promise<PayoutState> {
    const { status, ok, answer } = await callSignedParty(this.party, {
      method,
      path,
      body,
      unreachable: (cause) => new PayoutUnavailableError(`payout party unreachable: ${method} ${path}`, { cause }),
    });
    if (status === 404 && method === 'GET') return { status: 'not_found' };
    // The party refused the payment itself (say, an account it cannot pay): a final answer.
    if ((status === 400 || status === 422) && method === 'POST') {
      return { status: 'failed', payoutId: null, reason: reasonOf(answer) ?? `REFUSED_${status}` };
    }
    if (!ok || !answer) throw new PayoutUnavailableError(`payout party answered ${status}`);
    return parseState(answer);
  }
}

function reasonOf(answer: Record<string, unknown> | null): string | null {
  const reason = answer?.reason ?? answer?.message;
  return typeof reason === 'string' && reason !== '' ? reason.slice(0, REASON_LENGTH_MAX) : null;
}

/** The party's answer, checked: anything unexpected is an unknown outcome, never a guess. */
function parseState(answer: Record<string, unknown>): PayoutState {
  const payoutId = answer.payoutId;
  if (typeof payoutId !== 'string' || payoutId === '' || payoutId.length > PAYOUT_ID_LENGTH_MAX) {
    throw new PayoutUnavailableError('payout party answered without a payout id');
  }
  if (answer.status === 'pending') return { status: 'pending', payoutId };
  if (answer.status === 'paid') return { status: 'paid', payoutId };
  if (answer.status === 'failed') return { status: 'failed', payoutId, reason: reasonOf(answer) ?? 'UNKNOWN' };
  throw new PayoutUnavailableError(`payout party answered an unknown status ${String(answer.status)}`);
}
