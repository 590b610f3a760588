import { randomUUID } from 'node:crypto';
import type { StatementItem } from '@member-wallet/contract/statement';
import type { LightMyRequestResponse } from 'fastify';
import { parse } from 'promptparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balances, fundedMember, get, noDrift, type Player } from '../../../test/games.ts';
import { bearer, registerAndLogin, startTestApp, type TestApp } from '../../../test/helpers.ts';
import { signedHeaders } from '../../adapters/hmac-signature.ts';
import { PAYMENT_SIGNATURE_HEADERS } from '../../adapters/payments/http.ts';
import { sandboxPaymentSecret } from '../../adapters/payments/sandbox.ts';
import { MINUTE_MS, SECOND_MS } from '../../lib/clock.ts';
import { laoPayload } from '../../sandbox/payments/emvco.ts';

/** QR payments through the HTTP API, at the sandbox gateways over real HTTP, with their signed webhooks. */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    QR_SETTLE_INTERVAL_MS: '0',
    QR_EXPIRY_MINUTES: '10',
    MONEY_RATE_PER_MINUTE: '1000',
    PAYMENT_GATEWAY_TIMEOUT_MS: '300',
  });
});
afterAll(() => t.close());

function qrGet(player: Player, gateway: string) {
  return get(t, player, `/api/qrcode/${gateway}`);
}

function qrCreate(player: Player, gateway: string, amount: unknown) {
  return t.api({ method: 'POST', url: `/api/qrcode/${gateway}`, payload: { amount }, headers: bearer(player.token) });
}

function qrDelete(player: Player, gateway: string, qrcodeId: string) {
  return t.api({ method: 'DELETE', url: `/api/qrcode/${gateway}/${qrcodeId}`, headers: bearer(player.token) });
}

/** A live QR of `amount` at the gateway; answers its id. */
async function liveQr(player: Player, gateway: string, amount: number): Promise<string> {
  const answer = await qrCreate(player, gateway, amount);
  expect(answer.statusCode).toBe(200);
  expect(answer.json()).toMatchObject({ hasQrcode: true, amount });
  return answer.json().qrcodeId;
}

function pay(gateway: string, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: `/sandbox/payments/${gateway}/pay`, payload: body });
}

async function fault(gateway: string, name: string) {
  const answer = await t.app.inject({
    method: 'PUT',
    url: `/sandbox/payments/${gateway}/settings`,
    payload: { fault: name },
  });
  expect(answer.statusCode).toBe(200);
}

function qrRow(qrcodeId: string) {
  return t.app.db.selectFrom('qr_codes').selectAll().where('qrcode_id', '=', qrcodeId).executeTakeFirstOrThrow();
}

async function liveRows(player: Player) {
  return t.app.db
    .selectFrom('qr_codes')
    .select(['qrcode_id', 'gateway'])
    .where('member_id', '=', player.id)
    .where('status', '=', 'live')
    .execute();
}

async function depositEntries(player: Player) {
  return t.app.db
    .selectFrom('journal_entries')
    .select(['idempotency_key', 'reference', 'status'])
    .where('member_id', '=', player.id)
    .where('type', '=', 'deposit')
    .execute();
}

interface WebhookOptions {
  eventId?: string;
  amountMinor?: string;
  secret?: string;
  /** Moves the signature's timestamp from the server's clock. */
  skewMs?: number;
  signature?: string;
}

/** A paid notification as a gateway sends it, signed with the sandbox gateway's secret unless told otherwise. */
function webhook(gateway: string, qrcodeId: string, options: WebhookOptions = {}): Promise<LightMyRequestResponse> {
  const body = JSON.stringify({
    eventId: options.eventId ?? randomUUID(),
    qrcodeId,
    gatewayReference: 'GW-REF-1',
    status: 'paid',
    amountMinor: options.amountMinor ?? '10000',
    currency: 'BAHT',
    paidAt: t.clock.now().toISOString(),
  });
  const headers = signedHeaders(
    PAYMENT_SIGNATURE_HEADERS,
    options.secret ?? sandboxPaymentSecret(gateway),
    t.clock.now().getTime() + (options.skewMs ?? 0),
    body,
  );
  if (options.signature) headers['x-payment-signature'] = options.signature;
  return t.app.inject({
    method: 'POST',
    url: `/api/webhooks/payments/${gateway}`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: body,
  });
}

/** An independent CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF), as EMVCo's tag 63 is defined. */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

