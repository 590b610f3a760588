import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { balances, fundedMember, get, noDrift, type Player } from '../../../test/games.ts';
import { bearer, startTestApp, type TestApp } from '../../../test/helpers.ts';
import { KBANK_TEST_CREDENTIALS, type KbankPayloadFault, KbankStandIn } from '../../../test/kbank-stand-in.ts';
import { signedHeaders } from '../../adapters/hmac-signature.ts';
import { PAYMENT_SIGNATURE_HEADERS } from '../../adapters/payments/http.ts';
import { partnerTxnUidOf } from '../../adapters/payments/kbank.ts';
import { sandboxPaymentSecret } from '../../adapters/payments/sandbox.ts';
import { FakeClock, MINUTE_MS } from '../../lib/clock.ts';
import { QrRepository } from './qr.repository.ts';
import { NOTICE_INQUIRY_WINDOW_MS } from './qr-notice.ts';

/**
 * QR payments at a real gateway's adapter, KBANK=kbank:<stand-in>: every gateway's payload checked before it is
 * shown (docs/deposits/qr.md, The payload check), and KBank's unsigned notification credited only once an
 * inquiry to KBank confirms it, through the same crediting as the signed webhook; an inquiry it makes only for an
 * unpaid QR of ours, once per QR in the window (issue 39, finding 7).
 */

const clock = new FakeClock(new Date('2026-03-01T05:00:00Z'));
const kbank = new KbankStandIn(clock);
let t: TestApp;
beforeAll(async () => {
  const baseUrl = await kbank.start();
  t = await startTestApp(
    {
      PAYMENT_GATEWAYS: `KBANK=kbank:${baseUrl}`,
      KBANK_CONSUMER_ID: KBANK_TEST_CREDENTIALS.consumerId,
      KBANK_CONSUMER_SECRET: KBANK_TEST_CREDENTIALS.consumerSecret,
      KBANK_PARTNER_ID: KBANK_TEST_CREDENTIALS.partnerId,
      KBANK_PARTNER_SECRET: KBANK_TEST_CREDENTIALS.partnerSecret,
      KBANK_MERCHANT_ID: KBANK_TEST_CREDENTIALS.merchantId,
      QR_SETTLE_INTERVAL_MS: '0',
      MONEY_RATE_PER_MINUTE: '1000',
      PAYMENT_GATEWAY_TIMEOUT_MS: '300',
    },
    { clock },
  );
});
afterAll(async () => {
  await t.close();
  await kbank.close();
});
beforeEach(() => {
  kbank.faults = {};
  kbank.payloadFault = 'none';
});

function qrCreate(player: Player, gateway: string, amount: number) {
  return t.api({ method: 'POST', url: `/api/qrcode/${gateway}`, payload: { amount }, headers: bearer(player.token) });
}

function qrRow(qrcodeId: string) {
  return t.app.db.selectFrom('qr_codes').selectAll().where('qrcode_id', '=', qrcodeId).executeTakeFirstOrThrow();
}

function liveRows(player: Player) {
  return t.app.db
    .selectFrom('qr_codes')
    .select(['qrcode_id', 'gateway'])
    .where('member_id', '=', player.id)
    .where('status', '=', 'live')
    .execute();
}

/** KBank's notification as KBank posts it: JSON, no signature. */
function notify(body: unknown, gateway = 'KBANK'): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: `/api/webhooks/kbank/${gateway}`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

async function liveKbankQr(player: Player, amount: number): Promise<string> {
  const created = await qrCreate(player, 'KBANK', amount);
  expect(created.json()).toMatchObject({ hasQrcode: true, amount, message: 'SUCCESS' });
  return created.json().qrcodeId;
}

const OK = { statusCode: '00', errorCode: null, errorDesc: null };
const INQUIRY = '/v1/qrpayment/v4/inquiry';

/** How many inquiries KBank has had so far. */
function inquiries(): number {
  return kbank.calls.filter((call) => call.path === INQUIRY).length;
}

