import type { SignatureHeaderNames } from '../hmac-signature.ts';
import { callSignedParty, type SignedParty, type SignedPartyOptions, signedParty } from '../signed-fetch.ts';
import { type BankFeed, type BankFeedPage, BankFeedUnavailableError, type IncomingTransfer } from './bank-feed.ts';

export type HttpBankFeedOptions = SignedPartyOptions;

/** The headers our requests to the feed carry their signature under (adapters/hmac-signature.ts). */
export const BANK_FEED_SIGNATURE_HEADERS: SignatureHeaderNames = {
  timestamp: 'x-bank-feed-timestamp',
  signature: 'x-bank-feed-signature',
};

/** Limits on what the feed may answer (STYLE.md 12): anything outside them is an unreadable answer. */
export const BANK_FEED_PAGE_SIZE_MAX = 500;
const CURSOR_LENGTH_MAX = 500;
const REFERENCE_LENGTH_MAX = 100;
const ACCOUNT_LENGTH_MAX = 40;
const BANK_CODE_LENGTH_MAX = 20;
const AMOUNT_MINOR = /^[1-9]\d{0,17}$/;
const CURRENCY = /^[A-Z]{3,8}$/;

/**
 * The real bank feed adapter (docs/parties/bank-feed.md, "Bank feed API"): `GET {base}/transfers?after={cursor}&limit={n}`
 * signed with HMAC-SHA256 over the timestamp, method and path, answering `{ transfers, nextCursor }` with
 * amounts as decimal strings of minor units. Not retried here: the matcher reads again on its next pass.
 */
export class HttpBankFeed implements BankFeed {
  private readonly party: SignedParty;

  constructor(options: HttpBankFeedOptions) {
    this.party = signedParty(options, BANK_FEED_SIGNATURE_HEADERS, 10_000);
  }

  async transfersAfter(cursor: string | null, limit: number): Promise<BankFeedPage> {
    const query = new URLSearchParams();
    if (cursor !== null) query.set('after', cursor);
    query.set('limit', String(Math.min(Math.max(1, limit), BANK_FEED_PAGE_SIZE_MAX)));
    const { status, ok, answer } = await callSignedParty(this.party, {
      method: 'GET',
      path: `/transfers?${query}`,
      body: '',
      unreachable: (cause, url) =>
        new BankFeedUnavailableError(`bank feed unreachable: ${url.origin}${url.pathname}`, { cause }),
    });
    if (!ok || !answer) throw new BankFeedUnavailableError(`bank feed answered ${status}`);
    return parsePage(answer);
  }
}

/** The feed's answer, checked field by field: a page we cannot read whole is not read at all. */
function parsePage(answer: Record<string, unknown>): BankFeedPage {
  const { transfers, nextCursor } = answer;
  if (!Array.isArray(transfers) || transfers.length > BANK_FEED_PAGE_SIZE_MAX) {
    throw new BankFeedUnavailableError('bank feed answered without a list of transfers');
  }
  if (nextCursor !== null && !(typeof nextCursor === 'string' && nextCursor.length <= CURSOR_LENGTH_MAX)) {
    throw new BankFeedUnavailableError('bank feed answered an unreadable cursor');
  }
  return { transfers: transfers.map(parseTransfer), nextCursor };
}

function text(value: unknown, lengthMax: number, name: string): string {
  if (typeof value !== 'string' || value === '' || value.length > lengthMax) {
    throw new BankFeedUnavailableError(`bank feed answered a transfer with an unreadable ${name}`);
  }
  return value;
}

function parseTransfer(value: unknown): IncomingTransfer {
  const item = (value ?? {}) as Record<string, unknown>;
  const amount = text(item.amountMinor, 18, 'amountMinor');
  if (!AMOUNT_MINOR.test(amount)) throw new BankFeedUnavailableError('bank feed answered an amount that is not > 0');
  const currency = text(item.currency, 8, 'currency');
  if (!CURRENCY.test(currency)) throw new BankFeedUnavailableError('bank feed answered an unknown currency');
  const transferredAt = new Date(text(item.transferredAt, 40, 'transferredAt'));
  if (Number.isNaN(transferredAt.getTime())) throw new BankFeedUnavailableError('bank feed answered a bad time');
  return {
    reference: text(item.reference, REFERENCE_LENGTH_MAX, 'reference'),
    operatorAccountNo: text(item.operatorAccountNo, ACCOUNT_LENGTH_MAX, 'operatorAccountNo'),
    senderBankCode: text(item.senderBankCode, BANK_CODE_LENGTH_MAX, 'senderBankCode'),
    senderAccountNo: text(item.senderAccountNo, ACCOUNT_LENGTH_MAX, 'senderAccountNo'),
    senderName:
      item.senderName === undefined || item.senderName === null ? null : text(item.senderName, 100, 'senderName'),
    amountMinor: BigInt(amount),
    currency,
    transferredAt,
  };
}
