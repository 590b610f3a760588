import { BOT_BANK_CODES, bankOfBotCode } from './bank-codes.ts';
import { SlipVerifierUnavailableError } from './slip-verifier.ts';

/**
 * The readers of what the slip-verification vendors answer (docs/parties/slipok.md, easyslip.md): a field reads
 * exactly, or the answer is no answer (SlipVerifierUnavailableError), so nothing is guessed from a broken one.
 */

/** Baht as a decimal text of at most 2 decimals: at most 13 digits before the point, far inside a double. */
const BAHT = /^(\d{1,13})(?:\.(\d{1,2}))?$/;
const DATE = /^(\d{4})(\d{2})(\d{2})$/;
const TIME = /^(\d{2}):(\d{2}):(\d{2})$/;
/** ISO 8601 with its offset: a time without one is a local time of an unknown place. */
const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;
const BANGKOK_OFFSET_HOURS = 7;
const SHOWN_LENGTH_MAX = 200;
const THAI = /[\u0E00-\u0E7F]/;

export function malformed(vendor: string, field: string): SlipVerifierUnavailableError {
  return new SlipVerifierUnavailableError(`${vendor} answered an unreadable ${field}`);
}

/**
 * A vendor's amount, a JSON number of baht, in minor units (satang), exactly: read from the number's shortest
 * decimal text (what the vendor wrote, `1500.50` reads `1500.5`), never multiplied as a float. More than 2
 * decimals, zero, a negative, an exponent or anything but a number is refused.
 */
export function bahtToMinor(value: unknown, vendor: string): bigint {
  const match = typeof value === 'number' && Number.isFinite(value) ? BAHT.exec(String(value)) : null;
  if (!match) throw malformed(vendor, 'amount');
  const minor = BigInt(match[1] ?? '') * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
  if (minor <= 0n) throw malformed(vendor, 'amount');
  return minor;
}

/** A slip's date (`yyyyMMdd`) and time (`HH:mm:ss`) as printed, in Bangkok (UTC+7, no daylight saving). */
export function bangkokTime(date: unknown, time: unknown, vendor: string): Date {
  const day = typeof date === 'string' ? DATE.exec(date) : null;
  const clock = typeof time === 'string' ? TIME.exec(time) : null;
  if (!day || !clock) throw malformed(vendor, 'date');
  const [year, month, dayOfMonth] = day.slice(1).map(Number) as [number, number, number];
  const [hours, minutes, seconds] = clock.slice(1).map(Number) as [number, number, number];
  if (hours > 23 || minutes > 59 || seconds > 59) throw malformed(vendor, 'date');
  const at = new Date(Date.UTC(year, month - 1, dayOfMonth, hours - BANGKOK_OFFSET_HOURS, minutes, seconds));
  const local = new Date(at.getTime() + BANGKOK_OFFSET_HOURS * 3_600_000);
  // 31 April rolls over into May: a date that does not come back as written is not a date.
  if (local.getUTCFullYear() !== year || local.getUTCMonth() !== month - 1 || local.getUTCDate() !== dayOfMonth) {
    throw malformed(vendor, 'date');
  }
  return at;
}

/** An ISO 8601 time with its offset (`2023-01-01T00:00:00+07:00`, `...Z`). */
export function isoTime(value: unknown, vendor: string): Date {
  const match = typeof value === 'string' ? ISO_TIME.exec(value) : null;
  const at = match ? new Date(value as string) : null;
  if (!match || !at || Number.isNaN(at.getTime())) throw malformed(vendor, 'time');
  // 30 February parses as 2 March: the calendar date must stand as written (offsets move it at most a day).
  const written = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const check = new Date(written);
  if (check.getUTCDate() !== Number(match[3]) || Math.abs(at.getTime() - written) > 2 * 86_400_000) {
    throw malformed(vendor, 'time');
  }
  return at;
}

/** Our bank code (`KBANK`) of a vendor's Bank of Thailand code (`004`); null for one we do not know. */
export function ourBank(botCode: unknown): string | null {
  return typeof botCode === 'string' ? (bankOfBotCode(botCode) ?? null) : null;
}

/** Our bank code when a vendor's short bank name is one of ours (`KBANK`); null otherwise. */
export function ourBankByName(short: unknown): string | null {
  return typeof short === 'string' && Object.values(BOT_BANK_CODES).includes(short) ? short : null;
}

/** A field shown as the vendor shows it (an account masked `xxx-x-x0209-x`, a cut name); null when empty. */
export function shownText(value: unknown, vendor: string): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string' || value.length > SHOWN_LENGTH_MAX) throw malformed(vendor, 'account or name');
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** A name shown in one field that is Thai or English depending on the bank: sorted by its script. */
export function shownName(value: unknown, vendor: string): { th: string | null; en: string | null } {
  const name = shownText(value, vendor);
  if (name === null) return { th: null, en: null };
  return THAI.test(name) ? { th: name, en: null } : { th: null, en: name };
}

/** A record, or an empty one for anything else (a missing object reads as missing fields). */
export function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
