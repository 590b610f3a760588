import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type SlipOkStandIn,
  slipOkError,
  slipOkExample,
  slipQr,
  startSlipOkStandIn,
} from '../../../test/slipok-standin.ts';
import { type SlipQuery, SlipVerifierUnavailableError } from './slip-verifier.ts';
import { SlipOkVerifier } from './slipok.ts';
import { SLIPOK_ERROR_MESSAGES, type SlipOkErrorCode } from './slipok.wire.ts';

/**
 * The SlipOK adapter against a local stand-in that answers as SlipOK documents (test/slipok-standin.ts,
 * docs/parties/slipok.md): what goes out, and what every documented answer becomes.
 */

let vendor: SlipOkStandIn;
beforeAll(async () => {
  vendor = await startSlipOkStandIn('12345', 'SLIPOKTESTKEY');
});
afterAll(() => vendor.close());
beforeEach(() => {
  vendor.requests.length = 0;
  vendor.script.length = 0;
  vendor.slips.clear();
  vendor.pictures.clear();
});

function verifier(options: { branchId?: string; apiKey?: string; timeoutMs?: number } = {}) {
  return new SlipOkVerifier({
    baseUrl: () => vendor.origin,
    branchId: options.branchId ?? '12345',
    apiKey: options.apiKey ?? 'SLIPOKTESTKEY',
    timeoutMs: options.timeoutMs,
  });
}

const PNG_BYTES = Buffer.from('89504e470d0a1a0a-a-slip-picture', 'latin1');

function query(qr: string, picture: Buffer | null = null): SlipQuery {
  return {
    qr,
    kind: 'thai',
    sendingBank: '004',
    transRef: '010092101507665143',
    picture: picture ? { bytes: picture, contentType: 'image/png' } : null,
  };
}

describe('SlipOK: a slip it knows', () => {
  it('sends the QR text as documented (its own duplicate check off) and reads the masked answer', async () => {
    const slip = slipOkExample();
    vendor.slips.set(slipQr(slip), slip);
    const answer = await verifier().verify(query(slipQr(slip), PNG_BYTES));
    expect(vendor.requests).toHaveLength(1);
    const [sent] = vendor.requests;
    expect(sent).toMatchObject({ method: 'POST', url: '/api/line/apikey/12345' });
    expect(sent?.headers).toMatchObject({ 'x-authorization': 'SLIPOKTESTKEY', 'content-type': 'application/json' });
    expect(sent?.body.toString()).toBe(JSON.stringify({ data: slipQr(slip), log: false }));
    expect(answer).toEqual({
      status: 'found',
      transfer: {
        reference: '010092101507665143',
        amountMinor: 5000n,
        currency: 'BAHT',
        sender: { bankCode: 'KBANK', account: 'xxx-x-x0209-x', nameTh: 'นาย กสิกร ร', nameEn: 'Mr. Kasikorn R' },
        receiver: { bankCode: 'KTB', account: 'xxx-x-x3109-x', nameTh: 'ธนาทร ร', nameEn: 'THANATORN R' },
        transferredAt: new Date('2020-04-01T03:15:07.000Z'),
      },
    });
  });

  it('reads satang exactly and the slip time in Bangkok; an English display name is the English name', async () => {
    const slip = slipOkExample({
      amount: 1500.5,
      transDate: '20260101',
      transTime: '06:30:00',
      transTimestamp: '2025-12-31T23:30:00.000Z',
      sendingBank: '014',
      receivingBank: '999',
      sender: {
        displayName: 'MR. SOMCHAI J',
        name: '',
        proxy: { type: 'MSISDN', value: '081xxx5678' },
        account: { type: 'BANKAC', value: '' },
      },
    });
    vendor.slips.set(slipQr(slip), slip);
    const answer = await verifier().verify(query(slipQr(slip)));
    expect(answer).toMatchObject({
      status: 'found',
      transfer: {
        amountMinor: 150050n,
        transferredAt: new Date('2025-12-31T23:30:00.000Z'),
        // A PromptPay transfer shows no account; a bank we do not know is not named.
        sender: { bankCode: 'SCB', account: null, nameTh: null, nameEn: 'MR. SOMCHAI J' },
        receiver: { bankCode: null },
      },
    });
  });

  it('refuses an answer whose amount has a third decimal, or that lacks the slip, as no answer', async () => {
    for (const broken of [
      { success: true, data: slipOkExample({ amount: 12.345 }) },
      { success: true, data: slipOkExample({ amount: 0 }) },
      { success: true, data: slipOkExample({ transDate: '20200431' }) },
      { success: true, data: { ...slipOkExample(), transRef: undefined } },
      { success: true },
      { success: true, data: slipOkExample({ success: false }) },
    ]) {
      vendor.script.push({ status: 200, body: broken });
      await expect(verifier().verify(query('X')), JSON.stringify(broken)).rejects.toThrow(SlipVerifierUnavailableError);
    }
  });
});

