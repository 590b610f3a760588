import {
  EASYSLIP_ERRORS,
  EASYSLIP_IMAGE_BYTES_MAX,
  EASYSLIP_PAYLOAD_LENGTH_MAX,
  EASYSLIP_VERIFY_PATH,
  type EasySlipErrorCode,
  type EasySlipRawSlip,
} from '../src/adapters/slip-verifier/easyslip.wire.ts';
import { type RecordedRequest, type StandIn, startStandIn, type VendorAnswer } from './vendor-standin.ts';

/**
 * A local stand-in of EasySlip's Developer API v2 for tests (docs/parties/easyslip.md), answering as EasySlip
 * documents: `POST /v2/verify/bank` with `Authorization: Bearer <key>`, exactly one of `payload` (1-128
 * characters), `base64` or `url` as JSON, or the picture as multipart `image` (4 MB at most); `{ success: true,
 * data: { isDuplicate, matchedAccount, amountInSlip, rawSlip }, message }`, or `{ success: false, error: { code,
 * message } }` under the code's documented status. `checkDuplicate: true` turns its own duplicate check on.
 * `base64` and `url` are refused as VALIDATION_ERROR here: the adapter never sends them.
 */
export interface EasySlipStandIn extends StandIn {
  /** The base URL the adapter is given: `<origin>/v2`. */
  baseUrl: string;
  apiKey: string;
  /** The transfers it knows, by the QR text of their slip. */
  slips: Map<string, EasySlipRawSlip>;
  /** What it reads in a picture, by the picture's bytes (hex); a picture it does not know is no slip. */
  pictures: Map<string, string>;
}

/** The example of EasySlip's documentation, with Bank of Thailand codes as `bank.id`, masked as banks show it. */
export function easySlipExample(payload: string, overrides: Partial<EasySlipRawSlip> = {}): EasySlipRawSlip {
  return {
    payload,
    transRef: '68370160657749I376388B35',
    date: '2023-01-01T00:00:00+07:00',
    countryCode: 'TH',
    amount: { amount: 1000, local: { amount: 0, currency: '' } },
    fee: 0,
    ref1: '',
    ref2: '',
    ref3: '',
    sender: {
      bank: { id: '004', name: 'กสิกรไทย', short: 'KBANK' },
      account: { name: { th: 'นาย อีซี่ สลิป', en: 'MR. EASY SLIP' }, bank: { type: 'BANKAC', account: '1234xxxx5678' } },
    },
    receiver: {
      bank: { id: '030', name: 'ธนาคารออมสิน', short: 'GSB' },
      account: { name: { th: 'นาย อีซี่ สลิป', en: 'MR. EASY SLIP' }, bank: { type: 'BANKAC', account: '12xxxx3456' } },
    },
    ...overrides,
  };
}

export function easySlipError(code: EasySlipErrorCode): VendorAnswer {
  const { status, message } = EASYSLIP_ERRORS[code];
  return { status, body: { success: false, error: { code, message } } };
}

export async function startEasySlipStandIn(apiKey = 'a1b2c3d4-e5f6-7890-abcd-ef1234567890'): Promise<EasySlipStandIn> {
  const slips = new Map<string, EasySlipRawSlip>();
  const pictures = new Map<string, string>();
  const checked = new Set<string>();
  const handle = async (request: RecordedRequest): Promise<VendorAnswer> => {
    if (request.method !== 'POST' || request.url !== `/v2${EASYSLIP_VERIFY_PATH}`) return easySlipError('NOT_FOUND');
    const authorization = request.headers.authorization;
    if (authorization === undefined) return easySlipError('MISSING_API_KEY');
    if (authorization !== `Bearer ${apiKey}`) return easySlipError('INVALID_API_KEY');
    const input = await readInput(request, pictures);
    if ('error' in input) return easySlipError(input.error);
    const slip = slips.get(input.payload);
    if (!slip) return easySlipError('SLIP_NOT_FOUND');
    const duplicate = input.checkDuplicate && checked.has(slip.transRef);
    if (input.checkDuplicate) checked.add(slip.transRef);
    const data = { isDuplicate: duplicate, matchedAccount: null, amountInSlip: slip.amount.amount, rawSlip: slip };
    return { status: 200, body: { success: true, data, message: 'Bank slip verified successfully' } };
  };
  const standIn = await startStandIn(handle);
  return { ...standIn, baseUrl: `${standIn.origin}/v2`, apiKey, slips, pictures };
}

type Input = { error: EasySlipErrorCode } | { payload: string; checkDuplicate: boolean };

async function readInput(request: RecordedRequest, pictures: Map<string, string>): Promise<Input> {
  if (request.form) {
    const image = request.form.get('image');
    if (!(image instanceof Blob)) return { error: 'VALIDATION_ERROR' };
    if (image.size > EASYSLIP_IMAGE_BYTES_MAX) return { error: 'IMAGE_SIZE_TOO_LARGE' };
    if (!/^image\/(png|jpeg|gif|webp)$/.test(image.type)) return { error: 'INVALID_IMAGE_FORMAT' };
    const payload = pictures.get(Buffer.from(await image.arrayBuffer()).toString('hex'));
    return payload === undefined
      ? { error: 'SLIP_NOT_FOUND' }
      : { payload, checkDuplicate: request.form.get('checkDuplicate') === 'true' };
  }
  if (request.json === undefined) return { error: 'VALIDATION_ERROR' };
  const body = request.json as Record<string, unknown>;
  const given = ['payload', 'base64', 'url'].filter((field) => body[field] !== undefined);
  if (given.length !== 1 || typeof body.payload !== 'string') return { error: 'VALIDATION_ERROR' };
  if (body.payload.length < 1 || body.payload.length > EASYSLIP_PAYLOAD_LENGTH_MAX)
    return { error: 'VALIDATION_ERROR' };
  if (body.checkDuplicate !== undefined && typeof body.checkDuplicate !== 'boolean')
    return { error: 'VALIDATION_ERROR' };
  return { payload: body.payload, checkDuplicate: body.checkDuplicate === true };
}
