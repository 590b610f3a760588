import { z } from 'zod/mini';

/**
 * TrueMoney gift links (spec sections 5 and 7; docs/deposits/truemoney.md). The member pastes a gift link;
 * the client encrypts it with AES-256-GCM (WebCrypto, in browsers and in Node 20 as `globalThis.crypto`)
 * before sending `POST /api/wallet/truelink { link: <envelope> }`, and the server decrypts it.
 *
 * Honest limits: the key reaches the browser (`GET /api/lookup/truelink`), so it is no secret from the member
 * or from anyone who loads the page. The encryption only keeps the link out of plain view in logs, proxies and
 * tools that record request bodies; TLS is what protects it on the wire.
 *
 * Envelope: `v1.<keyId>.<base64url(iv || ciphertext || tag)>`, a 12-byte random IV and the 16-byte GCM tag;
 * the text `v1.<keyId>` is bound as additional data, so a changed key id or version fails to decrypt. The key
 * id lets the server rotate keys: it decrypts with any key it still holds and hands out the newest.
 */

export const GIFT_LINK_ENVELOPE_VERSION = 'v1';
/** The longest gift link, or pasted text holding one, accepted (links are about 80 characters). */
export const GIFT_LINK_LENGTH_MAX = 500;
/** The longest envelope: a link of GIFT_LINK_LENGTH_MAX bytes of UTF-8 (4 per character at worst), encoded. */
export const GIFT_LINK_ENVELOPE_LENGTH_MAX = 3_000;