/** A notification naming our partner and merchant, for a partnerTxnUid of the forger's choosing. */
function forgedFor(partnerTxnUid: string): Record<string, unknown> {
  return {
    partnerTxnUid,
    partnerId: KBANK_TEST_CREDENTIALS.partnerId,
    statusCode: '00',
    errorCode: null,
    errorDesc: null,
    merchantId: KBANK_TEST_CREDENTIALS.merchantId,
    txnAmount: 1000,
    txnCurrencyCode: 'THB',
    loyaltyId: null,
    txnNo: '201802080035496',
    additionalInfo: null,
  };
}

/** 100 notifications one after the other, as fast as they go (the forger's 100 in 334 ms of issue 39). */
async function hundred(body: (index: number) => unknown): Promise<LightMyRequestResponse[]> {
  const answers: LightMyRequestResponse[] = [];
  for (let index = 0; index < 100; index += 1) answers.push(await notify(body(index)));
  return answers;
}

describe('the payload check', () => {
  it("shows a gateway's QR only when its payload is right", async () => {
    const player = await fundedMember(t);
    const qrcodeId = await liveKbankQr(player, 100.5);
    expect((await qrRow(qrcodeId)).gateway_reference).toBe(partnerTxnUidOf(qrcodeId));
  });

  it('refuses a wrong amount, currency or country, a bad CRC and a malformed TLV: QR_FAIL, nothing shown', async () => {
    const player = await fundedMember(t);
    // A live QR at a sandbox gateway, which a QR that cannot be shown must leave live.
    const earlier = (await qrCreate(player, 'WW', 100)).json().qrcodeId;
    const faults: KbankPayloadFault[] = ['amount', 'currency', 'country', 'crc', 'tlv'];
    for (const fault of faults) {
      kbank.payloadFault = fault;
      const answer = await qrCreate(player, 'KBANK', 20);
      expect(answer.statusCode, fault).toBe(200);
      expect(answer.json(), fault).toEqual({
        qrcodeId: '',
        hasQrcode: false,
        qrcode: '',
        amount: 0,
        expireIn: 0,
        message: 'QR_FAIL',
      });
      expect((await get(t, player, '/api/qrcode/KBANK')).json()).toMatchObject({
        hasQrcode: false,
        message: 'NO_DATA',
      });
      // Made at KBank, refused here: cancelled there, so it can never be paid.
      const made = [...kbank.qrs.values()].at(-1);
      expect(made?.status, fault).toBe('CANCELLED');
      expect((await qrRow(made?.qrcodeId ?? '')).status, fault).toBe('failed');
      const problem = fault === 'tlv' ? 'malformed' : fault;
      expect(
        t.logs.some((line) => line.includes('QR payload refused') && line.includes(`"problem":"${problem}"`)),
        fault,
      ).toBe(true);
    }
    expect(await liveRows(player)).toEqual([{ qrcode_id: earlier, gateway: 'WW' }]);
    expect((await get(t, player, '/api/qrcode/WW')).json()).toMatchObject({ hasQrcode: true, qrcodeId: earlier });
  });
});

