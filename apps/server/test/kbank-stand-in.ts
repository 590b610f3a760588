import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { encode, tag, withCrcTag } from 'promptparse';
import { billPayment } from 'promptparse/generate';
import type { Clock } from '../src/lib/clock.ts';

/**
 * TEST ONLY: a stand-in for KASIKORNBANK's QR Payment API on 127.0.0.1, answering as KBank documents
 * (docs/parties/kbank-qr.md): the OAuth 2.0 token, QR request, inquiry (v4) and cancel, with KBank's error
 * bodies (`statusCode` "10", `errorCode`, `errorDesc`) and the API gateway's own 401 for a bad or expired token.
 * Controls: faults per call, a bad QR payload, tokens revoked early, a payment, and KBank's notification.
 */

export const KBANK_TEST_CREDENTIALS = {
  consumerId: 'test-consumer-id',
  consumerSecret: 'test-consumer-secret',
  partnerId: 'PTR0000001',
  partnerSecret: 'd4bded59200547bc85903574a293831b',
  merchantId: 'KB102057149704',
};

export type KbankFault = 'none' | 'timeout' | 'unavailable' | 'malformed' | 'lostAnswer';
/** A QR answered with a payload that must not be shown. */
export type KbankPayloadFault = 'none' | 'amount' | 'currency' | 'country' | 'crc' | 'tlv';

interface StandInQr {
  partnerTxnUid: string;
  qrcodeId: string;
  amount: string;
  status: 'REQUESTED' | 'PAID' | 'CANCELLED' | 'EXPIRED' | 'VOIDED';
  createdAt: number;
  txnNo: string | null;
}

export interface KbankCall {
  path: string;
  authorization: string;
  body: Record<string, unknown>;
}

const QR_LIFETIME_MS = 10 * 60_000;
const BILLER_ID = '010753600031501';
const HANG_MS = 5_000;

function error(errorCode: string, errorDesc: string) {
  return { statusCode: '10', errorCode, errorDesc };
}

/** A root tag's value replaced and the CRC made right again: a payload whose only fault is that tag. */
function replaceTag(payload: string, id: string, value: string): string {
  const body = payload.slice(0, -8);
  const tags = [];
  for (let at = 0; at < body.length; ) {
    const length = Number(body.slice(at + 2, at + 4));
    const tagId = body.slice(at, at + 2);
    tags.push(tag(tagId, tagId === id ? value : body.slice(at + 4, at + 4 + length)));
    at += 4 + length;
  }
  return withCrcTag(encode(tags), '63');
}

export class KbankStandIn {
  readonly calls: KbankCall[] = [];
  readonly qrs = new Map<string, StandInQr>();
  faults: Record<string, KbankFault> = {};
  payloadFault: KbankPayloadFault = 'none';
  /** Seconds a token lives, as `expires_in` says (KBank's: 1799). */
  tokenSeconds = 1799;
  tokensIssued = 0;
  #tokens = new Map<string, number>();
  #server: Server = createServer((request, response) => this.handle(request, response));
  #hanging = new Set<ServerResponse>();
  #errors = new Map<string, Record<string, unknown>>();

