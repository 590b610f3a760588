import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { KBANK_TEST_CREDENTIALS, KbankStandIn } from '../../../test/kbank-stand-in.ts';
import { FakeClock, MINUTE_MS, SECOND_MS } from '../../lib/clock.ts';
import { amountMinorOf, KbankPaymentGateway, partnerTxnUidOf } from './kbank.ts';
import { PaymentGatewayRefusedError, PaymentGatewayUnavailableError } from './payment-gateway.ts';

/** The KBank QR Payment adapter against a local stand-in that answers as KBank documents (test/kbank-stand-in.ts). */

const clock = new FakeClock(new Date('2026-03-01T05:00:00Z'));
const kbank = new KbankStandIn(clock);
let baseUrl = '';
beforeAll(async () => {
  baseUrl = await kbank.start();
});
afterAll(() => kbank.close());
beforeEach(() => {
  kbank.faults = {};
  kbank.payloadFault = 'none';
});

let sequence = 0;
function newQrcodeId(): string {
  sequence += 1;
  return `qr-${String(sequence).padStart(4, '0')}-abcdefghijklmn`;
}

function gateway(overrides: Partial<typeof KBANK_TEST_CREDENTIALS> & { timeoutMs?: number } = {}) {
  return new KbankPaymentGateway({
    code: 'KBANK',
    baseUrl,
    ...KBANK_TEST_CREDENTIALS,
    terminalId: null,
    tls: null,
    clock,
    timeoutMs: 2_000,
    ...overrides,
  });
}

function request(qrcodeId = newQrcodeId(), amountMinor = 10_050n) {
  return { qrcodeId, amountMinor, currency: 'BAHT', merchantName: 'MW', expiresAt: new Date(clock.now().getTime()) };
}

const REQUEST = '/v1/qrpayment/request';
const INQUIRY = '/v1/qrpayment/v4/inquiry';
const CANCEL = '/v1/qrpayment/cancel';

