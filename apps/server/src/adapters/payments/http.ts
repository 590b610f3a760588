import type { SignatureHeaderNames } from '../hmac-signature.ts';
import { callSignedParty, type SignedParty, type SignedPartyOptions, signedParty } from '../signed-fetch.ts';
import {
  type CreatedQr,
  type CreateQrRequest,
  type PaymentGateway,
  PaymentGatewayRefusedError,
  PaymentGatewayUnavailableError,
  type QrState,
} from './payment-gateway.ts';

export interface HttpPaymentGatewayOptions extends SignedPartyOptions {
  code: string;
  /** Where the gateway sends its webhook; null leaves it to the gateway's own configuration. */
  callbackUrl: () => string | null;
  timeoutMs: number;
  sandbox: boolean;
}

/** The headers our requests and a gateway's webhooks carry their signature under (adapters/hmac-signature.ts). */
export const PAYMENT_SIGNATURE_HEADERS: SignatureHeaderNames = {
  timestamp: 'x-payment-timestamp',
  signature: 'x-payment-signature',
};

const REFERENCE_LENGTH_MAX = 100;
const PAYLOAD_LENGTH_MAX = 512;
const MINOR = /^[1-9]\d{0,17}$/;

/**
 * The payment gateway API (docs/parties/payments.md, "Gateway API"): `POST {base}/qrcodes`, `GET {base}/qrcodes/{id}`
 * and `POST {base}/qrcodes/{id}/cancel`, each signed with HMAC-SHA256 over the timestamp, method, path and
 * body. Amounts cross as decimal strings of minor units. Not retried here: the QR service and its settler ask
 * again, and the gateway makes one QR per qrcodeId.
 */
export class HttpPaymentGateway implements PaymentGateway {
  readonly code: string;
  readonly sandbox: boolean;

  private readonly party: SignedParty;

  constructor(private readonly options: HttpPaymentGatewayOptions) {
    this.code = options.code;
    this.sandbox = options.sandbox;
    this.party = signedParty(options, PAYMENT_SIGNATURE_HEADERS, options.timeoutMs);
  }

  async createQr(request: CreateQrRequest): Promise<CreatedQr> {
    const body = JSON.stringify({
      qrcodeId: request.qrcodeId,
      amountMinor: request.amountMinor.toString(),
      currency: request.currency,
      merchantName: request.merchantName,
      expiresAt: request.expiresAt.toISOString(),
      callbackUrl: this.options.callbackUrl(),
    });
    const { status, ok, answer } = await this.call('POST', '/qrcodes', body);
    if (status >= 400 && status < 500) throw new PaymentGatewayRefusedError(`gateway ${this.code} refused: ${status}`);
    if (!ok || !answer) throw new PaymentGatewayUnavailableError(`gateway ${this.code} answered ${status}`);
    const { gatewayReference, payload } = answer;
    if (
      !isReference(gatewayReference) ||
      typeof payload !== 'string' ||
      !payload ||
      payload.length > PAYLOAD_LENGTH_MAX
    ) {
      throw new PaymentGatewayUnavailableError(`gateway ${this.code} answered a QR that does not read`);
    }
    return { gatewayReference, payload };
  }

  cancelQr(qrcodeId: string): Promise<QrState> {
    return this.state('POST', `/qrcodes/${encodeURIComponent(qrcodeId)}/cancel`, '');
  }

  status(qrcodeId: string): Promise<QrState> {
    return this.state('GET', `/qrcodes/${encodeURIComponent(qrcodeId)}`, '');
  }

  private async state(method: 'GET' | 'POST', path: string, body: string): Promise<QrState> {
    const { status, ok, answer } = await this.call(method, path, body);
    if (status === 404) return { status: 'not_found' };
    if (!ok || !answer) throw new PaymentGatewayUnavailableError(`gateway ${this.code} answered ${status}`);
    return parseState(this.code, answer);
  }

  private call(method: 'GET' | 'POST', path: string, body: string) {
    return callSignedParty(this.party, {
      method,
      path,
      body,
      unreachable: (cause) =>
        new PaymentGatewayUnavailableError(`gateway ${this.code} unreachable: ${method} ${path}`, { cause }),
    });
  }
}

function isReference(value: unknown): value is string {
  return typeof value === 'string' && value !== '' && value.length <= REFERENCE_LENGTH_MAX;
}

/** The gateway's answer, checked: anything unexpected is an unknown outcome, never a guess. */
export function parseState(code: string, answer: Record<string, unknown>): QrState {
  const { gatewayReference, status } = answer;
  if (!isReference(gatewayReference)) {
    throw new PaymentGatewayUnavailableError(`gateway ${code} answered without a reference`);
  }
  if (status === 'live' || status === 'cancelled' || status === 'expired') return { status, gatewayReference };
  if (status === 'paid') {
    const { paidAmountMinor, currency, paidAt } = answer;
    const paidDate = typeof paidAt === 'string' ? new Date(paidAt) : null;
    if (typeof paidAmountMinor !== 'string' || !MINOR.test(paidAmountMinor)) {
      throw new PaymentGatewayUnavailableError(`gateway ${code} answered a payment without an amount`);
    }
    if (typeof currency !== 'string' || !paidDate || Number.isNaN(paidDate.getTime())) {
      throw new PaymentGatewayUnavailableError(`gateway ${code} answered a payment that does not read`);
    }
    return { status, gatewayReference, paidAmountMinor: BigInt(paidAmountMinor), currency, paidAt: paidDate };
  }
  throw new PaymentGatewayUnavailableError(`gateway ${code} answered an unknown status ${String(status)}`);
}
