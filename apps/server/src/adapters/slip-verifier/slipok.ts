import {
  type RetryLaterReason,
  type SlipAccount,
  type SlipQuery,
  type SlipVerification,
  type SlipVerifier,
  SlipVerifierUnavailableError,
  type VerifiedTransfer,
} from './slip-verifier.ts';
import { isSlipOkErrorCode, SLIPOK_AUTH_HEADER, type SlipOkErrorCode, slipOkPath } from './slipok.wire.ts';
import { bahtToMinor, bangkokTime, malformed, ourBank, record, shownName, shownText } from './vendor-fields.ts';
import { pictureForm, postToVendor, SLIP_VERIFIER_TIMEOUT_MS } from './vendor-http.ts';

const VENDOR = 'SlipOK';

export interface SlipOkOptions {
  /** `https://api.slipok.com` (SLIPOK_BASE_URL), or this server's `/sandbox/slipok`: known once it listens. */
  baseUrl: () => string;
  branchId: string;
  apiKey: string;
  /** Default 15 s; tests inject less. */
  timeoutMs?: number;
}

type SlipOkReply = { ok: true; slip: Record<string, unknown> } | { ok: false; code: SlipOkErrorCode; data: unknown };

/** What an error code becomes: a verdict, no answer (with why), or the slip SlipOK sent with it. */
type Outcome = SlipVerification | { unavailable: string } | 'slip';

const retry = (reason: RetryLaterReason): SlipVerification => ({ status: 'retry_later', reason });

/** Every code SlipOK documents (slipok.wire.ts), as docs/parties/slipok.md tabulates them. */
const OUTCOMES: Record<SlipOkErrorCode, Outcome> = {
  1000: { unavailable: 'SlipOK could not read our request' },
  1001: { unavailable: 'SlipOK knows no such branch (SLIPOK_BRANCH_ID)' },
  1002: { unavailable: 'SlipOK refused our API key (SLIPOK_API_KEY)' },
  // The package expired or its quota is spent: the operator renews it; the slip is not refused meanwhile.
  1003: retry('quota'),
  1004: retry('quota'),
  1005: { unavailable: 'SlipOK did not take the picture as an image' },
  1006: { unavailable: 'SlipOK could not read the picture' },
  1007: { unavailable: 'SlipOK found no QR code in the picture' },
  1008: { status: 'not_found' },
  1009: retry('bank_unavailable'),
  1010: retry('bank_not_ready'),
  1011: { status: 'not_found' },
  1012: { status: 'duplicate' },
  // Checks we never ask for (an expected amount, the branch's registered receiver): our own rules judge both.
  1013: 'slip',
  1014: 'slip',
};

/** The codes by which SlipOK says it could not use what it was sent: the picture is tried after the QR text. */
const NOT_USED: ReadonlySet<SlipOkErrorCode> = new Set([1000, 1005, 1006, 1007, 1008]);

/**
 * SlipOK's check-slip API (docs/parties/slipok.md): `POST {base}/api/line/apikey/{branchId}` with
 * `x-authorization`, the slip's QR text as JSON `{ data, log: false }` (`log` off: no record at SlipOK, no
 * duplicate check of its own; ours is authoritative); the picture as multipart `files` only when SlipOK could not
 * use the QR text. Thai bank slips only.
 */
export class SlipOkVerifier implements SlipVerifier {
  constructor(private readonly options: SlipOkOptions) {}

  async verify(query: SlipQuery): Promise<SlipVerification> {
    if (query.kind !== 'thai') throw new SlipVerifierUnavailableError('SlipOK verifies Thai bank slips only');
    const byText = await this.check(JSON.stringify({ data: query.qr, log: false }));
    if (!byText.ok && NOT_USED.has(byText.code) && query.picture) {
      const byPicture = await this.check(pictureForm('files', query.picture));
      // A picture SlipOK cannot read either says nothing more than the QR text's answer.
      if (byPicture.ok || byPicture.code === 1008 || !NOT_USED.has(byPicture.code)) return verdict(byPicture);
    }
    return verdict(byText);
  }

  private async check(body: string | FormData): Promise<SlipOkReply> {
    const headers: Record<string, string> = { [SLIPOK_AUTH_HEADER]: this.options.apiKey };
    if (typeof body === 'string') headers['content-type'] = 'application/json';
    const url = `${this.options.baseUrl()}${slipOkPath(this.options.branchId)}`;
    const timeoutMs = this.options.timeoutMs ?? SLIP_VERIFIER_TIMEOUT_MS;
    const { status, body: answer } = await postToVendor(VENDOR, url, { headers, body }, timeoutMs);
    return readReply(status, answer);
  }
}

/** `{ success: true, data }`, or an error `{ success: false, code, message, data? }` (code a number or its text). */
function readReply(status: number, answer: unknown): SlipOkReply {
  if (status >= 500) throw new SlipVerifierUnavailableError(`SlipOK answered ${status}`);
  const body = record(answer);
  if (status < 300 && body.success === true) return { ok: true, slip: record(body.data) };
  const code = typeof body.code === 'number' || typeof body.code === 'string' ? Number(body.code) : Number.NaN;
  if (isSlipOkErrorCode(code)) return { ok: false, code, data: body.data };
  throw new SlipVerifierUnavailableError(`SlipOK answered ${status} without a code it documents`);
}

function verdict(reply: SlipOkReply): SlipVerification {
  if (reply.ok) return { status: 'found', transfer: transferOf(reply.slip) };
  const outcome = OUTCOMES[reply.code];
  if (outcome === 'slip') {
    if (typeof reply.data !== 'object' || reply.data === null) throw malformed(VENDOR, `slip with ${reply.code}`);
    return { status: 'found', transfer: transferOf(record(reply.data)) };
  }
  if ('unavailable' in outcome) throw new SlipVerifierUnavailableError(`${outcome.unavailable} (${reply.code})`);
  return outcome;
}

function transferOf(slip: Record<string, unknown>): VerifiedTransfer {
  if (slip.success !== true) throw malformed(VENDOR, 'slip');
  const reference = shownText(slip.transRef, VENDOR);
  if (reference === null) throw malformed(VENDOR, 'reference');
  return {
    reference,
    amountMinor: bahtToMinor(slip.amount, VENDOR),
    // SlipOK verifies Thai bank transfers: `amount` is baht (`paidLocalAmount` a foreign payer's own currency).
    currency: 'BAHT',
    sender: accountOf(slip.sender, slip.sendingBank),
    receiver: accountOf(slip.receiver, slip.receivingBank),
    transferredAt: bangkokTime(slip.transDate, slip.transTime, VENDOR),
  };
}

/** `{ displayName (Thai or English, per bank), name (English), proxy, account: { type, value } }`, masked. */
function accountOf(value: unknown, botCode: unknown): SlipAccount {
  const side = record(value);
  const display = shownName(side.displayName, VENDOR);
  return {
    bankCode: ourBank(botCode),
    account: shownText(record(side.account).value, VENDOR),
    nameTh: display.th,
    nameEn: shownText(side.name, VENDOR) ?? display.en,
  };
}