describe('KBank QR adapter: creation', () => {
  it('takes a token with the consumer credentials, then requests a Thai QR with the partner fields', async () => {
    const before = kbank.calls.length;
    const qr = request();
    const created = await gateway().createQr(qr);
    const [token, call] = kbank.calls.slice(before);
    const basic = Buffer.from(`${KBANK_TEST_CREDENTIALS.consumerId}:${KBANK_TEST_CREDENTIALS.consumerSecret}`);
    expect(token).toEqual({
      path: '/v2/oauth/token',
      authorization: `Basic ${basic.toString('base64')}`,
      body: { grant_type: 'client_credentials' },
    });
    expect(call?.path).toBe(REQUEST);
    expect(call?.authorization).toMatch(/^Bearer .+/);
    const partnerTxnUid = partnerTxnUidOf(qr.qrcodeId);
    expect(partnerTxnUid).toMatch(/^[0-9A-Z]{15}$/);
    expect(call?.body).toEqual({
      partnerTxnUid,
      partnerId: KBANK_TEST_CREDENTIALS.partnerId,
      partnerSecret: KBANK_TEST_CREDENTIALS.partnerSecret,
      requestDt: '2026-03-01T12:00:00+07:00',
      merchantId: KBANK_TEST_CREDENTIALS.merchantId,
      terminalId: null,
      qrType: '3',
      txnAmount: 100.5,
      txnCurrencyCode: 'THB',
      reference1: qr.qrcodeId,
      reference2: null,
      reference3: null,
      reference4: null,
    });
    expect(created.gatewayReference).toBe(partnerTxnUid);
    expect(created.payload).toMatch(/^000201.*5406100\.50.*6304[0-9A-F]{4}$/);
  });

  it('keeps the token until shortly before it expires, and takes a new one when KBank refuses it', async () => {
    const adapter = gateway();
    await adapter.createQr(request());
    const issued = kbank.tokensIssued;
    await adapter.createQr(request());
    await adapter.status(newQrcodeId());
    expect(kbank.tokensIssued).toBe(issued);
    // expires_in 1799 s: renewed a minute before.
    clock.advance(1799 * SECOND_MS - MINUTE_MS);
    await adapter.createQr(request());
    expect(kbank.tokensIssued).toBe(issued + 1);
    // Revoked early at KBank: the 401 drops it, a new one is taken and the call made once more.
    kbank.revokeTokens();
    const before = kbank.calls.length;
    await adapter.createQr(request());
    expect(kbank.calls.slice(before).map((call) => call.path)).toEqual([REQUEST, '/v2/oauth/token', REQUEST]);
    expect(kbank.tokensIssued).toBe(issued + 2);
    // Concurrent calls with no token share one token request.
    const fresh = gateway();
    await Promise.all([fresh.status(newQrcodeId()), fresh.status(newQrcodeId()), fresh.status(newQrcodeId())]);
    expect(kbank.tokensIssued).toBe(issued + 3);
  });

  it('refuses baht only: a kip QR is refused without a call', async () => {
    const before = kbank.calls.length;
    await expect(gateway().createQr({ ...request(), currency: 'LAK' })).rejects.toBeInstanceOf(
      PaymentGatewayRefusedError,
    );
    expect(kbank.calls.length).toBe(before);
  });

  it("maps each of KBank's documented creation errors: a refusal, or an unknown outcome", async () => {
    const refusals: [string, string][] = [
      ['authentication_error', 'Wrong partner key. (EMA)'],
      ['bad_request', 'Invalid JSON. (EMBR)'],
      ['invalid_currency_code', 'Currency code XXX is not allowed. (EMICC)'],
      ['invalid_txn_amount', 'Amount must be an integer with two digits precision. (EMITF)'],
      ['invalid_qr_type', 'QR Type X is not allowed. (EMIQR)'],
      ['invalid_reference1', 'reference1 must not be empty. (EMIR)'],
      ['invalid_merchant', 'Merchant ID does not exist. (EMDNE)'],
      ['merchant_closed', 'Merchant is already closed. (EMMC)'],
      ['account_error', 'Account is closed. (EMAC)'],
    ];
    for (const [code, description] of refusals) {
      kbank.failNext(REQUEST, code, description);
      await expect(gateway().createQr(request()), code).rejects.toBeInstanceOf(PaymentGatewayRefusedError);
    }
    for (const [code, description] of [
      ['general_error', 'System cannot process this request. (EMG)'],
      ['internal_error', 'System unavailable. (EMIU)'],
    ]) {
      kbank.failNext(REQUEST, code ?? '', description ?? '');
      await expect(gateway().createQr(request()), code).rejects.toBeInstanceOf(PaymentGatewayUnavailableError);
    }
    // Wrong credentials, as the stand-in checks them for real.
    await expect(gateway({ partnerSecret: 'x'.repeat(32) }).createQr(request())).rejects.toThrow(
      /authentication_error Wrong partner key/,
    );
    await expect(gateway({ merchantId: 'KB000000000000' }).createQr(request())).rejects.toThrow(/invalid_merchant/);
  });

  it('makes one QR per qrcodeId: a repeat after a lost answer is an unknown outcome, and the QR can be cancelled', async () => {
    const qr = request();
    kbank.faults[REQUEST] = 'lostAnswer';
    await expect(gateway().createQr(qr)).rejects.toBeInstanceOf(PaymentGatewayUnavailableError);
    kbank.faults = {};
    await expect(gateway().createQr(qr)).rejects.toThrow(/made QR .* earlier/);
    expect([...kbank.qrs.values()].filter((made) => made.qrcodeId === qr.qrcodeId)).toHaveLength(1);
    expect(await gateway().cancelQr(qr.qrcodeId)).toEqual({
      status: 'cancelled',
      gatewayReference: partnerTxnUidOf(qr.qrcodeId),
    });
  });

  it('treats a time-out, a 5xx, an answer that does not read and a failed token as unknown outcomes', async () => {
    kbank.faults[REQUEST] = 'timeout';
    const started = Date.now();
    await expect(gateway({ timeoutMs: 150 }).createQr(request())).rejects.toBeInstanceOf(
      PaymentGatewayUnavailableError,
    );
    expect(Date.now() - started).toBeLessThan(2_000);
    for (const fault of ['unavailable', 'malformed'] as const) {
      kbank.faults[REQUEST] = fault;
      await expect(gateway().createQr(request()), fault).rejects.toBeInstanceOf(PaymentGatewayUnavailableError);
    }
    kbank.faults = { '/v2/oauth/token': 'timeout' };
    await expect(gateway({ timeoutMs: 150 }).status(newQrcodeId())).rejects.toThrow(/KBank unreachable/);
    kbank.faults = {};
    await expect(gateway({ consumerSecret: 'wrong' }).createQr(request())).rejects.toThrow(/no access token/);
  });
});