describe("KBank's payment notification", () => {
  it('credits a payment KBank confirms, once, however often the notification comes', async () => {
    const player = await fundedMember(t, 5);
    const qrcodeId = await liveKbankQr(player, 120.5);
    const notice = kbank.pay(qrcodeId);
    const answer = await notify(notice);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual(OK);
    expect((await balances(t, player)).wallet).toBe(125.5);
    const row = await qrRow(qrcodeId);
    expect(row).toMatchObject({
      status: 'paid',
      paid_amount_minor: 12_050n,
      gateway_reference: partnerTxnUidOf(qrcodeId),
    });
    const entry = await t.app.db
      .selectFrom('journal_entries')
      .select(['idempotency_key', 'reference'])
      .where('member_id', '=', player.id)
      .where('idempotency_key', '=', `qr:KBANK:${qrcodeId}`)
      .executeTakeFirstOrThrow();
    expect(entry.reference).toEqual({ source: 'KBANK', qrcode: qrcodeId, gatewayReference: partnerTxnUidOf(qrcodeId) });
    // KBank's retry, and two at once: nothing more moves.
    const again = await Promise.all([notify(notice), notify(notice), notify(notice)]);
    expect(again.map((replayed) => replayed.json())).toEqual([OK, OK, OK]);
    expect((await balances(t, player)).wallet).toBe(125.5);
    expect(await noDrift(t)).toBe(true);
  });

  it('refuses a forged notification: another partner, a QR not paid at KBank', async () => {
    const player = await fundedMember(t);
    const qrcodeId = await liveKbankQr(player, 300);
    const qr = kbank.qrOf(qrcodeId);
    if (!qr) throw new Error('no stand-in QR');
    const forged = { ...kbank.notification(qr), txnNo: '201802080035496' };
    for (const body of [forged, { ...forged, partnerId: 'PTR9999999' }]) {
      const answer = await notify(body);
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ message: 'UNAUTHORIZED' });
    }
    expect((await notify({ hello: 'world' })).statusCode).toBe(400);
    // A gateway that is not of the kbank adapter has no such route.
    expect((await notify(forged, 'WW')).statusCode).toBe(404);
    expect((await balances(t, player)).wallet).toBe(0);
    expect((await qrRow(qrcodeId)).status).toBe('live');
    expect(
      t.logs.some((line) => line.includes('KBank notification refused') && line.includes('not paid at KBank')),
    ).toBe(true);
    // Nor does the HMAC webhook of our gateway API take KBANK any more, even signed with the sandbox secret.
    const body = JSON.stringify({
      eventId: 'e1',
      qrcodeId,
      gatewayReference: 'x',
      status: 'paid',
      amountMinor: '30000',
      currency: 'BAHT',
      paidAt: clock.now().toISOString(),
    });
    const signed = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/payments/KBANK',
      headers: {
        'content-type': 'application/json',
        ...signedHeaders(PAYMENT_SIGNATURE_HEADERS, sandboxPaymentSecret('KBANK'), clock.now().getTime(), body),
      },
      payload: body,
    });
    expect(signed.statusCode).toBe(401);
    expect((await balances(t, player)).wallet).toBe(0);
  });

  it('asks KBank once per QR within the window, however many notifications come, and again after it', async () => {
    const player = await fundedMember(t);
    const qrcodeId = await liveKbankQr(player, 50);
    const qr = kbank.qrOf(qrcodeId);
    if (!qr) throw new Error('no stand-in QR');
    const before = inquiries();
    const answers = await hundred(() => kbank.notification(qr));
    expect(inquiries() - before).toBe(1);
    // The first asked and is refused (not paid at KBank); the others are acknowledged, unasked.
    expect(answers.filter((answer) => answer.statusCode === 401)).toHaveLength(1);
    const acknowledged = answers.filter((answer) => answer.statusCode === 200).map((answer) => answer.json());
    expect(acknowledged).toEqual(Array(99).fill(OK));
    clock.advance(NOTICE_INQUIRY_WINDOW_MS - 1);
    expect((await notify(kbank.notification(qr))).json()).toEqual(OK);
    expect(inquiries() - before).toBe(1);
    clock.advance(1);
    expect((await notify(kbank.notification(qr))).statusCode).toBe(401);
    expect(inquiries() - before).toBe(2);
    expect((await balances(t, player)).wallet).toBe(0);
    expect((await qrRow(qrcodeId)).status).not.toBe('paid');
  });

  it('lets one of notifications at once claim the inquiry (on PostgreSQL: across nodes)', async () => {
    const player = await fundedMember(t);
    const row = await qrRow(await liveKbankQr(player, 55));
    const repository = new QrRepository();
    const now = clock.now();
    const askedBefore = new Date(now.getTime() - NOTICE_INQUIRY_WINDOW_MS);
    const claims = await Promise.all(
      Array.from({ length: 10 }, () => repository.claimNoticeInquiry(t.app.db, row.id, now, askedBefore)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect((await qrRow(row.qrcode_id)).notice_inquiry_at).toEqual(now);
  });

  it('asks KBank nothing about a QR we do not have, and acknowledges the notification', async () => {
    const player = await fundedMember(t);
    await liveKbankQr(player, 60);
    const before = inquiries();
    const answers = await hundred((index) => forgedFor(`ZZZZZZZZZZ${String(index).padStart(5, '0')}`));
    expect(answers.map((answer) => [answer.statusCode, answer.json()])).toEqual(Array(100).fill([200, OK]));
    expect(inquiries() - before).toBe(0);
    expect((await balances(t, player)).wallet).toBe(0);
  });

  it('asks KBank nothing about a QR already paid', async () => {
    const player = await fundedMember(t);
    const qrcodeId = await liveKbankQr(player, 70);
    const notice = kbank.pay(qrcodeId);
    expect((await notify(notice)).json()).toEqual(OK);
    expect((await balances(t, player)).wallet).toBe(70);
    // Past the window too: a paid QR is never asked about again.
    clock.advance(NOTICE_INQUIRY_WINDOW_MS);
    const before = inquiries();
    const answers = await hundred(() => notice);
    expect(answers.map((answer) => [answer.statusCode, answer.json()])).toEqual(Array(100).fill([200, OK]));
    expect(inquiries() - before).toBe(0);
    expect((await balances(t, player)).wallet).toBe(70);
    expect(await noDrift(t)).toBe(true);
  });

  it('leaves to the settler a payment notified within the window of a forgery', async () => {
    const player = await fundedMember(t);
    const qrcodeId = await liveKbankQr(player, 80);
    const qr = kbank.qrOf(qrcodeId);
    if (!qr) throw new Error('no stand-in QR');
    // The member forges one for their own QR before paying it: it takes the QR's inquiry of the window.
    expect((await notify(kbank.notification(qr))).statusCode).toBe(401);
    const before = inquiries();
    const notice = kbank.pay(qrcodeId);
    expect((await notify(notice)).json()).toEqual(OK);
    expect(inquiries() - before).toBe(0);
    expect((await balances(t, player)).wallet).toBe(0);
    clock.advance(MINUTE_MS);
    await t.app.qrPayments.settle();
    expect((await balances(t, player)).wallet).toBe(80);
    expect(await noDrift(t)).toBe(true);
  });

  it('answers 503 when KBank cannot be asked, and the settler credits the payment later', async () => {
    const player = await fundedMember(t);
    const qrcodeId = await liveKbankQr(player, 40);
    const notice = kbank.pay(qrcodeId);
    kbank.faults['/v1/qrpayment/v4/inquiry'] = 'unavailable';
    expect((await notify(notice)).statusCode).toBe(503);
    expect((await balances(t, player)).wallet).toBe(0);
    kbank.faults = {};
    clock.advance(MINUTE_MS);
    await t.app.qrPayments.settle();
    expect((await balances(t, player)).wallet).toBe(40);
    expect((await notify(notice)).json()).toEqual(OK);
    expect((await balances(t, player)).wallet).toBe(40);
    expect(await noDrift(t)).toBe(true);
  });

  it('cancels at KBank a QR the member replaces, and QR_FAIL when KBank is down', async () => {
    const player = await fundedMember(t);
    const first = await liveKbankQr(player, 10);
    await liveKbankQr(player, 11);
    expect(kbank.qrOf(first)?.status).toBe('CANCELLED');
    kbank.faults['/v1/qrpayment/request'] = 'timeout';
    expect((await qrCreate(player, 'KBANK', 12)).json()).toMatchObject({ hasQrcode: false, message: 'QR_FAIL' });
    expect(await liveRows(player)).toHaveLength(1);
  });
});
