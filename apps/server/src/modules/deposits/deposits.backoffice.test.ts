import { randomUUID } from 'node:crypto';
import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import type { BackofficeDeposit } from '@member-wallet/contract/backoffice/deposits';
import { encryptGiftLink } from '@member-wallet/contract/truelink';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noDrift } from '../../../test/games.ts';
import { bearer, registerAndLogin, startTestApp, type TestApp } from '../../../test/helpers.ts';
import { signedInOperator } from '../../../test/operators.ts';
import { uploadSlip } from '../../../test/slips.ts';
import { FakeClock } from '../../lib/clock.ts';
import { csvField, UTF8_BOM } from '../../lib/csv.ts';
import { DepositsBackofficeRepository } from './deposits.backoffice.repository.ts';

/** The back-office's deposits of every channel and its QR codes (docs/backoffice/deposits.md, Deposits and QR codes). */

let t: TestApp;
let finance: Record<string, string>;
let member: Awaited<ReturnType<typeof registerAndLogin>>;
let stranger: Awaited<ReturnType<typeof registerAndLogin>>;
const made = { paidQr: '', liveQr: '', voucherRef: '', matchedRef: '', unmatchedRef: '', slipId: '' };

beforeAll(async () => {
  t = await startTestApp(
    { QR_SETTLE_INTERVAL_MS: '0', TRUELINK_SETTLE_INTERVAL_MS: '0', MONEY_RATE_PER_MINUTE: '1000' },
    // Noon in Bangkok, far from the slips' default closed window (23:50-00:10), whatever the real time.
    { clock: new FakeClock(new Date('2026-03-04T05:00:00Z')) },
  );
  finance = (await signedInOperator(t, 'finance')).headers;
  member = await registerAndLogin(t);
  stranger = await registerAndLogin(t);
  await makeOneOfEach();
});
afterAll(() => t.close());

function memberCall(method: 'GET' | 'POST', url: string, payload?: object) {
  return t.api({ method, url, payload, headers: { ...bearer(member.token), 'idempotency-key': randomUUID() } });
}

/** A QR paid and one live, a gift link credited, a transfer matched and one not, a slip refused; a second apart. */
async function makeOneOfEach() {
  const first = await memberCall('POST', '/api/qrcode/KBANK', { amount: 50 });
  made.paidQr = first.json().qrcodeId;
  const paid = await t.app.inject({
    method: 'POST',
    url: '/sandbox/payments/KBANK/pay',
    payload: { qrcodeId: made.paidQr },
  });
  expect(paid.json().delivered).toBe(1);
  t.clock.advance(1000);

  const voucher = await t.app.inject({ method: 'POST', url: '/sandbox/truemoney/vouchers', payload: { amount: 20 } });
  const key = (await memberCall('GET', '/api/lookup/truelink')).json();
  const link = await encryptGiftLink(voucher.json().link, { id: key.keyId, key: key.key });
  const redeemed = await memberCall('POST', '/api/wallet/truelink', { link });
  expect(redeemed.json().status).toBe('SUCCESS');
  made.voucherRef = redeemed.json().reference;
  t.clock.advance(1000);

  const inject = (fromAccountNo: string, amount: number) =>
    t.app.inject({
      method: 'POST',
      url: '/sandbox/bank/transfers',
      payload: { fromBankCode: 'KBANK', fromAccountNo, amount },
    });
  made.matchedRef = (await inject(member.bankAccountNo, 30)).json().reference;
  made.unmatchedRef = (await inject('9876543210', 40)).json().reference;
  expect((await t.app.bankFeedMatcher.runOnce()).outcomes).toMatchObject({ matched: 1, unmatched: 1 });
  // The matcher's rows take the database's clock; put them on the test's, so the order is known.
  await t.app.db
    .updateTable('bank_transfers')
    .set({ created_at: t.clock.now() } as never)
    .where('reference', 'in', [made.matchedRef, made.unmatchedRef])
    .execute();
  t.clock.advance(1000);

  // A slip of someone else's transfer to the MANUAL account (no feed): verified, then refused as NOT_MATCH.
  const foreign = await t.app.inject({
    method: 'POST',
    url: '/sandbox/bank/transfers',
    payload: { fromBankCode: 'KBANK', fromAccountNo: '1112223334', amount: 12, toAccountNo: '9990005678' },
  });
  const picture = await t.app.inject({ method: 'GET', url: `/sandbox/bank/slips/${foreign.json().reference}.png` });
  const slip = await uploadSlip(t, member.token, [{ bytes: picture.rawPayload, filename: 'slip.png' }]);
  expect(slip.json().message).toBe('NOT_MATCH');
  made.slipId = slip.json().slip.id;
  t.clock.advance(1000);

  const second = await memberCall('POST', '/api/qrcode/WW', { amount: 150 });
  made.liveQr = second.json().qrcodeId;
}

