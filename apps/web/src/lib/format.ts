/**
 * Display formats of spec section 9: dates, amounts, bank accounts and relative time.
 *
 * Every function here is pure and uses no `Intl`: Chromium ships no Lao locale data
 * (`Intl.DateTimeFormat.supportedLocalesOf(['lo'])` is empty), so `Intl` would quietly print Lao dates and kip
 * in English. Our own small tables give the same text in every browser and in Node.
 *
 * Times are shown in Indochina Time (UTC+7, no daylight saving), the clock of both Thailand and Laos and of
 * the bank slips a member compares them with, whatever time zone the device is set to.
 */
import { type MinorRules, toMinorUnits } from '@member-wallet/client-core/money';
import type { Locale } from '@member-wallet/contract/constants';
import { pluralCategory } from './plural.ts';

export const INDOCHINA_OFFSET_MINUTES = 7 * 60;

export type DateInput = Date | string | number;

interface WallClock {
  year: number;
  /** 0 to 11. */
  month: number;
  day: number;
  hours: number;
  minutes: number;
  seconds: number;
}

function toTime(input: DateInput): number {
  const time = input instanceof Date ? input.getTime() : new Date(input).getTime();
  if (!Number.isFinite(time)) throw new RangeError(`not a date: ${String(input)}`);
  return time;
}

function wallClock(input: DateInput, offsetMinutes: number): WallClock {
  const shifted = new Date(toTime(input) + offsetMinutes * 60_000);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth(),
    day: shifted.getUTCDate(),
    hours: shifted.getUTCHours(),
    minutes: shifted.getUTCMinutes(),
    seconds: shifted.getUTCSeconds(),
  };
}

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

/**
 * `DD/MM/YYYY`: the date of spec section 9's format, and the one rule for a date in every language: the common-era
 * year in Thai too, so a Thai member reads the same year on every screen, as the statement and the slips print it
 * (docs/decisions/0026).
 */
export function formatDate(input: DateInput, offsetMinutes = INDOCHINA_OFFSET_MINUTES): string {
  const clock = wallClock(input, offsetMinutes);
  return `${twoDigits(clock.day)}/${twoDigits(clock.month + 1)}/${clock.year}`;
}

/** `DD/MM/YYYY HH:mm:ss` in every locale (spec section 9), common-era year. */
export function formatDateTime(input: DateInput, offsetMinutes = INDOCHINA_OFFSET_MINUTES): string {
  const clock = wallClock(input, offsetMinutes);
  const time = `${twoDigits(clock.hours)}:${twoDigits(clock.minutes)}:${twoDigits(clock.seconds)}`;
  return `${formatDate(input, offsetMinutes)} ${time}`;
}

/**
 * Above this the minor units of an amount leave the range where a double counts every unit exactly.
 * No wallet balance comes near it.
 */
const SHOWN_MAX = Math.floor(Number.MAX_SAFE_INTEGER / 100);

/**
 * What the member screens show of an amount the API sent, wider than the contract's rule: a negative keeps its
 * sign, a third decimal is rounded half away from zero on the digits the number prints as (so `1.005` gives
 * 101 and `0.1 + 0.2` gives 30), and amounts past AMOUNT_MAX are shown up to SHOWN_MAX.
 */
const SHOWN: MinorRules = { negative: true, round: true, wholeDigits: String(SHOWN_MAX).length };

