import {
  EASYSLIP_IMAGE_BYTES_MAX,
  EASYSLIP_VERIFY_PATH,
  type EasySlipErrorCode,
  isEasySlipErrorCode,
} from './easyslip.wire.ts';
import {
  type RetryLaterReason,
  type SlipAccount,
  type SlipQuery,
  type SlipVerification,
  type SlipVerifier,
  SlipVerifierUnavailableError,
  type VerifiedTransfer,
} from './slip-verifier.ts';
import { bahtToMinor, isoTime, malformed, ourBank, ourBankByName, record, shownText } from './vendor-fields.ts';
import { pictureForm, postToVendor, SLIP_VERIFIER_TIMEOUT_MS } from './vendor-http.ts';

const VENDOR = 'EasySlip';

export interface EasySlipOptions {
  /** `https://api.easyslip.com/v2` (EASYSLIP_BASE_URL). */
  baseUrl: () => string;
  apiKey: string;
  /** Default 15 s; tests inject less. */
  timeoutMs?: number;
}

type EasySlipReply = { ok: true; data: Record<string, unknown> } | { ok: false; code: EasySlipErrorCode };

type Outcome = SlipVerification | { unavailable: string };

const retry = (reason: RetryLaterReason): SlipVerification => ({ status: 'retry_later', reason });
const requestRefused = { unavailable: 'EasySlip could not read our request' };

/** Every v2 code EasySlip documents (easyslip.wire.ts), as docs/parties/easyslip.md tabulates them. */
const OUTCOMES: Record<EasySlipErrorCode, Outcome> = {
  MISSING_API_KEY: { unavailable: 'EasySlip was sent no API key (EASYSLIP_API_KEY)' },
  INVALID_API_KEY: { unavailable: 'EasySlip refused our API key (EASYSLIP_API_KEY)' },
  BRANCH_INACTIVE: { unavailable: "EasySlip: the API key's branch is deactivated" },
  SERVICE_BANNED: { unavailable: 'EasySlip: the service is banned' },
  SERVICE_DELETED: { unavailable: 'EasySlip: the service is deleted' },
  IP_NOT_ALLOWED: { unavailable: "EasySlip does not allow this server's IP address" },
  QUOTA_EXCEEDED: retry('quota'),
  VALIDATION_ERROR: requestRefused,
  // We never send a URL; these would mean our request is not what we think it is.
  URL_PROTOCOL_NOT_ALLOWED: requestRefused,
  URL_INVALID_IP_RANGE: requestRefused,
  IMAGE_URL_UNREACHABLE: requestRefused,
  INVALID_IMAGE_TYPE: requestRefused,
  IMAGE_SIZE_TOO_LARGE: { unavailable: 'EasySlip refused the picture as too large' },
  INVALID_IMAGE_FORMAT: { unavailable: 'EasySlip could not read the picture' },
  SLIP_NOT_FOUND: { status: 'not_found' },
  NOT_FOUND: { unavailable: 'EasySlip knows no such endpoint (EASYSLIP_BASE_URL)' },
  // "External API error ... Retry later": the bank's own service behind EasySlip failed.
  API_SERVER_ERROR: retry('bank_unavailable'),
  INTERNAL_SERVER_ERROR: { unavailable: 'EasySlip failed' },
};

/** The codes by which EasySlip refuses a picture: the QR text's answer stands then. */
const PICTURE_REFUSED: ReadonlySet<EasySlipErrorCode> = new Set([
  'VALIDATION_ERROR',
  'IMAGE_SIZE_TOO_LARGE',
  'INVALID_IMAGE_FORMAT',
]);

/**
 * EasySlip's Developer API v2 (docs/parties/easyslip.md): `POST {base}/verify/bank` with `Authorization: Bearer`,
 * the slip's QR text as JSON `{ payload, checkDuplicate: false }` (no duplicate check of its own; ours is
 * authoritative); the picture as multipart `image` only when EasySlip refused the QR text (VALIDATION_ERROR)
 * and the picture is within its 4 MB. Thai bank slips only (TrueMoney has an endpoint of its own).
 */