function expectValidCrc(payload: string) {
  expect(payload.slice(-8, -4)).toBe('6304');
  expect(payload.slice(-4)).toBe(crc16(payload.slice(0, -4)));
}

describe('GET, POST and DELETE /api/qrcode/{gateway}', () => {
  it('makes a PromptPay QR with the amount and a valid CRC, rendered as SVG, with the server-set expiry', async () => {
    const player = await fundedMember(t);
    const none = await qrGet(player, 'KBANK');
    expect(none.json()).toEqual({
      qrcodeId: '',
      hasQrcode: false,
      qrcode: '',
      amount: 0,
      expireIn: 0,
      message: 'NO_DATA',
    });
    const created = await qrCreate(player, 'KBANK', 0.01);
    expect(created.statusCode).toBe(200);
    const body = created.json();
    expect(body).toMatchObject({ hasQrcode: true, amount: 0.01, expireIn: 600, message: 'SUCCESS' });
    expect(body.qrcodeId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(body.qrcode).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(body.qrcode.trim()).toMatch(/<\/svg>$/);
    const row = await qrRow(body.qrcodeId);
    const payload = row.payload ?? '';
    expectValidCrc(payload);
    const qr = parse(payload, true, true);
    expect(qr?.getTagValue('54')).toBe('0.01');
    expect(qr?.getTagValue('53')).toBe('764');
    expect(qr?.getTagValue('58')).toBe('TH');
    // PromptPay bill payment, the gateway's reference as reference 1.
    expect(qr?.getTagValue('30', '00')).toBe('A000000677010112');
    expect(qr?.getTagValue('30', '02')).toBe(row.gateway_reference);
    t.clock.advance(90 * SECOND_MS);
    expect((await qrGet(player, 'KBANK')).json()).toMatchObject({ qrcodeId: body.qrcodeId, expireIn: 510 });
  });

  it('enforces each gateway minimum (first provider above 0, WW 100, FP 10) and the amount rules', async () => {
    const player = await fundedMember(t);
    const refused = async (gateway: string, amount: unknown, code = 'KEY_INVALID') => {
      const answer = await qrCreate(player, gateway, amount);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ message: code, fields: { amount: code } });
    };
    await refused('KBANK', 0);
    await refused('KBANK', -1);
    await refused('KBANK', 1.005);
    await refused('KBANK', undefined, 'KEY_MISSING');
    await refused('WW', 99.99);
    await liveQr(player, 'WW', 100);
    await refused('FP', 9.99);
    await liveQr(player, 'FP', 10);
    await refused('PAYONEX', 99.99);
    await liveQr(player, 'PAYONEX', 100);
    // One live QR per member: the last one.
    expect((await liveRows(player)).map((row) => row.gateway)).toEqual(['PAYONEX']);
  });

  it('answers 404 NO_DATA for a gateway that is unknown or not offered in the member currency', async () => {
    const player = await fundedMember(t);
    for (const gateway of ['NOPE', 'BCEL', 'kbank']) {
      expect((await qrGet(player, gateway)).statusCode).toBe(404);
      const answer = await qrCreate(player, gateway, 100);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ message: 'NO_DATA' });
    }
    expect((await t.api({ method: 'GET', url: '/api/qrcode/KBANK' })).statusCode).toBe(401);
  });

  it('shows no QR once it has expired, and the settler marks it expired', async () => {
    const player = await fundedMember(t);
    const qrcodeId = await liveQr(player, 'KBANK', 20);
    t.clock.advance(10 * MINUTE_MS - SECOND_MS);
    expect((await qrGet(player, 'KBANK')).json()).toMatchObject({ hasQrcode: true, expireIn: 1 });
    t.clock.advance(SECOND_MS);
    expect((await qrGet(player, 'KBANK')).json()).toMatchObject({ hasQrcode: false, message: 'NO_DATA' });
    await t.app.qrPayments.settle();
    expect((await qrRow(qrcodeId)).status).toBe('expired');
  });

  it('cancels a live QR at another gateway when one is made (and tells that gateway)', async () => {
    const player = await fundedMember(t);
    const kbank = await liveQr(player, 'KBANK', 50);
    const ww = await liveQr(player, 'WW', 100);
    expect((await qrGet(player, 'KBANK')).json()).toMatchObject({ hasQrcode: false, message: 'NO_DATA' });
    expect((await qrGet(player, 'WW')).json()).toMatchObject({ hasQrcode: true, qrcodeId: ww });
    expect((await qrRow(kbank)).status).toBe('cancelled');
    const atGateway = await t.app.sandboxDb
      .selectFrom('sandbox_payment_qrcodes')
      .select('status')
      .where('qrcode_id', '=', kbank)
      .executeTakeFirstOrThrow();
    expect(atGateway.status).toBe('cancelled');
  });

  it('leaves one live QR when a member makes several at once, the others cancelled at their gateways', async () => {
    const player = await fundedMember(t);
    const answers = await Promise.all([
      qrCreate(player, 'KBANK', 10),
      qrCreate(player, 'WW', 100),
      qrCreate(player, 'FP', 10),
      qrCreate(player, 'KBANK', 20),
    ]);
    expect(answers.map((answer) => answer.json().hasQrcode)).toEqual([true, true, true, true]);
    const live = await liveRows(player);
    expect(live).toHaveLength(1);
    const others = answers.map((answer) => answer.json().qrcodeId).filter((id) => id !== live[0]?.qrcode_id);
    const atGateway = await t.app.sandboxDb
      .selectFrom('sandbox_payment_qrcodes')
      .select('status')
      .where('qrcode_id', 'in', others)
      .execute();
    expect(atGateway.map((row) => row.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
  });

  it("never shows or cancels another member's QR, and cancelling is idempotent", async () => {
    const owner = await fundedMember(t);
    const other = await fundedMember(t);
    const qrcodeId = await liveQr(owner, 'KBANK', 30);
    expect((await qrGet(other, 'KBANK')).json()).toMatchObject({ hasQrcode: false });
    const refused = await qrDelete(other, 'KBANK', qrcodeId);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: 'NO_DATA' });
    expect((await qrDelete(other, 'KBANK', 'no-such-qrcode-id-at-all')).json()).toEqual(refused.json());
    expect((await qrDelete(owner, 'WW', qrcodeId)).statusCode).toBe(404);
    expect((await qrRow(qrcodeId)).status).toBe('live');
    for (let time = 0; time < 2; time++) {
      const answer = await qrDelete(owner, 'KBANK', qrcodeId);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ message: 'SUCCESS' });
    }
    expect((await qrRow(qrcodeId)).status).toBe('cancelled');
    expect((await qrGet(owner, 'KBANK')).json()).toMatchObject({ hasQrcode: false });
  });

  it('answers QR_FAIL and leaves nothing live when the gateway refuses, is down or does not answer', async () => {
    const player = await fundedMember(t);
    try {
      for (const name of ['refuse', 'unavailable', 'lostAnswer', 'timeout']) {
        await fault('FP', name);
        const answer = await qrCreate(player, 'FP', 50);
        expect(answer.statusCode).toBe(200);
        expect(answer.json()).toEqual({
          qrcodeId: '',
          hasQrcode: false,
          qrcode: '',
          amount: 0,
          expireIn: 0,
          message: 'QR_FAIL',
        });
        expect(await liveRows(player)).toEqual([]);
      }
    } finally {
      await fault('FP', 'none');
    }
    const failed = await t.app.db.selectFrom('qr_codes').select('status').where('member_id', '=', player.id).execute();
    expect(failed.map((row) => row.status)).toEqual(['failed', 'failed', 'failed', 'failed']);
    expect(t.logs.some((line) => line.includes('QR creation failed'))).toBe(true);
  });

  it('replays the first answer for the same Idempotency-Key', async () => {
    const player = await fundedMember(t);
    const key = randomUUID();
    const send = () =>
      t.api({
        method: 'POST',
        url: '/api/qrcode/KBANK',
        payload: { amount: 15 },
        headers: { ...bearer(player.token), 'idempotency-key': key },
      });
    const first = await send();
    const second = await send();
    expect(second.json().qrcodeId).toBe(first.json().qrcodeId);
    expect(await liveRows(player)).toHaveLength(1);
  });
});

