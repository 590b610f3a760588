import { createHash, randomBytes } from 'node:crypto';
import { HOUR_MS } from '../../lib/clock.ts';
import { type KbankAnswer, KbankClient, type KbankClientOptions } from './kbank-client.ts';
import {
  type CreatedQr,
  type CreateQrRequest,
  type GatewayConfirmation,
  type GatewayNotification,
  type PaymentGateway,
  PaymentGatewayRefusedError,
  PaymentGatewayUnavailableError,
  type QrState,
} from './payment-gateway.ts';

/**
 * KASIKORNBANK's QR Payment API (Thai QR, `qrType` 3) as a payment gateway (docs/parties/kbank-qr.md):
 * `POST /v1/qrpayment/request` makes a dynamic Thai QR, `/v1/qrpayment/v4/inquiry` tells its state,
 * `/v1/qrpayment/cancel` cancels it, and KBank's payment notification, which KBank does not sign, is believed only
 * once an inquiry confirms it. Every body carries the partner's id and secret and a `partnerTxnUid` of its own
 * (15 characters); a QR's is derived from our qrcodeId, which travels as `reference1`.
 */

export interface KbankPartner {
  partnerId: string;
  partnerSecret: string;
  merchantId: string;
  terminalId: string | null;
}

export interface KbankGatewayOptions extends KbankClientOptions, KbankPartner {
  code: string;
}

/** KBank's answer codes (QR Payment API Reference): `statusCode` 00 success, 10 error. */
const SUCCESS = '00';
const THAI_QR = '3';
const PARTNER_TXN_UID_LENGTH = 15;
const PAYLOAD_LENGTH_MAX = 512;
/** Errors after which KBank may or may not have done it: an unknown outcome. */
const UNKNOWN_OUTCOME_ERRORS = new Set(['general_error', 'internal_error', 'qr_unknown']);
const BANGKOK_OFFSET_MS = 7 * HOUR_MS;

/** The QR's `partnerTxnUid`: 15 characters of A-Z0-9 derived from our qrcodeId (KBank's field is string(15)). */
export function partnerTxnUidOf(qrcodeId: string): string {
  const digest = createHash('sha256').update(`member-wallet-qr:${qrcodeId}`).digest();
  return alphanumeric(digest.subarray(0, 12));
}

function alphanumeric(bytes: Buffer): string {
  return BigInt(`0x${bytes.toString('hex')}`)
    .toString(36)
    .toUpperCase()
    .padStart(PARTNER_TXN_UID_LENGTH, '0')
    .slice(-PARTNER_TXN_UID_LENGTH);
}

/** The amount as KBank's `txnAmount` (a JSON number of baht with at most 2 decimals). */
function txnAmount(amountMinor: bigint): number {
  return Number(amountMinor) / 100;
}

/** `txnAmount` back in minor units: a positive number or decimal text of at most 2 decimals; else null. */
export function amountMinorOf(value: unknown): bigint | null {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== 'string') return null;
  const match = /^(\d{1,15})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const minor = BigInt(match[1] ?? '0') * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
  return minor > 0n ? minor : null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

export class KbankPaymentGateway implements PaymentGateway {
  readonly code: string;
  readonly sandbox = false;
  private readonly client: KbankClient;

  constructor(private readonly options: KbankGatewayOptions) {
    this.code = options.code;
    this.client = new KbankClient(options);
  }

  async createQr(request: CreateQrRequest): Promise<CreatedQr> {
    if (request.currency !== 'BAHT') {
      throw new PaymentGatewayRefusedError(`KBank QR takes baht only, not ${request.currency}`);
    }
    const partnerTxnUid = partnerTxnUidOf(request.qrcodeId);
    const answer = await this.client.post('/v1/qrpayment/request', {
      ...this.partner(partnerTxnUid),
      qrType: THAI_QR,
      txnAmount: txnAmount(request.amountMinor),
      txnCurrencyCode: 'THB',
      reference1: request.qrcodeId,
      reference2: null,
      reference3: null,
      reference4: null,
    });
    const error = this.failure('request', answer);
    if (error === 'duplicate_request') {
      // KBank makes one QR per partnerTxnUid, but answers a repeat with this, never with the QR again: the QR
      // exists, and its payload is lost to us. Unknown outcome: the QR service cancels it.
      throw new PaymentGatewayUnavailableError(
        `KBank made QR ${partnerTxnUid} earlier; its payload is not given again`,
      );
    }
    if (error) throw this.errorOf('request', answer, error);
    const payload = text(answer.body?.qrCode);
    if (answer.body?.partnerTxnUid !== partnerTxnUid || !payload || payload.length > PAYLOAD_LENGTH_MAX) {
      throw new PaymentGatewayUnavailableError(`KBank answered a QR request that does not read`);
    }
    return { gatewayReference: partnerTxnUid, payload };
  }