export class EasySlipVerifier implements SlipVerifier {
  constructor(private readonly options: EasySlipOptions) {}

  async verify(query: SlipQuery): Promise<SlipVerification> {
    if (query.kind !== 'thai') throw new SlipVerifierUnavailableError('EasySlip verifies Thai bank slips only');
    const byText = await this.check(JSON.stringify({ payload: query.qr, checkDuplicate: false }));
    const picture = query.picture;
    if (
      !byText.ok &&
      byText.code === 'VALIDATION_ERROR' &&
      picture &&
      picture.bytes.length <= EASYSLIP_IMAGE_BYTES_MAX
    ) {
      const byPicture = await this.check(pictureForm('image', picture));
      if (byPicture.ok || !PICTURE_REFUSED.has(byPicture.code)) return verdict(byPicture);
    }
    return verdict(byText);
  }

  private async check(body: string | FormData): Promise<EasySlipReply> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.options.apiKey}` };
    if (typeof body === 'string') headers['content-type'] = 'application/json';
    const url = `${this.options.baseUrl()}${EASYSLIP_VERIFY_PATH}`;
    const timeoutMs = this.options.timeoutMs ?? SLIP_VERIFIER_TIMEOUT_MS;
    const { status, body: answer } = await postToVendor(VENDOR, url, { headers, body }, timeoutMs);
    return readReply(status, answer);
  }
}

/** `{ success: true, data, message }`, or `{ success: false, error: { code, message } }`. */
function readReply(status: number, answer: unknown): EasySlipReply {
  const body = record(answer);
  if (status < 300 && body.success === true) return { ok: true, data: record(body.data) };
  const code = record(body.error).code;
  // A 5xx is no answer, but the one EasySlip documents as its bank's service failing.
  if (status >= 500 && code !== 'API_SERVER_ERROR')
    throw new SlipVerifierUnavailableError(`EasySlip answered ${status}`);
  if (isEasySlipErrorCode(code)) return { ok: false, code };
  throw new SlipVerifierUnavailableError(`EasySlip answered ${status} without a code it documents`);
}

function verdict(reply: EasySlipReply): SlipVerification {
  if (!reply.ok) {
    const outcome = OUTCOMES[reply.code];
    if ('unavailable' in outcome) throw new SlipVerifierUnavailableError(`${outcome.unavailable} (${reply.code})`);
    return outcome;
  }
  if (reply.data.isDuplicate === true) return { status: 'duplicate' };
  return { status: 'found', transfer: transferOf(reply.data) };
}

function transferOf(data: Record<string, unknown>): VerifiedTransfer {
  const slip = record(data.rawSlip);
  const reference = shownText(slip.transRef, VENDOR);
  if (reference === null) throw malformed(VENDOR, 'reference');
  const amountMinor = bahtToMinor(record(slip.amount).amount, VENDOR);
  // The answer states the amount twice: two that disagree are not an answer.
  if (data.amountInSlip !== undefined && bahtToMinor(data.amountInSlip, VENDOR) !== amountMinor) {
    throw malformed(VENDOR, 'amount');
  }
  return {
    reference,
    amountMinor,
    // The bank endpoint verifies Thai bank transfers: `amount.amount` is baht (`local` a foreign payer's own).
    currency: 'BAHT',
    sender: accountOf(slip.sender),
    receiver: accountOf(slip.receiver),
    transferredAt: isoTime(slip.date, VENDOR),
  };
}

/** `{ bank: { id, name, short }, account: { name: { th, en }, bank?: { type, account }, proxy? } }`, masked. */
function accountOf(value: unknown): SlipAccount {
  const side = record(value);
  const account = record(side.account);
  const name = record(account.name);
  const bank = record(side.bank);
  return {
    // Its Bank of Thailand code; else its short name when that is ours (v1's example pairs 001 with KBANK).
    bankCode: ourBank(bank.id) ?? ourBankByName(bank.short),
    account: shownText(record(account.bank).account, VENDOR),
    nameTh: shownText(name.th, VENDOR),
    nameEn: shownText(name.en, VENDOR),
  };
}