describe('SlipOK: the picture, when it cannot use the QR text', () => {
  it('sends the picture in `files` (multipart) after a 1008, and reads the slip it finds there', async () => {
    const slip = slipOkExample();
    vendor.slips.set(slipQr(slip), slip);
    vendor.pictures.set(PNG_BYTES.toString('hex'), slipQr(slip));
    const misread = `${slipQr(slip).slice(0, -4)}0000`;
    const answer = await verifier().verify(query(misread, PNG_BYTES));
    expect(answer).toMatchObject({ status: 'found', transfer: { reference: '010092101507665143' } });
    expect(vendor.requests).toHaveLength(2);
    const sent = vendor.requests[1];
    expect(sent).toMatchObject({ method: 'POST', url: '/api/line/apikey/12345' });
    expect(sent?.headers['x-authorization']).toBe('SLIPOKTESTKEY');
    expect(sent?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const file = sent?.form?.get('files') as File;
    expect([...(sent?.form?.keys() ?? [])]).toEqual(['files']);
    expect(file.name).toBe('slip.png');
    expect(file.type).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PNG_BYTES);
  });

  it('keeps the QR text verdict when the picture is no better, and sends nothing more without a picture', async () => {
    // Not a slip's QR, and the picture holds no QR SlipOK can read: not found.
    expect(await verifier().verify(query('not a slip', PNG_BYTES))).toEqual({ status: 'not_found' });
    expect(vendor.requests).toHaveLength(2);
    vendor.requests.length = 0;
    expect(await verifier().verify(query('not a slip'))).toEqual({ status: 'not_found' });
    expect(vendor.requests).toHaveLength(1);
    // SlipOK did not take the QR text at all (1000): with no picture, no answer about the slip.
    vendor.requests.length = 0;
    vendor.script.push(slipOkError(1000));
    await expect(verifier().verify(query('X'))).rejects.toThrow(/SlipOK could not read our request \(1000\)/);
    expect(vendor.requests).toHaveLength(1);
    // ...but a picture whose QR SlipOK reads as no slip's is an answer about the slip: not found.
    vendor.script.push(slipOkError(1000));
    vendor.pictures.set(PNG_BYTES.toString('hex'), 'a QR of something else');
    expect(await verifier().verify(query('X', PNG_BYTES))).toEqual({ status: 'not_found' });
  });

  it('does not send the picture for an answer about the slip itself', async () => {
    const unknown = slipQr({ sendingBank: '004', transRef: 'NOSUCHTRANSFER01' });
    expect(await verifier().verify(query(unknown, PNG_BYTES))).toEqual({ status: 'not_found' });
    vendor.script.push(slipOkError(1009));
    expect(await verifier().verify(query(unknown, PNG_BYTES))).toMatchObject({ status: 'retry_later' });
    expect(vendor.requests).toHaveLength(2);
  });
});