describe('KBank QR adapter: inquiry and cancellation', () => {
  it("reads each txnStatus as the QR's state", async () => {
    const adapter = gateway();
    const live = request();
    await adapter.createQr(live);
    const reference = partnerTxnUidOf(live.qrcodeId);
    expect(await adapter.status(live.qrcodeId)).toEqual({ status: 'live', gatewayReference: reference });
    kbank.pay(live.qrcodeId);
    expect(await adapter.status(live.qrcodeId)).toEqual({
      status: 'paid',
      gatewayReference: reference,
      paidAmountMinor: 10_050n,
      currency: 'BAHT',
      paidAt: clock.now(),
    });
    const voided = kbank.qrOf(live.qrcodeId);
    if (voided) voided.status = 'VOIDED';
    expect(await adapter.status(live.qrcodeId)).toMatchObject({ status: 'cancelled' });
    const expiring = request();
    await adapter.createQr(expiring);
    clock.advance(10 * MINUTE_MS);
    expect(await adapter.status(expiring.qrcodeId)).toMatchObject({ status: 'expired' });
    expect(await adapter.status(newQrcodeId())).toEqual({ status: 'not_found' });
    for (const fault of ['unavailable', 'malformed', 'timeout'] as const) {
      kbank.faults[INQUIRY] = fault;
      await expect(gateway({ timeoutMs: 150 }).status(live.qrcodeId), fault).rejects.toBeInstanceOf(
        PaymentGatewayUnavailableError,
      );
    }
  });

  it('cancels a live QR; a paid one answers its payment; an unknown one not_found', async () => {
    const adapter = gateway();
    const live = request();
    await adapter.createQr(live);
    expect(await adapter.cancelQr(live.qrcodeId)).toMatchObject({ status: 'cancelled' });
    expect(kbank.qrOf(live.qrcodeId)?.status).toBe('CANCELLED');
    // Again: KBank answers qr_cancelled, which is the same.
    expect(await adapter.cancelQr(live.qrcodeId)).toMatchObject({ status: 'cancelled' });
    const paid = request();
    await adapter.createQr(paid);
    kbank.pay(paid.qrcodeId);
    expect(await adapter.cancelQr(paid.qrcodeId)).toMatchObject({ status: 'paid', paidAmountMinor: 10_050n });
    expect(await adapter.cancelQr(newQrcodeId())).toEqual({ status: 'not_found' });
    kbank.failNext(CANCEL, 'general_error', 'System cannot process this request. (EMG)');
    await expect(adapter.cancelQr(paid.qrcodeId)).rejects.toBeInstanceOf(PaymentGatewayUnavailableError);
    const cancelCall = kbank.calls.findLast((call) => call.path === CANCEL);
    expect(cancelCall?.body).toMatchObject({ origPartnerTxnUid: partnerTxnUidOf(paid.qrcodeId) });
    expect(cancelCall?.body.partnerTxnUid).toMatch(/^[0-9A-Z]{15}$/);
    expect(cancelCall?.body.partnerTxnUid).not.toBe(partnerTxnUidOf(paid.qrcodeId));
  });
});