describe('paying a QR', () => {
  it('credits the wallet once through the sandbox gateway, shown as a deposit from the gateway', async () => {
    const player = await fundedMember(t, 5);
    const qrcodeId = await liveQr(player, 'KBANK', 120.5);
    const paid = await pay('KBANK', { qrcodeId });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ qrcodeId, status: 'paid', amount: 120.5, delivered: 1 });
    expect((await balances(t, player)).wallet).toBe(125.5);
    expect((await qrGet(player, 'KBANK')).json()).toMatchObject({ hasQrcode: false });
    const row = await qrRow(qrcodeId);
    expect(row).toMatchObject({ status: 'paid', paid_amount_minor: 12_050n });
    const entries = await depositEntries(player);
    expect(entries.filter((entry) => entry.idempotency_key.startsWith('qr:'))).toEqual([
      {
        idempotency_key: `qr:KBANK:${qrcodeId}`,
        reference: { source: 'KBANK', qrcode: qrcodeId, gatewayReference: row.gateway_reference },
        status: 'completed',
      },
    ]);
    const statement = await t.api({
      method: 'POST',
      url: '/api/statement',
      headers: bearer(player.token),
      payload: { page: 1, limit: 10 },
    });
    expect(statement.json().statements[0] as StatementItem).toMatchObject({
      statementType: 'deposit',
      status: 'SUCCESS',
      from: 'KBANK',
      to: 'wallet',
      amount: 120.5,
    });
    // Paid again at the gateway: refused there; its event sent again: nothing moves.
    expect((await pay('KBANK', { qrcodeId })).statusCode).toBe(409);
    const again = await t.app.inject({
      method: 'POST',
      url: '/sandbox/payments/KBANK/redeliver',
      payload: { qrcodeId },
    });
    expect(again.json()).toEqual({ delivered: 1 });
    expect((await balances(t, player)).wallet).toBe(125.5);
    expect(await noDrift(t)).toBe(true);
  });

  it('credits what was paid when it differs from the QR amount, with a warning', async () => {
    const player = await fundedMember(t);
    const qrcodeId = await liveQr(player, 'WW', 300);
    expect((await pay('WW', { qrcodeId, amount: 299.5 })).statusCode).toBe(200);
    expect((await balances(t, player)).wallet).toBe(299.5);
    expect(t.logs.some((line) => line.includes('another amount') && line.includes(qrcodeId))).toBe(true);
  });

  it('credits a payment of an expired QR and of a cancelled QR, once (late payment rule)', async () => {
    const player = await fundedMember(t);
    const expired = await liveQr(player, 'KBANK', 40);
    t.clock.advance(11 * MINUTE_MS);
    await t.app.qrPayments.settle();
    expect((await qrRow(expired)).status).toBe('expired');
    expect((await pay('KBANK', { qrcodeId: expired, deliveries: 2 })).json()).toMatchObject({ delivered: 2 });
    expect((await balances(t, player)).wallet).toBe(40);

    const cancelled = await liveQr(player, 'FP', 60);
    expect((await qrDelete(player, 'FP', cancelled)).statusCode).toBe(200);
    expect((await pay('FP', { qrcodeId: cancelled })).statusCode).toBe(200);
    expect((await webhook('FP', cancelled, { amountMinor: '6000' })).statusCode).toBe(200);
    expect((await balances(t, player)).wallet).toBe(100);
    expect((await qrRow(expired)).status).toBe('paid');
    expect((await qrRow(cancelled)).status).toBe('paid');
    expect(t.logs.filter((line) => line.includes('late payment') && line.includes(cancelled))).toHaveLength(1);
    expect(await noDrift(t)).toBe(true);
  });

  it('settles a payment whose webhook was lost, once', async () => {
    const player = await fundedMember(t);
    const qrcodeId = await liveQr(player, 'PAYONEX', 200);
    expect((await pay('PAYONEX', { qrcodeId, webhook: false })).json()).toMatchObject({ delivered: 0 });
    expect((await balances(t, player)).wallet).toBe(0);
    // Not yet due: the first check comes a minute after the QR was made.
    await t.app.qrPayments.settle();
    expect((await balances(t, player)).wallet).toBe(0);
    t.clock.advance(MINUTE_MS);
    const pass = await t.app.qrPayments.settle();
    expect(pass.credited).toBeGreaterThanOrEqual(1);
    expect((await balances(t, player)).wallet).toBe(200);
    t.clock.advance(60 * MINUTE_MS);
    await t.app.qrPayments.settle();
    expect((await balances(t, player)).wallet).toBe(200);
    expect((await qrRow(qrcodeId)).next_check_at).toBeNull();
  });
});

