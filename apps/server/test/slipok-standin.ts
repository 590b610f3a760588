import { generate, validate } from 'promptparse';
import {
  SLIPOK_AUTH_HEADER,
  SLIPOK_ERROR_MESSAGES,
  type SlipOkErrorCode,
  type SlipOkSlip,
  slipOkPath,
} from '../src/adapters/slip-verifier/slipok.wire.ts';
import { type RecordedRequest, type StandIn, startStandIn, type VendorAnswer } from './vendor-standin.ts';

/**
 * A local stand-in of SlipOK's check-slip API for tests (docs/parties/slipok.md), answering as SlipOK documents:
 * `POST /api/line/apikey/{branchId}` with `x-authorization`, a JSON body `{ data | url, log?, amount? }` or a
 * multipart one with the picture in `files`; `{ success: true, data }` for a slip it knows, else
 * `{ success: false, code, message }` (HTTP 400: SlipOK's documentation names no status, see slipok.md), with
 * the slip's data for 1012-1014 as the changelog says. `log: true` turns its own duplicate check on.
 */
export interface SlipOkStandIn extends StandIn {
  branchId: string;
  apiKey: string;
  /** The transfers it knows, by the QR text of their slip. */
  slips: Map<string, SlipOkSlip>;
  /** What it reads in a picture, by the picture's bytes (hex); a picture it does not know has no QR (1007). */
  pictures: Map<string, string>;
}

/** The check-slip answer of SlipOK's documentation (its example), masked as the bank shows it. */
export function slipOkExample(overrides: Partial<SlipOkSlip> = {}): SlipOkSlip {
  return {
    success: true,
    message: '✅',
    language: 'TH',
    receivingBank: '006',
    sendingBank: '004',
    transRef: '010092101507665143',
    transDate: '20200401',
    transTime: '10:15:07',
    transTimestamp: '2020-04-01T03:15:07.000Z',
    sender: {
      displayName: 'นาย กสิกร ร',
      name: 'Mr. Kasikorn R',
      proxy: { type: null, value: null },
      account: { type: 'BANKAC', value: 'xxx-x-x0209-x' },
    },
    receiver: {
      displayName: 'ธนาทร ร',
      name: 'THANATORN R',
      proxy: { type: 'MSISDN', value: '086xxx0000' },
      account: { type: 'BANKAC', value: 'xxx-x-x3109-x' },
    },
    amount: 50,
    paidLocalAmount: 50,
    paidLocalCurrency: 'THB',
    countryCode: 'TH',
    transFeeAmount: 0,
    ref1: '',
    ref2: '',
    ref3: '',
    toMerchantId: '',
    ...overrides,
  };
}

/** The QR text of a slip's mini-QR (the sending bank's code and the reference), as banks print it. */
export function slipQr(slip: Pick<SlipOkSlip, 'sendingBank' | 'transRef'>): string {
  return generate.slipVerify({ sendingBank: slip.sendingBank, transRef: slip.transRef });
}

export function slipOkError(code: SlipOkErrorCode, data?: unknown): VendorAnswer {
  return { status: 400, body: { success: false, code, message: SLIPOK_ERROR_MESSAGES[code], data } };
}

export async function startSlipOkStandIn(branchId = '12345', apiKey = 'SLIPOKTESTKEY'): Promise<SlipOkStandIn> {
  const slips = new Map<string, SlipOkSlip>();
  const pictures = new Map<string, string>();
  const logged = new Set<string>();
  const handle = async (request: RecordedRequest): Promise<VendorAnswer> => {
    if (request.method !== 'POST' || !request.url.startsWith('/api/line/apikey/')) {
      return { status: 404, body: 'Not Found' };
    }
    if (request.url !== slipOkPath(branchId)) return slipOkError(1001);
    if (request.headers[SLIPOK_AUTH_HEADER] !== apiKey) return slipOkError(1002);
    const input = await readInput(request);
    if ('error' in input) return slipOkError(input.error);
    const qr = 'picture' in input ? pictures.get(input.picture.toString('hex')) : input.qr;
    if (qr === undefined) return slipOkError(1007);
    if (!validate.slipVerify(qr)) return slipOkError(1008);
    const slip = slips.get(qr);
    if (!slip) return slipOkError(1011);
    if (input.amount !== undefined && Number(input.amount) !== slip.amount) return slipOkError(1013, slip);
    if (input.log === true || input.log === 'true') {
      if (logged.has(slip.transRef)) return slipOkError(1012, slip);
      logged.add(slip.transRef);
    }
    return { status: 200, body: { success: true, data: slip } };
  };
  const standIn = await startStandIn(handle);
  return { ...standIn, branchId, apiKey, slips, pictures };
}

type Input =
  | { error: SlipOkErrorCode }
  | { qr: string; log: unknown; amount: unknown }
  | { picture: Buffer; log: unknown; amount: unknown };

async function readInput(request: RecordedRequest): Promise<Input> {
  if (request.form) {
    const file = request.form.get('files');
    const log = request.form.get('log') ?? undefined;
    const amount = request.form.get('amount') ?? undefined;
    if (file instanceof Blob) {
      if (!/^image\/(png|jpe?g|webp)$/.test(file.type)) return { error: 1005 };
      return { picture: Buffer.from(await file.arrayBuffer()), log, amount };
    }
    if (typeof request.form.get('data') === 'string') return { qr: String(request.form.get('data')), log, amount };
    return { error: 1000 };
  }
  const body = (request.json ?? {}) as Record<string, unknown>;
  if (typeof body.data === 'string' && body.data !== '') return { qr: body.data, log: body.log, amount: body.amount };
  return { error: 1000 };
}