/** The integer minor units (satang, att) of an amount as the member screens show it; throws past SHOWN_MAX. */
export function minorUnitsOf(value: number): bigint {
  const minor = Math.abs(value) > SHOWN_MAX ? null : toMinorUnits(value, SHOWN);
  if (minor === null) throw new RangeError(`not an amount: ${value}`);
  return minor;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** `123456n` minor units -> `1,234.56`; exact for any bigint, as the server keeps money. */
export function formatMinorUnits(minor: bigint | number): string {
  if (typeof minor === 'number' && !Number.isSafeInteger(minor)) {
    throw new RangeError(`minor units must be a safe integer: ${minor}`);
  }
  const units = BigInt(minor);
  const negative = units < 0n;
  const absolute = negative ? -units : units;
  const whole = groupThousands((absolute / 100n).toString());
  const cents = (absolute % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${cents}`;
}

/** `1234.5` -> `1,234.50`: thousands separators and exactly 2 decimals, the same in every locale. */
export function formatAmount(value: number): string {
  return formatMinorUnits(minorUnitsOf(value));
}

export type Currency = 'THB' | 'LAK';

/**
 * The baht sign is in the Thai block, which every font of ours covers. The kip sign (U+20AD) is in none of
 * our font subsets, so readers get the word for kip in their own script instead, and English readers the
 * ISO code.
 */
const CURRENCY_AFFIX: Record<Currency, Record<Locale, { prefix: string; suffix: string }>> = {
  THB: {
    th: { prefix: '฿', suffix: '' },
    lo: { prefix: '฿', suffix: '' },
    en: { prefix: '฿', suffix: '' },
  },
  LAK: {
    th: { prefix: '', suffix: ' กีบ' },
    lo: { prefix: '', suffix: ' ກີບ' },
    en: { prefix: 'LAK ', suffix: '' },
  },
};

function withCurrency(locale: Locale, currency: Currency, formatted: string): string {
  const { prefix, suffix } = CURRENCY_AFFIX[currency][locale];
  const negative = formatted.startsWith('-');
  return `${negative ? '-' : ''}${prefix}${negative ? formatted.slice(1) : formatted}${suffix}`;
}

/** `฿1,234.50`, `1,234.50 ກີບ`, `LAK 1,234.50`. */
export function formatMoney(locale: Locale, value: number, currency: Currency): string {
  return withCurrency(locale, currency, formatAmount(value));
}

/** As {@link formatMoney}, from integer minor units. */
export function formatMoneyMinor(locale: Locale, minor: bigint | number, currency: Currency): string {
  return withCurrency(locale, currency, formatMinorUnits(minor));
}

/** A 10-digit bank account grouped 3-3-rest, `1234567890` -> `123-456-7890`; any other account as given. */
export function formatBankAccount(account: string): string {
  const digits = account.replace(/\D/g, '');
  if (digits.length !== 10) return account.trim();
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

export const RELATIVE_TIME_UNITS = ['years', 'months', 'days', 'hours', 'minutes', 'seconds'] as const;
export type RelativeTimeUnit = (typeof RELATIVE_TIME_UNITS)[number];

const SECOND_MS = 1_000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** The spec counts a month as 30 days; a year is 365. */
const MONTH_MS = 30 * DAY_MS;
const YEAR_MS = 365 * DAY_MS;

/** The largest whole unit of the time from `then` to `now`; `null` under one second or in the future. */
export function relativeTime(then: DateInput, now: DateInput): { unit: RelativeTimeUnit; count: number } | null {
  const elapsed = toTime(now) - toTime(then);
  const steps: [RelativeTimeUnit, number][] = [
    ['years', YEAR_MS],
    ['months', MONTH_MS],
    ['days', DAY_MS],
    ['hours', HOUR_MS],
    ['minutes', MINUTE_MS],
    ['seconds', SECOND_MS],
  ];
  for (const [unit, size] of steps) {
    if (elapsed >= size) return { unit, count: Math.floor(elapsed / size) };
  }
  return null;
}

export { pluralCategory };

/** The `time` section of a catalogue: `justNow` and `<unit>Ago_one` / `<unit>Ago_other` with `{{count}}`. */
export type RelativeTimeTexts = { justNow: string } & Record<`${RelativeTimeUnit}Ago_${'one' | 'other'}`, string>;

/** `3 minutes ago`, `3 นาทีที่แล้ว`, `3 ນາທີກ່ອນ`, from the `time` texts of the reader's catalogue. */
export function formatRelativeTime(locale: Locale, then: DateInput, now: DateInput, texts: RelativeTimeTexts): string {
  const span = relativeTime(then, now);
  if (!span) return texts.justNow;
  const text = texts[`${span.unit}Ago_${pluralCategory(locale, span.count)}`];
  return text.replace(/\{\{\s*count\s*\}\}/g, String(span.count));
}

/** The wallet's currency for display: kip for Lao kip wallets, baht otherwise. */
export function displayCurrency(currency: string): Currency {
  return currency.toUpperCase() === 'LAK' ? 'LAK' : 'THB';
}

/** A typed amount: digits with at most 2 decimals, else `null` (commas a member may type are ignored). */
export function parseAmount(text: string): number | null {
  const value = text.replace(/,/g, '').trim();
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return null;
  const amount = Number(value);
  return Number.isFinite(amount) ? amount : null;
}