describe('POST /api/webhooks/payments/{gateway}', () => {
  it('refuses a forged signature, a wrong secret, a stale or future timestamp and a missing signature', async () => {
    const player = await fundedMember(t);
    const qrcodeId = await liveQr(player, 'KBANK', 100);
    const refusals = [
      await webhook('KBANK', qrcodeId, { signature: `v1=${'0'.repeat(64)}` }),
      await webhook('KBANK', qrcodeId, { secret: 'not-the-secret' }),
      await webhook('KBANK', qrcodeId, { secret: sandboxPaymentSecret('WW') }),
      await webhook('KBANK', qrcodeId, { skewMs: -6 * MINUTE_MS }),
      await webhook('KBANK', qrcodeId, { skewMs: 6 * MINUTE_MS }),
      await t.app.inject({
        method: 'POST',
        url: '/api/webhooks/payments/KBANK',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ eventId: 'x', qrcodeId }),
      }),
    ];
    for (const answer of refusals) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ message: 'UNAUTHORIZED' });
    }
    expect((await balances(t, player)).wallet).toBe(0);
    expect((await qrRow(qrcodeId)).status).toBe('live');
    expect(t.logs.some((line) => line.includes('payment webhook refused') && line.includes('stale'))).toBe(true);
  });

  it('ignores a replayed event and credits two concurrent deliveries of one payment once', async () => {
    const player = await fundedMember(t);
    const qrcodeId = await liveQr(player, 'KBANK', 100);
    const eventId = randomUUID();
    expect((await webhook('KBANK', qrcodeId, { eventId })).statusCode).toBe(200);
    expect((await webhook('KBANK', qrcodeId, { eventId })).statusCode).toBe(200);
    expect((await balances(t, player)).wallet).toBe(100);

    const second = await liveQr(player, 'KBANK', 100);
    const same = randomUUID();
    const answers = await Promise.all([
      webhook('KBANK', second, { eventId: same }),
      webhook('KBANK', second, { eventId: same }),
      webhook('KBANK', second),
      webhook('KBANK', second),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect((await balances(t, player)).wallet).toBe(200);
    expect(await depositEntries(player)).toHaveLength(2);
    expect(await noDrift(t)).toBe(true);
  });

  it('answers 404 for an unknown QR or a QR of another gateway, and 400 for a body that does not read', async () => {
    const player = await fundedMember(t);
    const qrcodeId = await liveQr(player, 'KBANK', 10);
    expect((await webhook('KBANK', 'no-such-qrcode-id-here')).statusCode).toBe(404);
    expect((await webhook('WW', qrcodeId)).statusCode).toBe(404);
    expect((await webhook('NOPE', qrcodeId)).statusCode).toBe(404);
    expect((await webhook('KBANK', qrcodeId, { amountMinor: '-5' })).statusCode).toBe(400);
    expect(t.logs.some((line) => line.includes('payment webhook for an unknown QR'))).toBe(true);
    expect((await balances(t, player)).wallet).toBe(0);
    expect(await noDrift(t)).toBe(true);
  });
});