describe('SlipOK: every documented error', () => {
  /** What each of SlipOK's codes becomes for a query without a picture. */
  const expected: Record<SlipOkErrorCode, unknown> = {
    1000: 'unavailable',
    1001: 'unavailable',
    1002: 'unavailable',
    1003: { status: 'retry_later', reason: 'quota' },
    1004: { status: 'retry_later', reason: 'quota' },
    1005: 'unavailable',
    1006: 'unavailable',
    1007: 'unavailable',
    1008: { status: 'not_found' },
    1009: { status: 'retry_later', reason: 'bank_unavailable' },
    1010: { status: 'retry_later', reason: 'bank_not_ready' },
    1011: { status: 'not_found' },
    1012: { status: 'duplicate' },
    1013: { status: 'found' },
    1014: { status: 'found' },
  };

  it('maps each code (as a number or a numeric string) to its outcome', async () => {
    const slip = slipOkExample();
    const withData: Partial<Record<SlipOkErrorCode, unknown>> = {
      1010: { qrcodeData: slipQr(slip), bankCode: '014', bankName: 'ไทยพาณิชย์', delay: 5 },
      1012: slip,
      1013: slip,
      1014: slip,
    };
    for (const code of Object.keys(SLIPOK_ERROR_MESSAGES).map(Number) as SlipOkErrorCode[]) {
      for (const written of [code, String(code)]) {
        const answer = slipOkError(code, withData[code]);
        vendor.script.push({ ...answer, body: { ...(answer.body as object), code: written } });
        const outcome = await verifier()
          .verify(query(slipQr(slip)))
          .catch((error: unknown) => (error instanceof SlipVerifierUnavailableError ? 'unavailable' : error));
        if (expected[code] === 'unavailable') expect(outcome, `${written}`).toBe('unavailable');
        else expect(outcome, `${written}`).toMatchObject(expected[code] as object);
      }
    }
  });

  it('reads the slip of a 1013 or 1014 (checks we never ask for); without it, no answer', async () => {
    vendor.script.push(slipOkError(1014, slipOkExample({ amount: 20 })));
    expect(await verifier().verify(query('X'))).toMatchObject({ status: 'found', transfer: { amountMinor: 2000n } });
    vendor.script.push(slipOkError(1013));
    await expect(verifier().verify(query('X'))).rejects.toThrow(SlipVerifierUnavailableError);
  });

  it('a wrong branch or key, as SlipOK itself answers them, is no answer', async () => {
    await expect(verifier({ branchId: '99999' }).verify(query('X'))).rejects.toThrow(/branch .*\(1001\)/);
    await expect(verifier({ apiKey: 'WRONG' }).verify(query('X'))).rejects.toThrow(/refused our API key .*\(1002\)/);
  });

  it('an unknown code, a 5xx, a body that is not JSON or no code at all is no answer', async () => {
    for (const answer of [
      { status: 400, body: { success: false, code: 1099, message: '?' } },
      { status: 500, body: { success: false, code: 1011, message: 'x' } },
      { status: 502, body: '<html>Bad Gateway</html>', contentType: 'text/html' },
      { status: 200, body: '<html>oops</html>', contentType: 'text/html' },
      { status: 200, body: { success: false } },
      { status: 200, body: [] },
    ]) {
      vendor.script.push(answer);
      await expect(verifier().verify(query('X')), JSON.stringify(answer)).rejects.toThrow(SlipVerifierUnavailableError);
    }
  });
});

describe('SlipOK: no answer', () => {
  it('times out (injected: 15 s by default)', async () => {
    vendor.script.push('hang');
    await expect(verifier({ timeoutMs: 50 }).verify(query('X'))).rejects.toThrow(/SlipOK did not answer/);
  });

  it('is unreachable, or its address does not read', async () => {
    const nowhere = new SlipOkVerifier({ baseUrl: () => 'http://127.0.0.1:9', branchId: '1', apiKey: 'k' });
    await expect(nowhere.verify(query('X'))).rejects.toThrow(/SlipOK unreachable/);
    const broken = new SlipOkVerifier({ baseUrl: () => 'not a url', branchId: '1', apiKey: 'k' });
    await expect(broken.verify(query('X'))).rejects.toThrow(SlipVerifierUnavailableError);
  });

  it('is not asked a Lao OneProof slip: SlipOK verifies Thai bank slips', async () => {
    await expect(verifier().verify({ ...query('X'), kind: 'oneproof', sendingBank: 'BCEL' })).rejects.toThrow(
      /Thai bank slips only/,
    );
    expect(vendor.requests).toHaveLength(0);
  });
});
