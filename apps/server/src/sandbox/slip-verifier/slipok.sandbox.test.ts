import { generate } from 'promptparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers.ts';
import { blankPng, multipartBody } from '../../../test/slips.ts';
import {
  SANDBOX_SLIPOK_API_KEY,
  SANDBOX_SLIPOK_BRANCH_ID,
  sandboxSlipVerifier,
} from '../../adapters/slip-verifier/sandbox.ts';
import { type SlipQuery, SlipVerifierUnavailableError } from '../../adapters/slip-verifier/slip-verifier.ts';
import { ownBaseUrl } from '../../app.ts';

/**
 * The sandbox SlipOK (docs/parties/slip-verifier.md, Sandbox): SlipOK's wire, asked by the very SlipOK adapter
 * SLIP_VERIFIER=sandbox uses; masked accounts and cut names as a real slip shows them; every answer labelled;
 * its faults as the closest SlipOK answers.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const PATH = `/sandbox/slipok/api/line/apikey/${SANDBOX_SLIPOK_BRANCH_ID}`;
const SLIP_ONLY_ACCOUNT = '9990005678';

async function transfer(extra: Record<string, unknown> = {}) {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/sandbox/bank/transfers',
    payload: {
      fromBankCode: 'KBANK',
      fromAccountNo: '123-4-56789-0',
      amount: 50.25,
      toAccountNo: SLIP_ONLY_ACCOUNT,
      ...extra,
    },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().reference as string;
}

function query(reference: string, sendingBank = '004'): SlipQuery {
  return {
    qr: generate.slipVerify({ sendingBank, transRef: reference }),
    kind: 'thai',
    sendingBank,
    transRef: reference,
    picture: null,
  };
}

const verifier = () => sandboxSlipVerifier(() => ownBaseUrl(t.app));

function check(payload: unknown, headers: Record<string, string> = { 'x-authorization': SANDBOX_SLIPOK_API_KEY }) {
  return t.app.inject({ method: 'POST', url: PATH, headers, payload: payload as object });
}

async function fault(name: string) {
  const answer = await t.app.inject({
    method: 'PUT',
    url: '/sandbox/slip-verifier/settings',
    payload: { fault: name },
  });
  expect(answer.statusCode).toBe(200);
}

describe('sandbox SlipOK: the slips of the sandbox bank', () => {
  it('answers a transfer masked and cut as a real slip shows it, to the SlipOK adapter', async () => {
    const reference = await transfer({ fromAccountName: 'นาย สมชาย ใจดี' });
    const answer = await verifier().verify(query(reference));
    const at = (
      await t.app.sandboxDb
        .selectFrom('sandbox_bank_transfers')
        .select('transferred_at')
        .where('reference', '=', reference)
        .executeTakeFirstOrThrow()
    ).transferred_at;
    expect(answer).toEqual({
      status: 'found',
      transfer: {
        reference,
        amountMinor: 5025n,
        currency: 'BAHT',
        sender: { bankCode: 'KBANK', account: 'xxx-x-x6789-x', nameTh: 'นาย สมชาย ใ', nameEn: null },
        receiver: { bankCode: 'SCB', account: 'xxx-x-x0567-x', nameTh: null, nameEn: 'MEMBER WALLET (SANDBOX)' },
        // A slip prints seconds.
        transferredAt: new Date(Math.floor(at.getTime() / 1000) * 1000),
      },
    });
    const english = await transfer({ fromAccountName: '  Somchai   Jaidee ' });
    expect(await verifier().verify(query(english))).toMatchObject({
      transfer: { sender: { nameTh: null, nameEn: 'SOMCHAI J' } },
    });
    // No name given: none shown.
    expect(await verifier().verify(query(await transfer()))).toMatchObject({
      transfer: { sender: { nameTh: null, nameEn: null, account: 'xxx-x-x6789-x' } },
    });
  });

  it("speaks SlipOK's wire, labelled as the sandbox's in its messages and a header", async () => {
    const reference = await transfer();
    const found = await check({ data: query(reference).qr });
    expect(found.statusCode).toBe(200);
    expect(found.headers['x-sandbox']).toBe('SANDBOX - NOT A REAL SLIP');
    expect(found.json()).toMatchObject({
      success: true,
      data: {
        success: true,
        message: '✅ SANDBOX - NOT A REAL SLIP',
        sendingBank: '004',
        receivingBank: '014',
        transRef: reference,
        amount: 50.25,
        sender: { account: { type: 'BANKAC', value: 'xxx-x-x6789-x' } },
        receiver: { account: { type: 'BANKAC', value: 'xxx-x-x0567-x' } },
      },
    });
    expect(found.json().data.transDate).toMatch(/^\d{8}$/);
    const errors: [unknown, Record<string, string> | undefined, number][] = [
      [{ data: query(reference).qr }, { 'x-authorization': 'wrong' }, 1002],
      [{}, undefined, 1000],
      [{ url: 'https://example.com/slip.png' }, undefined, 1000],
      [{ data: 'not a slip QR' }, undefined, 1008],
      [{ data: query('NOSUCHREFERENCE1').qr }, undefined, 1011],
      [{ data: query(reference, '014').qr }, undefined, 1011],
      [{ data: query(reference).qr, amount: 50 }, undefined, 1013],
    ];
    for (const [payload, headers, code] of errors) {
      const answer = await check(payload, headers);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json(), JSON.stringify(payload)).toMatchObject({ success: false, code });
      expect(answer.json().message).toMatch(/^SANDBOX - NOT A REAL SLIP: /);
    }
    const wrongBranch = await t.app.inject({
      method: 'POST',
      url: '/sandbox/slipok/api/line/apikey/99999',
      headers: { 'x-authorization': SANDBOX_SLIPOK_API_KEY },
      payload: { data: query(reference).qr },
    });
    expect(wrongBranch.json()).toMatchObject({ success: false, code: 1001 });
  });

  it("keeps SlipOK's own duplicate check for `log: true` only", async () => {
    const reference = await transfer();
    expect((await check({ data: query(reference).qr, log: true })).statusCode).toBe(200);
    const again = await check({ data: query(reference).qr, log: true });
    expect(again.json()).toMatchObject({ success: false, code: 1012, data: { transRef: reference } });
    expect((await check({ data: query(reference).qr })).statusCode).toBe(200);
  });

  it('reads the slip picture sent as `files`', async () => {
    const reference = await transfer();
    const picture = await t.app.inject({ method: 'GET', url: `/sandbox/bank/slips/${reference}.png` });
    const headers = { 'x-authorization': SANDBOX_SLIPOK_API_KEY };
    const send = (bytes: Buffer, contentType = 'image/png') => {
      const body = multipartBody([{ field: 'files', bytes, contentType }]);
      return t.app.inject({
        method: 'POST',
        url: PATH,
        headers: { ...headers, 'content-type': body.contentType },
        payload: body.payload,
      });
    };
    const found = await send(picture.rawPayload);
    expect(found.json()).toMatchObject({ success: true, data: { transRef: reference } });
    expect((await send(blankPng(300, 300))).json()).toMatchObject({ code: 1007 });
    expect((await send(Buffer.from('not a picture'), 'text/plain')).json()).toMatchObject({ code: 1005 });
    expect((await send(Buffer.concat([picture.rawPayload.subarray(0, 100)]))).json()).toMatchObject({ code: 1006 });
  });
});

describe('sandbox SlipOK: its faults, as the closest SlipOK answers', () => {
  it('captcha is 1009 (the bank unavailable), unavailable a 503, garbage a 200 that is not JSON', async () => {
    const reference = await transfer();
    try {
      await fault('captcha');
      expect((await check({ data: query(reference).qr })).json()).toMatchObject({ code: 1009 });
      expect(await verifier().verify(query(reference))).toEqual({ status: 'retry_later', reason: 'bank_unavailable' });
      await fault('unavailable');
      const down = await check({ data: query(reference).qr });
      expect(down.statusCode).toBe(503);
      expect(down.body).toContain('SANDBOX - NOT A REAL SLIP');
      await expect(verifier().verify(query(reference))).rejects.toThrow(SlipVerifierUnavailableError);
      await fault('garbage');
      await expect(verifier().verify(query(reference))).rejects.toThrow(SlipVerifierUnavailableError);
    } finally {
      await fault('none');
    }
    expect(await verifier().verify(query(reference))).toMatchObject({ status: 'found' });
  });

  it('a reference injected again with other details is 1010 (wait N minutes): retry later', async () => {
    const reference = await transfer();
    await transfer({ reference, amount: 51 });
    const answer = await check({ data: query(reference).qr });
    expect(answer.json()).toMatchObject({ code: 1010, data: { bankCode: '004', delay: 5 } });
    expect(answer.json().message).toContain('5 นาที');
    expect(await verifier().verify(query(reference))).toEqual({ status: 'retry_later', reason: 'bank_not_ready' });
  });
});
