/**
 * The check every gateway's QR payload passes before a member is shown it (docs/deposits/qr.md, The payload
 * check): an EMVCo merchant-presented QR whose TLV reads, whose CRC is right, and whose amount, currency and
 * country are the ones asked. Pure: no gateway, no database.
 *
 * EMVCo QRCPS-MPM: a payload is root data objects `ID(2 digits) LENGTH(2 digits) VALUE`, starting with "00" (the
 * payload format indicator, "01") and ending with the CRC "63" "04" and 4 hex digits: CRC-16/CCITT-FALSE
 * (polynomial 0x1021, initial 0xFFFF) over everything before those 4 digits, "6304" included. "54", the
 * transaction amount, is digits with at most one "." decimal mark, at most 13 characters, not zero; "53" the
 * ISO 4217 numeric currency; "58" the ISO 3166 country.
 */

/** Why a payload is refused; null: it may be shown. */
export type QrPayloadProblem = 'malformed' | 'crc' | 'currency' | 'country' | 'amount';

/** What was asked of the gateway: minor units (hundredths, as everywhere in the server) and our currency code. */
export interface AskedQr {
  amountMinor: bigint;
  currency: string;
}

/** Our currency codes' ISO 4217 numeric codes, and the country a QR in that currency must name. */
const CURRENCIES: Record<string, { numeric: string; country: string }> = {
  BAHT: { numeric: '764', country: 'TH' },
  LAK: { numeric: '418', country: 'LA' },
};
const AMOUNT_LENGTH_MAX = 13;
/** Baht: the amount with exactly 2 decimals, as PromptPay and the Thai banks write it. */
const BAHT_AMOUNT = /^(\d+)\.(\d{2})$/;
/**
 * Kip: ISO 4217 gives LAK 2 decimals, but they are not in use: Lao QRs carry whole kip ("50000"), and EMVCo lets
 * the decimal mark stand with no decimals or zero ones ("50000.", "50000.00"). A fraction of a kip is refused.
 */
const KIP_AMOUNT = /^(\d+)(?:\.0{0,2})?$/;

/** CRC-16/CCITT-FALSE of the text's UTF-8 bytes, as 4 upper-case hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/**
 * The root data objects by ID, or null when the payload is not EMVCo TLV: a field cut short, a zero length, an ID
 * seen twice, a first object other than "00" "01", or anything but "63" with 4 hex digits last.
 */
export function parseRootTags(payload: string): Map<string, string> | null {
  const tags = new Map<string, string>();
  let at = 0;
  let last = '';
  while (at < payload.length) {
    const id = payload.slice(at, at + 2);
    const length = payload.slice(at + 2, at + 4);
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(length) || length === '00' || tags.has(id)) return null;
    const end = at + 4 + Number(length);
    if (end > payload.length) return null;
    tags.set(id, payload.slice(at + 4, end));
    last = id;
    at = end;
  }
  if (payload.slice(0, 6) !== '000201') return null;
  if (last !== '63' || !/^[0-9A-Fa-f]{4}$/.test(tags.get('63') ?? '') || payload.slice(-8, -4) !== '6304') return null;
  return tags;
}

/** Whether tag 54's text states exactly the asked amount, in the currency's form. */
function amountMatches(text: string | undefined, asked: AskedQr): boolean {
  if (text === undefined || text.length > AMOUNT_LENGTH_MAX || asked.amountMinor <= 0n) return false;
  if (asked.currency === 'BAHT') {
    const match = BAHT_AMOUNT.exec(text);
    return match !== null && BigInt(match[1] ?? '') * 100n + BigInt(match[2] ?? '') === asked.amountMinor;
  }
  const match = KIP_AMOUNT.exec(text);
  return match !== null && BigInt(match[1] ?? '') * 100n === asked.amountMinor;
}

/**
 * Checks a gateway's payload against what was asked; answers the first problem found (TLV, CRC, currency,
 * country, amount), or null when the QR may be shown.
 */
export function checkQrPayload(payload: string, asked: AskedQr): QrPayloadProblem | null {
  const tags = parseRootTags(payload);
  if (!tags) return 'malformed';
  if (crc16(payload.slice(0, -4)) !== payload.slice(-4).toUpperCase()) return 'crc';
  const currency = CURRENCIES[asked.currency];
  if (!currency || tags.get('53') !== currency.numeric) return 'currency';
  if (tags.get('58') !== currency.country) return 'country';
  if (!amountMatches(tags.get('54'), asked)) return 'amount';
  return null;
}