  constructor(private readonly clock: Clock) {}

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    for (const response of this.#hanging) response.destroy();
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  /** The next call to `path` answers KBank's error `errorCode` (its `errorDesc` as the API reference words it). */
  failNext(path: string, errorCode: string, errorDesc: string): void {
    this.#errors.set(path, error(errorCode, errorDesc));
  }

  /** Every token issued so far stops working (KBank revoked them before their expiry). */
  revokeTokens(): void {
    this.#tokens.clear();
  }

  qrOf(qrcodeId: string): StandInQr | undefined {
    return [...this.qrs.values()].find((qr) => qr.qrcodeId === qrcodeId);
  }

  /** The payer's bank pays the QR; answers KBank's notification body for it. */
  pay(qrcodeId: string): Record<string, unknown> {
    const qr = this.qrOf(qrcodeId);
    if (!qr) throw new Error(`no stand-in QR for ${qrcodeId}`);
    qr.status = 'PAID';
    qr.txnNo = String(Date.now()).padStart(15, '0');
    return this.notification(qr);
  }

  /** KBank's Payment Notification Callback body for a paid QR. */
  notification(qr: StandInQr): Record<string, unknown> {
    return {
      partnerTxnUid: qr.partnerTxnUid,
      partnerId: KBANK_TEST_CREDENTIALS.partnerId,
      statusCode: '00',
      errorCode: null,
      errorDesc: null,
      merchantId: KBANK_TEST_CREDENTIALS.merchantId,
      txnAmount: Number(qr.amount),
      txnCurrencyCode: 'THB',
      loyaltyId: null,
      txnNo: qr.txnNo,
      additionalInfo: null,
    };
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => {
      const path = request.url ?? '';
      const authorization = request.headers.authorization ?? '';
      const body = path === '/v2/oauth/token' ? Object.fromEntries(new URLSearchParams(text)) : parse(text);
      this.calls.push({ path, authorization, body });
      const fault = this.faults[path] ?? 'none';
      if (fault === 'timeout') {
        this.#hanging.add(response);
        setTimeout(() => response.destroy(), HANG_MS).unref();
        return;
      }
      if (fault === 'unavailable') return void response.writeHead(503).end('Service Unavailable');
      if (fault === 'malformed') return void response.writeHead(200).end('<html>maintenance</html>');
      const [status, answer] = this.answer(path, authorization, body);
      if (fault === 'lostAnswer') return void response.writeHead(504).end('Gateway Timeout');
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  }

  private answer(path: string, authorization: string, body: Record<string, unknown>): [number, unknown] {
    if (path === '/v2/oauth/token') return this.token(authorization, body);
    const token = /^Bearer (.+)$/.exec(authorization)?.[1];
    const expiresAt = token ? this.#tokens.get(token) : undefined;
    if (expiresAt === undefined) return [401, { code: 'openapi_error', message: 'Invalid Access Token' }];
    if (expiresAt <= this.clock.now().getTime()) {
      return [401, { code: 'openapi_error', message: 'Access Token expired' }];
    }
    const { partnerId, partnerSecret, merchantId } = KBANK_TEST_CREDENTIALS;
    if (body.partnerId !== partnerId || body.partnerSecret !== partnerSecret) {
      return [200, error('authentication_error', 'Wrong partner key. (EMA)')];
    }
    if (body.merchantId !== merchantId) return [200, error('invalid_merchant', 'Merchant ID does not exist. (EMDNE)')];
    const head = { partnerTxnUid: body.partnerTxnUid, partnerId };
    const forced = this.#errors.get(path);
    if (forced) {
      this.#errors.delete(path);
      return [200, { ...head, ...forced }];
    }
    if (path === '/v1/qrpayment/request') return [200, { ...head, ...this.request(body) }];
    const qr = this.qrs.get(String(body.origPartnerTxnUid));
    if (qr?.status === 'REQUESTED' && qr.createdAt + QR_LIFETIME_MS <= this.clock.now().getTime()) {
      qr.status = 'EXPIRED';
    }
    if (path === '/v1/qrpayment/v4/inquiry') return [200, { ...head, ...this.inquiry(qr) }];
    if (path === '/v1/qrpayment/cancel') return [200, { ...head, ...this.cancel(qr) }];
    return [404, { code: 'openapi_error', message: 'Invalid Path' }];
  }

  private token(authorization: string, body: Record<string, unknown>): [number, unknown] {
    const { consumerId, consumerSecret } = KBANK_TEST_CREDENTIALS;
    const basic = `Basic ${Buffer.from(`${consumerId}:${consumerSecret}`).toString('base64')}`;
    if (authorization !== basic) return [401, { code: 'openapi_error', message: 'Invalid Consumer Secret' }];
    if (body.grant_type !== 'client_credentials') {
      return [400, { code: 'openapi_error', message: 'OAuth 2.0 Token Generate Error' }];
    }
    const token = randomBytes(14).toString('base64url');
    this.tokensIssued += 1;
    this.#tokens.set(token, this.clock.now().getTime() + this.tokenSeconds * 1000);
    return [
      200,
      {
        'developer.email': 'partner@example.test',
        token_type: 'Bearer',
        client_id: consumerId,
        access_token: token,
        scope: '',
        expires_in: String(this.tokenSeconds),
        status: 'approved',
      },
    ];
  }

  private request(body: Record<string, unknown>): Record<string, unknown> {
    const uid = String(body.partnerTxnUid ?? '');
    if (!/^[A-Za-z0-9]{1,15}$/.test(uid) || typeof body.requestDt !== 'string') {
      return error('bad_request', 'Invalid JSON. (EMBR)');
    }
    if (this.qrs.has(uid)) return error('duplicate_request', 'This request is duplicated. (EMDR)');
    if (body.qrType !== '3') return error('invalid_qr_type', `QR Type ${String(body.qrType)} is not allowed. (EMIQR)`);
    if (body.txnCurrencyCode !== 'THB') {
      return error('invalid_currency_code', `Currency code ${String(body.txnCurrencyCode)} is not allowed. (EMICC)`);
    }
    const amount = body.txnAmount;
    if (typeof amount !== 'number' || !(amount > 0)) return error('invalid_txn_amount', 'Invalid Amount. (EMITA)');
    if (Math.round(amount * 100) !== amount * 100) {
      return error('invalid_txn_amount', 'Amount must be an integer with two digits precision. (EMITF)');
    }
    if (typeof body.reference1 !== 'string' || body.reference1 === '') {
      return error('invalid_reference1', 'reference1 must not be empty. (EMIR)');
    }
    const qr: StandInQr = {
      partnerTxnUid: uid,
      qrcodeId: body.reference1,
      amount: amount.toFixed(2),
      status: 'REQUESTED',
      createdAt: this.clock.now().getTime(),
      txnNo: null,
    };
    this.qrs.set(uid, qr);
    const qrCode = this.payload(uid, amount);
    return {
      statusCode: '00',
      errorCode: null,
      errorDesc: null,
      accountName: 'Member Wallet Co.',
      qrCode,
      sof: ['PP'],
    };
  }

  private payload(uid: string, amount: number): string {
    const good = billPayment({ billerId: BILLER_ID, ref1: uid, amount });
    switch (this.payloadFault) {
      case 'amount':
        return billPayment({ billerId: BILLER_ID, ref1: uid, amount: amount + 1 });
      case 'currency':
        return replaceTag(good, '53', '418');
      case 'country':
        return replaceTag(good, '58', 'LA');
      case 'crc':
        return `${good.slice(0, -4)}${good.slice(-4) === '0000' ? '0001' : '0000'}`;
      case 'tlv':
        return withCrcTag(`${good.slice(0, -8)}5499`, '63');
      default:
        return good;
    }
  }

  private inquiry(qr: StandInQr | undefined): Record<string, unknown> {
    if (!qr) return error('invalid_origPartnerTxnUid', 'origPartnerTxnUid does not exist. (EMITDNE)');
    const { merchantId } = KBANK_TEST_CREDENTIALS;
    return {
      statusCode: '00',
      errorCode: null,
      errorDesc: null,
      txnStatus: qr.status,
      txnNo: qr.txnNo,
      merchantId,
      terminalId: null,
      qrType: '3',
      txnAmount: qr.amount,
      txnCurrencyCode: 'THB',
      reference1: qr.qrcodeId,
      reference2: null,
      reference3: null,
      reference4: null,
    };
  }

  private cancel(qr: StandInQr | undefined): Record<string, unknown> {
    if (!qr) return error('invalid_origPartnerTxnUid', 'origPartnerTxnUid does not exist. (EMITDNE)');
    if (qr.status === 'PAID') return error('qr_paid', 'QR already paid. (EMQRP)');
    if (qr.status === 'CANCELLED') return error('qr_cancelled', 'QR is cancelled. (EMQRC)');
    if (qr.status === 'EXPIRED') return error('qr_expired', 'QR has expired. (EMQRE)');
    qr.status = 'CANCELLED';
    return { statusCode: '00', errorCode: null, errorDesc: null };
  }
}

function parse(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