  async status(qrcodeId: string): Promise<QrState> {
    const inquiry = await this.inquire(partnerTxnUidOf(qrcodeId));
    if (inquiry.state.status !== 'not_found' && inquiry.qrcodeId !== null && inquiry.qrcodeId !== qrcodeId) {
      throw new PaymentGatewayUnavailableError(`KBank answered QR ${inquiry.qrcodeId} for ${qrcodeId}`);
    }
    return inquiry.state;
  }

  async cancelQr(qrcodeId: string): Promise<QrState> {
    const partnerTxnUid = partnerTxnUidOf(qrcodeId);
    const answer = await this.client.post('/v1/qrpayment/cancel', {
      ...this.partner(this.callUid()),
      origPartnerTxnUid: partnerTxnUid,
    });
    const error = this.failure('cancel', answer);
    if (!error || error === 'qr_cancelled') return { status: 'cancelled', gatewayReference: partnerTxnUid };
    if (error === 'qr_expired') return { status: 'expired', gatewayReference: partnerTxnUid };
    if (error === 'invalid_origPartnerTxnUid') return { status: 'not_found' };
    // Paid (or voided) before the cancellation: what KBank says of it now.
    if (error === 'qr_paid' || error === 'qr_void') return this.status(qrcodeId);
    throw this.errorOf('cancel', answer, error);
  }

  /**
   * KBank's payment notification (unsigned, KBank documents no signature): a body naming our partner and a
   * partnerTxnUid, read without a call. It is believed only as far as `confirm`, an inquiry to KBank, says: the QR
   * must be PAID there, and its reference1 must be the qrcodeId the partnerTxnUid was derived from. What the
   * inquiry says is credited.
   */
  readNotification(body: unknown): GatewayNotification {
    if (!body || typeof body !== 'object') return { outcome: 'malformed' };
    const notice = body as Record<string, unknown>;
    const partnerTxnUid = text(notice.partnerTxnUid);
    if (!partnerTxnUid || partnerTxnUid.length > 40 || !text(notice.partnerId) || !text(notice.statusCode)) {
      return { outcome: 'malformed' };
    }
    if (notice.partnerId !== this.options.partnerId) return { outcome: 'refused', reason: 'another partner' };
    if (notice.merchantId != null && notice.merchantId !== this.options.merchantId) {
      return { outcome: 'refused', reason: 'another merchant' };
    }
    if (notice.statusCode !== SUCCESS) return { outcome: 'ignored', reason: `statusCode ${String(notice.statusCode)}` };
    return {
      outcome: 'to confirm',
      gatewayReference: partnerTxnUid,
      confirm: () => this.confirmNotification(partnerTxnUid),
    };
  }

  private async confirmNotification(partnerTxnUid: string): Promise<GatewayConfirmation> {
    const inquiry = await this.inquire(partnerTxnUid);
    if (inquiry.state.status !== 'paid') {
      return { outcome: 'refused', reason: `not paid at KBank (${inquiry.state.status})` };
    }
    if (!inquiry.qrcodeId || partnerTxnUidOf(inquiry.qrcodeId) !== partnerTxnUid) {
      return { outcome: 'refused', reason: 'not a QR of ours' };
    }
    const { gatewayReference, paidAmountMinor, currency, paidAt } = inquiry.state;
    return {
      outcome: 'paid',
      eventId: `kbank:${partnerTxnUid}`,
      qrcodeId: inquiry.qrcodeId,
      payment: { gatewayReference, amountMinor: paidAmountMinor, currency, paidAt },
    };
  }

