import { generate } from 'promptparse';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type EasySlipStandIn,
  easySlipError,
  easySlipExample,
  startEasySlipStandIn,
} from '../../../test/easyslip-standin.ts';
import { EasySlipVerifier } from './easyslip.ts';
import { EASYSLIP_ERRORS, type EasySlipErrorCode } from './easyslip.wire.ts';
import { type SlipQuery, SlipVerifierUnavailableError } from './slip-verifier.ts';

/**
 * The EasySlip adapter (API v2) against a local stand-in that answers as EasySlip documents
 * (test/easyslip-standin.ts, docs/parties/easyslip.md): what goes out, and what every documented answer becomes.
 */

const KEY = 'a1b2c3d4-e5f6-7890-abcd-ef1234567890';
let vendor: EasySlipStandIn;
beforeAll(async () => {
  vendor = await startEasySlipStandIn(KEY);
});
afterAll(() => vendor.close());
beforeEach(() => {
  vendor.requests.length = 0;
  vendor.script.length = 0;
  vendor.slips.clear();
  vendor.pictures.clear();
});

function verifier(options: { apiKey?: string; timeoutMs?: number; baseUrl?: string } = {}) {
  return new EasySlipVerifier({
    baseUrl: () => options.baseUrl ?? vendor.baseUrl,
    apiKey: options.apiKey ?? KEY,
    timeoutMs: options.timeoutMs,
  });
}

const QR = generate.slipVerify({ sendingBank: '004', transRef: '68370160657749I376388B35' });
const JPEG_BYTES = Buffer.from('ffd8ffe0-a-slip-picture', 'latin1');

function query(qr: string, picture: Buffer | null = null): SlipQuery {
  return {
    qr,
    kind: 'thai',
    sendingBank: '004',
    transRef: '68370160657749I376388B35',
    picture: picture ? { bytes: picture, contentType: 'image/jpeg' } : null,
  };
}

describe('EasySlip: a slip it knows', () => {
  it('sends the QR payload as documented (its own duplicate check off) and reads the masked answer', async () => {
    vendor.slips.set(QR, easySlipExample(QR));
    const answer = await verifier().verify(query(QR, JPEG_BYTES));
    expect(vendor.requests).toHaveLength(1);
    const [sent] = vendor.requests;
    expect(sent).toMatchObject({ method: 'POST', url: '/v2/verify/bank' });
    expect(sent?.headers).toMatchObject({ authorization: `Bearer ${KEY}`, 'content-type': 'application/json' });
    expect(sent?.body.toString()).toBe(JSON.stringify({ payload: QR, checkDuplicate: false }));
    expect(answer).toEqual({
      status: 'found',
      transfer: {
        reference: '68370160657749I376388B35',
        amountMinor: 100000n,
        currency: 'BAHT',
        sender: { bankCode: 'KBANK', account: '1234xxxx5678', nameTh: 'นาย อีซี่ สลิป', nameEn: 'MR. EASY SLIP' },
        receiver: { bankCode: 'GSB', account: '12xxxx3456', nameTh: 'นาย อีซี่ สลิป', nameEn: 'MR. EASY SLIP' },
        transferredAt: new Date('2022-12-31T17:00:00.000Z'),
      },
    });
  });

  it('reads satang exactly; a PromptPay receiver shows no account; a bank we do not know is not named', async () => {
    const slip = easySlipExample(QR, { amount: { amount: 99.99, local: {} } });
    // v1's example names KBANK with id 001: the short name, when it is one of ours, names the bank then.
    slip.sender.bank = { id: '001', name: 'กสิกรไทย', short: 'KBANK' };
    slip.receiver = { bank: { id: '999' }, account: { name: { en: 'SHOP' }, proxy: { type: 'MSISDN', account: 'x' } } };
    vendor.slips.set(QR, slip);
    expect(await verifier().verify(query(QR))).toMatchObject({
      status: 'found',
      transfer: {
        amountMinor: 9999n,
        sender: { bankCode: 'KBANK' },
        receiver: { bankCode: null, account: null, nameTh: null, nameEn: 'SHOP' },
      },
    });
  });

  it('is a duplicate when EasySlip says so all the same', async () => {
    const data = { isDuplicate: true, matchedAccount: null, amountInSlip: 1000, rawSlip: easySlipExample(QR) };
    vendor.script.push({ status: 200, body: { success: true, data, message: 'Bank slip verified successfully' } });
    expect(await verifier().verify(query(QR))).toEqual({ status: 'duplicate' });
  });

  it('refuses a broken answer as no answer', async () => {
    const answer = (rawSlip: unknown, amountInSlip: unknown = 1000) => ({
      status: 200,
      body: { success: true, data: { isDuplicate: false, matchedAccount: null, amountInSlip, rawSlip } },
    });
    for (const broken of [
      answer(easySlipExample(QR, { amount: { amount: 10.005, local: {} } }), 10.005),
      answer(easySlipExample(QR), 999),
      answer(easySlipExample(QR, { date: '2023-01-01 00:00:00' })),
      answer(easySlipExample(QR, { transRef: '' })),
      answer(undefined),
      { status: 200, body: { success: true } },
    ]) {
      vendor.script.push(broken);
      await expect(verifier().verify(query(QR)), JSON.stringify(broken)).rejects.toThrow(SlipVerifierUnavailableError);
    }
  });
});

