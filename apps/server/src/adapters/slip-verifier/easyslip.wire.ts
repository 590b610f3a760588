/**
 * EasySlip's Developer API v2 as its public documentation describes it (docs/parties/easyslip.md): the bank-slip
 * endpoint, its limits and its error codes with their HTTP statuses and messages, shared by the adapter
 * (easyslip.ts) and the tests' stand-in (test/easyslip-standin.ts).
 */

/** `POST {EASYSLIP_BASE_URL}/verify/bank`, `Authorization: Bearer <key>`. */
export const EASYSLIP_DEFAULT_BASE_URL = 'https://api.easyslip.com/v2';
export const EASYSLIP_VERIFY_PATH = '/verify/bank';
/** `payload`: the QR text, 1-128 characters. */
export const EASYSLIP_PAYLOAD_LENGTH_MAX = 128;
/** `image`: "Image exceeds 4MB limit"; read as 4,000,000 bytes, the smaller of the two readings. */
export const EASYSLIP_IMAGE_BYTES_MAX = 4_000_000;

/** Every v2 error code EasySlip documents, with its HTTP status and message. */
export const EASYSLIP_ERRORS = {
  MISSING_API_KEY: { status: 401, message: 'Authorization header is required' },
  INVALID_API_KEY: { status: 401, message: 'The provided API key is invalid' },
  BRANCH_INACTIVE: { status: 403, message: 'This API branch has been deactivated' },
  SERVICE_BANNED: { status: 403, message: 'Service has been banned' },
  SERVICE_DELETED: { status: 403, message: 'Service has been deleted' },
  IP_NOT_ALLOWED: { status: 403, message: 'Your IP address is not in the allowed list' },
  QUOTA_EXCEEDED: { status: 403, message: 'Your API quota has been exceeded' },
  VALIDATION_ERROR: { status: 400, message: 'Validation failed' },
  URL_PROTOCOL_NOT_ALLOWED: { status: 400, message: 'Only HTTP/HTTPS allowed' },
  URL_INVALID_IP_RANGE: { status: 400, message: 'URL points to restricted IP' },
  IMAGE_URL_UNREACHABLE: { status: 400, message: 'Unable to access URL' },
  IMAGE_SIZE_TOO_LARGE: { status: 400, message: 'Image exceeds 4MB limit' },
  INVALID_IMAGE_TYPE: { status: 400, message: 'URL is not a valid image' },
  INVALID_IMAGE_FORMAT: { status: 400, message: 'File is not a valid image' },
  SLIP_NOT_FOUND: { status: 404, message: 'Slip not found or invalid' },
  NOT_FOUND: { status: 404, message: 'Resource not found' },
  API_SERVER_ERROR: { status: 500, message: 'External API error' },
  INTERNAL_SERVER_ERROR: { status: 500, message: 'Internal server error' },
} as const;

export type EasySlipErrorCode = keyof typeof EASYSLIP_ERRORS;

export function isEasySlipErrorCode(code: unknown): code is EasySlipErrorCode {
  return typeof code === 'string' && Object.hasOwn(EASYSLIP_ERRORS, code);
}

/** One side of `rawSlip`: the bank (`id` its Bank of Thailand code) and the account as the bank shows it. */
export interface EasySlipParty {
  bank: { id: string; name?: string; short?: string };
  account: {
    name: { th?: string; en?: string };
    bank?: { type: 'BANKAC' | 'TOKEN' | 'DUMMY'; account: string };
    proxy?: { type: string; account: string };
  };
}

/** `rawSlip` of a verify answer: the bank's record of the transfer. */
export interface EasySlipRawSlip {
  payload: string;
  transRef: string;
  /** ISO 8601 with its offset (`2023-01-01T00:00:00+07:00`). */
  date: string;
  countryCode: string;
  /** `amount` in baht (a JSON number); `local` a foreign payer's own currency. */
  amount: { amount: number; local: { amount?: number; currency?: string } };
  fee?: number;
  ref1?: string;
  ref2?: string;
  ref3?: string;
  sender: EasySlipParty;
  receiver: EasySlipParty & { merchantId?: string };
}

/** `data` of a verify answer. */
export interface EasySlipVerifyData {
  remark?: string;
  isDuplicate: boolean;
  matchedAccount: unknown;
  amountInOrder?: number;
  amountInSlip: number;
  isAmountMatched?: boolean;
  rawSlip: EasySlipRawSlip;
}