  /** `POST /v1/qrpayment/v4/inquiry`: the QR's state, and the qrcodeId KBank holds as its reference1. */
  private async inquire(partnerTxnUid: string): Promise<{ state: QrState; qrcodeId: string | null }> {
    const answer = await this.client.post('/v1/qrpayment/v4/inquiry', {
      ...this.partner(this.callUid()),
      origPartnerTxnUid: partnerTxnUid,
    });
    const error = this.failure('inquiry', answer);
    if (error === 'invalid_origPartnerTxnUid') return { state: { status: 'not_found' }, qrcodeId: null };
    if (error) throw this.errorOf('inquiry', answer, error);
    const body = answer.body ?? {};
    return { state: this.stateOf(partnerTxnUid, body), qrcodeId: text(body.reference1) };
  }

  private stateOf(gatewayReference: string, body: Record<string, unknown>): QrState {
    switch (body.txnStatus) {
      case 'REQUESTED':
        return { status: 'live', gatewayReference };
      case 'CANCELLED':
      // Voided: paid, then refunded to the payer by the merchant; nothing of it stays with us.
      case 'VOIDED':
        return { status: 'cancelled', gatewayReference };
      case 'EXPIRED':
        return { status: 'expired', gatewayReference };
      case 'NOT_FOUND':
        return { status: 'not_found' };
      case 'PAID': {
        const paidAmountMinor = amountMinorOf(body.txnAmount);
        const currency = body.txnCurrencyCode === 'THB' ? 'BAHT' : text(body.txnCurrencyCode);
        if (paidAmountMinor === null || !currency) {
          throw new PaymentGatewayUnavailableError(
            `KBank answered a payment of ${gatewayReference} that does not read`,
          );
        }
        // The inquiry tells no payment time: the time it was learnt.
        return { status: 'paid', gatewayReference, paidAmountMinor, currency, paidAt: this.options.clock.now() };
      }
      default:
        throw new PaymentGatewayUnavailableError(`KBank answered an unknown txnStatus ${String(body.txnStatus)}`);
    }
  }

  /**
   * The error of an answer: null for a success (`statusCode` 00); KBank's `errorCode` for its error (10); else
   * `http` (a 4xx without KBank's body: the gateway's own refusal) or `unreadable` (5xx, or nothing that reads).
   */
  private failure(call: string, answer: KbankAnswer): string | null {
    const statusCode = answer.body?.statusCode;
    if (answer.status === 200 && statusCode === SUCCESS) return null;
    if (statusCode === '10' && answer.status < 500) return text(answer.body?.errorCode) ?? 'error';
    if (answer.status >= 400 && answer.status < 500) return 'http';
    if (answer.status === 200 && statusCode !== undefined) return `statusCode ${String(statusCode)} (${call})`;
    return 'unreadable';
  }

  /** A creation refused is a refusal (nothing made); anything else, or any other call's error, is unknown. */
  private errorOf(call: string, answer: KbankAnswer, error: string): Error {
    const detail = text(answer.body?.errorDesc) ?? text(answer.body?.message) ?? '';
    const message = `KBank ${call}: HTTP ${answer.status} ${error} ${detail}`.trim();
    const unknown = error === 'unreadable' || error.startsWith('statusCode') || UNKNOWN_OUTCOME_ERRORS.has(error);
    const refused = call === 'request' && !unknown;
    return refused ? new PaymentGatewayRefusedError(message) : new PaymentGatewayUnavailableError(message);
  }

  private partner(partnerTxnUid: string) {
    const { partnerId, partnerSecret, merchantId, terminalId } = this.options;
    return { partnerTxnUid, partnerId, partnerSecret, requestDt: this.requestDt(), merchantId, terminalId };
  }

  /** `requestDt`: ISO 8601 in Bangkok time, as KBank's examples write it (`2018-04-05T12:30:00+07:00`). */
  private requestDt(): string {
    const bangkok = new Date(this.options.clock.now().getTime() + BANGKOK_OFFSET_MS);
    return `${bangkok.toISOString().slice(0, 19)}+07:00`;
  }

  /** A new partnerTxnUid for a call of its own (an inquiry, a cancellation). */
  private callUid(): string {
    return alphanumeric(randomBytes(12));
  }
}