/** The notification read (no call), then confirmed by an inquiry when it is to be, as the QR service does. */
async function notified(adapter: KbankPaymentGateway, body: unknown) {
  const notice = adapter.readNotification(body);
  return notice.outcome === 'to confirm' ? notice.confirm() : notice;
}

describe("KBank's payment notification", () => {
  it('is believed only as far as an inquiry to KBank confirms it, and credits what KBank says was paid', async () => {
    const adapter = gateway();
    const qr = request();
    await adapter.createQr(qr);
    const notice = kbank.pay(qr.qrcodeId);
    // Read without a call: the QR it names, for the QR service to confirm or not.
    const before = kbank.calls.length;
    expect(adapter.readNotification(notice)).toMatchObject({
      outcome: 'to confirm',
      gatewayReference: partnerTxnUidOf(qr.qrcodeId),
    });
    expect(kbank.calls.length).toBe(before);
    expect(await notified(adapter, { ...notice, txnAmount: 999_999 })).toEqual({
      outcome: 'paid',
      eventId: `kbank:${partnerTxnUidOf(qr.qrcodeId)}`,
      qrcodeId: qr.qrcodeId,
      payment: {
        gatewayReference: partnerTxnUidOf(qr.qrcodeId),
        amountMinor: 10_050n,
        currency: 'BAHT',
        paidAt: clock.now(),
      },
    });
    expect(kbank.calls.at(-1)?.body).toMatchObject({ origPartnerTxnUid: partnerTxnUidOf(qr.qrcodeId) });
  });

  it('refuses a forged one: another partner, a QR not paid at KBank, one KBank does not know', async () => {
    const adapter = gateway();
    const unpaid = request();
    await adapter.createQr(unpaid);
    const qr = kbank.qrOf(unpaid.qrcodeId);
    if (!qr) throw new Error('no QR');
    const forged = { ...kbank.notification(qr), txnNo: '201802080035496' };
    const before = kbank.calls.length;
    expect(await notified(adapter, { ...forged, partnerId: 'PTR9999999' })).toEqual({
      outcome: 'refused',
      reason: 'another partner',
    });
    expect(await notified(adapter, { ...forged, merchantId: 'KB000000000001' })).toMatchObject({
      outcome: 'refused',
    });
    // Refused without asking KBank.
    expect(kbank.calls.length).toBe(before);
    expect(await notified(adapter, forged)).toEqual({ outcome: 'refused', reason: 'not paid at KBank (live)' });
    expect(await notified(adapter, { ...forged, partnerTxnUid: 'AAAAAAAAAAAAAAA' })).toEqual({
      outcome: 'refused',
      reason: 'not paid at KBank (not_found)',
    });
    expect(await notified(adapter, { ...forged, statusCode: '10', errorCode: 'x' })).toMatchObject({
      outcome: 'ignored',
    });
    for (const body of [null, 'text', {}, { partnerTxnUid: 5, partnerId: 'P', statusCode: '00' }]) {
      expect(await notified(adapter, body)).toEqual({ outcome: 'malformed' });
    }
    kbank.faults[INQUIRY] = 'unavailable';
    await expect(notified(adapter, forged)).rejects.toBeInstanceOf(PaymentGatewayUnavailableError);
  });
});

describe('amountMinorOf', () => {
  it('reads txnAmount as a number or decimal text of at most 2 decimals', () => {
    expect(amountMinorOf(100.5)).toBe(10_050n);
    expect(amountMinorOf('100.50')).toBe(10_050n);
    expect(amountMinorOf(1)).toBe(100n);
    for (const bad of [0, -1, 0.001, '1e3', '', null, Number.NaN, '100.505']) {
      expect(amountMinorOf(bad)).toBeNull();
    }
  });
});