describe('EasySlip: the picture, when it cannot use the QR text', () => {
  it('sends the picture as multipart `image` after a VALIDATION_ERROR, and reads the slip it finds there', async () => {
    const long = `${QR}${'0'.repeat(130)}`;
    vendor.slips.set(QR, easySlipExample(QR));
    vendor.pictures.set(JPEG_BYTES.toString('hex'), QR);
    const answer = await verifier().verify(query(long, JPEG_BYTES));
    expect(answer).toMatchObject({ status: 'found', transfer: { reference: '68370160657749I376388B35' } });
    expect(vendor.requests).toHaveLength(2);
    const sent = vendor.requests[1];
    expect(sent).toMatchObject({ method: 'POST', url: '/v2/verify/bank' });
    expect(sent?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(sent?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect([...(sent?.form?.keys() ?? [])]).toEqual(['image']);
    const image = sent?.form?.get('image') as File;
    expect(image.name).toBe('slip.jpg');
    expect(image.type).toBe('image/jpeg');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(JPEG_BYTES);
  });

  it('keeps the QR text verdict when the picture is refused too, or too large to send', async () => {
    vendor.script.push(easySlipError('VALIDATION_ERROR'), easySlipError('INVALID_IMAGE_FORMAT'));
    await expect(verifier().verify(query(QR, JPEG_BYTES))).rejects.toThrow(/could not read our request/);
    expect(vendor.requests).toHaveLength(2);
    vendor.requests.length = 0;
    vendor.script.push(easySlipError('VALIDATION_ERROR'));
    await expect(verifier().verify(query(QR, Buffer.alloc(4_000_001)))).rejects.toThrow(SlipVerifierUnavailableError);
    expect(vendor.requests).toHaveLength(1);
  });

  it('does not send the picture for an answer about the slip itself', async () => {
    expect(await verifier().verify(query(QR, JPEG_BYTES))).toEqual({ status: 'not_found' });
    expect(vendor.requests).toHaveLength(1);
  });
});

describe('EasySlip: every documented error', () => {
  /** What each of EasySlip's codes becomes, under its documented status. */
  const expected: Record<EasySlipErrorCode, unknown> = {
    MISSING_API_KEY: 'unavailable',
    INVALID_API_KEY: 'unavailable',
    BRANCH_INACTIVE: 'unavailable',
    SERVICE_BANNED: 'unavailable',
    SERVICE_DELETED: 'unavailable',
    IP_NOT_ALLOWED: 'unavailable',
    QUOTA_EXCEEDED: { status: 'retry_later', reason: 'quota' },
    VALIDATION_ERROR: 'unavailable',
    URL_PROTOCOL_NOT_ALLOWED: 'unavailable',
    URL_INVALID_IP_RANGE: 'unavailable',
    IMAGE_URL_UNREACHABLE: 'unavailable',
    IMAGE_SIZE_TOO_LARGE: 'unavailable',
    INVALID_IMAGE_TYPE: 'unavailable',
    INVALID_IMAGE_FORMAT: 'unavailable',
    SLIP_NOT_FOUND: { status: 'not_found' },
    NOT_FOUND: 'unavailable',
    API_SERVER_ERROR: { status: 'retry_later', reason: 'bank_unavailable' },
    INTERNAL_SERVER_ERROR: 'unavailable',
  };

  it('maps each code to its outcome', async () => {
    for (const code of Object.keys(EASYSLIP_ERRORS) as EasySlipErrorCode[]) {
      vendor.script.push(easySlipError(code));
      const outcome = await verifier()
        .verify(query(QR))
        .catch((error: unknown) => (error instanceof SlipVerifierUnavailableError ? 'unavailable' : error));
      if (expected[code] === 'unavailable') expect(outcome, code).toBe('unavailable');
      else expect(outcome, code).toEqual(expected[code]);
    }
  });

  it('a missing or wrong key, as EasySlip itself answers them, is no answer', async () => {
    await expect(verifier({ apiKey: 'wrong' }).verify(query(QR))).rejects.toThrow(/refused our API key/);
    await expect(verifier({ apiKey: '' }).verify(query(QR))).rejects.toThrow(SlipVerifierUnavailableError);
    await expect(verifier({ baseUrl: vendor.origin }).verify(query(QR))).rejects.toThrow(/EASYSLIP_BASE_URL/);
  });

  it('an unknown code, another 5xx, a body that is not JSON or no code at all is no answer', async () => {
    for (const answer of [
      { status: 400, body: { success: false, error: { code: 'SOMETHING_NEW', message: '?' } } },
      { status: 503, body: { success: false, error: { code: 'SLIP_NOT_FOUND', message: 'x' } } },
      { status: 502, body: '<html>Bad Gateway</html>', contentType: 'text/html' },
      { status: 200, body: '<html>oops</html>', contentType: 'text/html' },
      { status: 200, body: { success: false } },
      { status: 404, body: { status: 404, message: 'slip_not_found' } },
    ]) {
      vendor.script.push(answer);
      await expect(verifier().verify(query(QR)), JSON.stringify(answer)).rejects.toThrow(SlipVerifierUnavailableError);
    }
  });
});

describe('EasySlip: no answer', () => {
  it('times out (injected: 15 s by default)', async () => {
    vendor.script.push('hang');
    await expect(verifier({ timeoutMs: 50 }).verify(query(QR))).rejects.toThrow(/EasySlip did not answer/);
  });

  it('is unreachable', async () => {
    await expect(verifier({ baseUrl: 'http://127.0.0.1:9/v2' }).verify(query(QR))).rejects.toThrow(
      /EasySlip unreachable/,
    );
  });

  it('is not asked a Lao OneProof slip: its bank endpoint verifies Thai bank slips', async () => {
    await expect(verifier().verify({ ...query(QR), kind: 'oneproof', sendingBank: 'BCEL' })).rejects.toThrow(
      /Thai bank slips only/,
    );
    expect(vendor.requests).toHaveLength(0);
  });
});