const KEY_ID = /^[A-Za-z0-9_-]{1,16}$/;
const ENVELOPE = /^v1\.([A-Za-z0-9_-]{1,16})\.([A-Za-z0-9_-]+)$/;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
const GIFT_HOST = 'gift.truemoney.com';
/** A URL in a text: a scheme, then the characters a URL may hold (RFC 3986), so Thai letters or a space end it. */
const URL_IN_TEXT = /https?:\/\/[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+/gi;
/** What ends a sentence or closes a bracket after a link, and so is not part of it. */
const TRAILING_PUNCTUATION = /[.,;:!?'")\]]+$/;

/** A gift-link key as the server hands it out: its id and 32 bytes in standard base64. */
export interface GiftLinkKey {
  id: string;
  /** Standard base64 of 32 bytes. */
  key: string;
}

/** `GET /api/lookup/truelink`: the key to encrypt gift links with (not a secret: see above). */
export const truelinkLookupResponse = z.object({ keyId: z.string(), key: z.string() });
export type TruelinkLookupResponse = z.infer<typeof truelinkLookupResponse>;

/** `POST /api/wallet/truelink`: the encrypted gift link. The answer is wallet.ts `moneyActionResponse`. */
export const truelinkRequest = z.object({
  link: z
    .string({ error: (issue) => (issue.input === undefined ? 'KEY_MISSING' : 'TRUELINK_INVALID') })
    .check(
      z.minLength(1, { error: 'KEY_MISSING' }),
      z.maxLength(GIFT_LINK_ENVELOPE_LENGTH_MAX, { error: 'TRUELINK_INVALID' }),
      z.regex(ENVELOPE, { error: 'TRUELINK_INVALID' }),
    ),
});
export type TruelinkRequest = z.infer<typeof truelinkRequest>;

/**
 * The voucher code of a TrueMoney gift link (`https://gift.truemoney.com/campaign/?v=<code>`), or null for
 * anything else: another host, plain HTTP, credentials or a port in the URL, a missing or odd code.
 */
export function giftLinkCode(link: string): string | null {
  const text = link.trim();
  if (text.length === 0 || text.length > GIFT_LINK_LENGTH_MAX) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.hostname !== GIFT_HOST || url.port !== '') return null;
  if (url.username !== '' || url.password !== '') return null;
  if (url.pathname !== '/campaign/' && url.pathname !== '/campaign') return null;
  const codes = url.searchParams.getAll('v');
  const code = codes.length === 1 ? codes[0] : undefined;
  return code && /^[A-Za-z0-9]{8,64}$/.test(code) ? code : null;
}

/**
 * The gift link in a text a member pasted: the link alone, or the whole message TrueMoney's app shares, the
 * link inside a sentence (docs/deposits/truemoney.md, Pasted texts). Every URL of the text on the gift host
 * counts, whatever the words around them: exactly one voucher (the same link twice is one) answers its
 * canonical link `https://gift.truemoney.com/campaign/?v=<code>`; none, two different vouchers, or a gift-host
 * URL that is not a valid gift link (`giftLinkCode`) answer null. Other URLs (an app-store link) are ignored. The
 * client and the server both use it, so both accept the same texts.
 */
export function giftLinkIn(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > GIFT_LINK_LENGTH_MAX) return null;
  const codes = new Set<string>();
  for (const [found] of trimmed.matchAll(URL_IN_TEXT)) {
    const candidate = found.replace(TRAILING_PUNCTUATION, '');
    let host: string;
    try {
      host = new URL(candidate).hostname;
    } catch {
      continue;
    }
    if (host !== GIFT_HOST) continue;
    const code = giftLinkCode(candidate);
    if (code === null) return null;
    codes.add(code);
  }
  const [code, ...others] = [...codes];
  return code !== undefined && others.length === 0 ? `https://${GIFT_HOST}/campaign/?v=${code}` : null;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> | null {
  try {
    const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
    return Uint8Array.from(binary, (character) => character.charCodeAt(0));
  } catch {
    return null;
  }
}

async function importKey(key: GiftLinkKey, usage: 'encrypt' | 'decrypt') {
  if (!KEY_ID.test(key.id)) return null;
  const raw = fromBase64(key.key);
  if (!raw || raw.length !== KEY_BYTES) return null;
  return crypto.subtle.importKey('raw', raw, { name: 'AES-GCM' }, false, [usage]);
}

/** Encrypts a gift link into the envelope above. Throws only on a malformed key (a bug, not the member's). */
export async function encryptGiftLink(link: string, key: GiftLinkKey): Promise<string> {
  const cryptoKey = await importKey(key, 'encrypt');
  if (!cryptoKey) throw new RangeError('a gift-link key is an id of 1-16 [A-Za-z0-9_-] and 32 bytes of base64');
  const prefix = `${GIFT_LINK_ENVELOPE_VERSION}.${key.id}`;
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(prefix) },
      cryptoKey,
      new TextEncoder().encode(link),
    ),
  );
  const payload = new Uint8Array(IV_BYTES + sealed.length);
  payload.set(iv);
  payload.set(sealed, IV_BYTES);
  return `${prefix}.${toBase64Url(payload)}`;
}

/**
 * The gift link inside an envelope, or null when it is malformed, names a key not among `keys`, or fails
 * authentication (tampered, or sealed with another key). Never throws on bad input.
 */
export async function decryptGiftLink(
  envelope: string,
  keys: GiftLinkKey | readonly GiftLinkKey[],
): Promise<string | null> {
  if (envelope.length > GIFT_LINK_ENVELOPE_LENGTH_MAX) return null;
  const match = ENVELOPE.exec(envelope);
  if (!match) return null;
  const [, keyId, body] = match as unknown as [string, string, string];
  const key = (Array.isArray(keys) ? keys : [keys as GiftLinkKey]).find((candidate) => candidate.id === keyId);
  const payload = fromBase64(body);
  if (!key || !payload || payload.length < IV_BYTES + TAG_BYTES) return null;
  const cryptoKey = await importKey(key, 'decrypt');
  if (!cryptoKey) return null;
  try {
    const plain = await crypto.subtle.decrypt(
      {
        name: 'AES-GCM',
        iv: payload.slice(0, IV_BYTES),
        additionalData: new TextEncoder().encode(`${GIFT_LINK_ENVELOPE_VERSION}.${keyId}`),
      },
      cryptoKey,
      payload.slice(IV_BYTES),
    );
    return new TextDecoder('utf-8', { fatal: true }).decode(plain);
  } catch {
    return null;
  }
}