function list(query: string, headers = finance) {
  return t.api({ method: 'GET', url: `${BACKOFFICE_API.deposits}?${query}`, headers });
}

describe('deposits list', () => {
  it('shows each channel with its state, member, amount and credited entry, newest first', async () => {
    const answer = await list(`q=${member.username}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const { total, deposits } = answer.json() as { total: number; deposits: BackofficeDeposit[] };
    const who = { id: member.publicId, phone: member.username, name: member.name };
    expect(total).toBe(5);
    expect(deposits.map((d) => [d.channel, d.id, d.status])).toEqual([
      ['qr', made.liveQr, 'live'],
      ['slip', made.slipId, 'FAILED'],
      ['bank', made.matchedRef, 'matched'],
      ['truelink', made.voucherRef, 'credited'],
      ['qr', made.paidQr, 'paid'],
    ]);
    expect(deposits[0]).toMatchObject({ source: 'WW', member: who, amountMinor: '15000', entryId: null });
    // The slip's sending bank, read as its Bank of Thailand code, is shown as our code.
    expect(deposits[1]).toMatchObject({ reason: 'NOT_MATCH', source: 'KBANK', amountMinor: '1200', currency: 'BAHT' });
    expect(deposits[2]).toMatchObject({ source: 'KBANK', amountMinor: '3000', entryId: expect.any(String) });
    expect(deposits[3]).toMatchObject({ source: 'truemoney', amountMinor: '2000', entryId: expect.any(String) });
    expect(deposits[4]).toMatchObject({ source: 'KBANK', member: who, amountMinor: '5000', currency: 'BAHT' });
    const entry = await t.app.db
      .selectFrom('qr_codes')
      .select('entry_id')
      .where('qrcode_id', '=', made.paidQr)
      .executeTakeFirstOrThrow();
    expect(deposits[4]?.entryId).toBe(String(entry.entry_id));
    expect(await noDrift(t)).toBe(true);
  });

  it('filters by channel, status and currency; an unmatched transfer has no member and its reason', async () => {
    const unmatched = (await list('channel=bank&status=unmatched')).json();
    expect(unmatched.deposits.map((d: BackofficeDeposit) => d.id)).toContain(made.unmatchedRef);
    expect(unmatched.deposits.find((d: BackofficeDeposit) => d.id === made.unmatchedRef)).toMatchObject({
      member: null,
      reason: 'no_member',
      amountMinor: '4000',
    });
    expect(unmatched.deposits.every((d: BackofficeDeposit) => d.channel === 'bank' && d.status === 'unmatched')).toBe(
      true,
    );
    const qr = (await list(`channel=qr&q=${member.username}`)).json();
    expect(qr.deposits.map((d: BackofficeDeposit) => d.id)).toEqual([made.liveQr, made.paidQr]);
    expect((await list('currency=LAK')).json()).toEqual({ total: 0, deposits: [] });
    expect((await list('status=credited')).json().deposits.map((d: BackofficeDeposit) => d.id)).toEqual([
      made.voucherRef,
    ]);
    expect((await list(`q=${stranger.username}`)).json()).toEqual({ total: 0, deposits: [] });
  });

  it('pages on the server', async () => {
    const all = (await list(`q=${member.username}&limit=5`)).json().deposits as BackofficeDeposit[];
    const first = (await list(`q=${member.username}&limit=2&page=1`)).json();
    const third = (await list(`q=${member.username}&limit=2&page=3`)).json();
    expect(first.total).toBe(5);
    expect(first.deposits).toEqual(all.slice(0, 2));
    expect(third.deposits).toEqual(all.slice(4));
  });

  it('refuses bad filters with KEY_INVALID, and support and members altogether', async () => {
    for (const query of ['channel=cash', 'limit=101', 'page=0', 'currency=baht', `q=${'1'.repeat(40)}`]) {
      const answer = await list(query);
      expect([answer.statusCode, answer.json().message], query).toEqual([400, 'KEY_INVALID']);
    }
    const support = await signedInOperator(t, 'support');
    expect((await list('', support.headers)).statusCode).toBe(403);
    expect((await list('', bearer(member.token))).statusCode).toBe(401);
  });
});

describe('deposits CSV', () => {
  it('streams a BOM, the header and a row per deposit of the filters, newest first', async () => {
    const answer = await t.api({
      method: 'GET',
      url: `${BACKOFFICE_API.depositsCsv}?q=${member.username}`,
      headers: finance,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="deposits-all.csv"');
    expect(answer.body.startsWith(UTF8_BOM)).toBe(true);
    const lines = answer.body.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'channel,id,createdAt,source,memberId,memberPhone,memberName,amountMinor,currency,status,reason,entryId',
    );
    // A QR id is random base64url: one that starts with '-' is written as text (a leading '), as any cell is.
    expect(lines.slice(1, -1).map((line) => line.split(',').slice(0, 2).join(','))).toEqual([
      `qr,${csvField(made.liveQr)}`,
      expect.stringMatching(/^slip,/),
      `bank,${made.matchedRef}`,
      `truelink,${made.voucherRef}`,
      `qr,${csvField(made.paidQr)}`,
    ]);
    expect(lines.at(-1)).toBe('');
  });

  it('reads batch after batch in the list order, every row once', async () => {
    const repository = new DepositsBackofficeRepository(t.app.db);
    const batched: BackofficeDeposit[] = [];
    for await (const deposit of repository.all({}, 2)) batched.push(deposit);
    const paged = (await list('limit=100')).json();
    expect(batched).toEqual(paged.deposits);
    expect(batched.length).toBe(paged.total);
  });
});

describe('QR codes', () => {
  it('lists QR codes with asked and paid amounts, gateway and expiry, filtered', async () => {
    const answer = await t.api({
      method: 'GET',
      url: `${BACKOFFICE_API.qrCodes}?gateway=KBANK&status=paid`,
      headers: finance,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json();
    expect(body.total).toBe(1);
    expect(body.qrCodes[0]).toMatchObject({
      id: made.paidQr,
      gateway: 'KBANK',
      gatewayReference: expect.any(String),
      member: { id: member.publicId, phone: member.username },
      amountMinor: '5000',
      paidAmountMinor: '5000',
      status: 'paid',
      paidAt: expect.any(String),
      entryId: expect.any(String),
    });
    const live = (
      await t.api({ method: 'GET', url: `${BACKOFFICE_API.qrCodes}?status=live`, headers: finance })
    ).json();
    expect(live.qrCodes.map((q: { id: string }) => q.id)).toEqual([made.liveQr]);
    expect(Date.parse(live.qrCodes[0].expiresAt)).toBeGreaterThan(t.clock.now().getTime());
    const bad = await t.api({ method: 'GET', url: `${BACKOFFICE_API.qrCodes}?gateway=kbank`, headers: finance });
    expect(bad.statusCode).toBe(400);
  });

  it('exports them as CSV', async () => {
    const answer = await t.api({ method: 'GET', url: `${BACKOFFICE_API.qrCodesCsv}?status=live`, headers: finance });
    expect(answer.statusCode).toBe(200);
    const lines = answer.body.slice(1).split('\r\n');
    expect(answer.body.startsWith(UTF8_BOM)).toBe(true);
    expect(lines[0]).toBe(
      'id,createdAt,gateway,gatewayReference,memberId,memberPhone,memberName,amountMinor,paidAmountMinor,currency,status,expiresAt,paidAt,entryId',
    );
    expect(lines.slice(1, -1)).toHaveLength(1);
    expect(lines[1]).toContain(`${made.liveQr},`);
    expect(lines[1]).toContain(',15000,,BAHT,live,');
  });
});