describe('the Lao QR (BCEL)', () => {
  it('is an EMVCo QR in kip (418), country LA, with the amount and a valid CRC', () => {
    const payload = laoPayload('BC0011223344556677AA', 5_000_000n, 'MEMBER WALLET (SANDBOX)');
    expectValidCrc(payload);
    const qr = parse(payload, true, true);
    expect(qr?.getTagValue('53')).toBe('418');
    expect(qr?.getTagValue('58')).toBe('LA');
    expect(qr?.getTagValue('54')).toBe('50000');
    expect(qr?.getTagValue('59')).toBe('MEMBER WALLET (SANDBOX)');
  });

  it('is made and paid for a kip member of the Laos build', async () => {
    const laos = await startTestApp({ COUNTRY: 'LA', QR_SETTLE_INTERVAL_MS: '0' });
    try {
      const member = await registerAndLogin(laos, { bankCode: 'BCEL', currency: 'LAK', username: '02055599999' });
      const created = await laos.api({
        method: 'POST',
        url: '/api/qrcode/BCEL',
        payload: { amount: 50_000 },
        headers: bearer(member.token),
      });
      expect(created.json()).toMatchObject({ hasQrcode: true, amount: 50_000 });
      const qrcodeId = created.json().qrcodeId;
      const paid = await laos.app.inject({ method: 'POST', url: '/sandbox/payments/BCEL/pay', payload: { qrcodeId } });
      expect(paid.json()).toMatchObject({ delivered: 1 });
      const wallet = await laos.api({ method: 'GET', url: '/api/wallet', headers: bearer(member.token) });
      expect(wallet.json().wallet.amount).toBe(50_000);
      expect(
        (await laos.api({ method: 'GET', url: '/api/qrcode/KBANK', headers: bearer(member.token) })).statusCode,
      ).toBe(404);
    } finally {
      await laos.close();
    }
  });
});
