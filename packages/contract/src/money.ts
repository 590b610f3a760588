import { z } from 'zod/mini';

/**
 * Money at the API edge (DESIGN.md sections 3 and 4): a number in the currency's major unit (baht, kip) with at
 * most 2 decimals. Inside the server it is an integer count of minor units in a bigint.
 */

/** The largest amount one request may carry: 100 million baht, far inside a double's exact integers. */
export const AMOUNT_MAX = 100_000_000;
const MINOR_PER_MAJOR = 100n;

/** Whether `value` is a finite, non-negative amount of at most 2 decimals and at most AMOUNT_MAX. */
export function isAmount(value: number): boolean {
  if (!Number.isFinite(value) || value < 0 || value > AMOUNT_MAX) return false;
  const cents = Math.round(value * 100);
  // 0.1 + 0.2 style noise is accepted; a third decimal is not.
  return Math.abs(cents - value * 100) < 1e-6;
}

/** Minor units of an amount that passed `isAmount`; throws on anything else, so no caller can round money. */
export function toMinor(value: number): bigint {
  if (!isAmount(value)) throw new RangeError(`not an amount of at most 2 decimals: ${value}`);
  return BigInt(Math.round(value * 100));
}

/** The API's number for minor units (exact: every amount the server holds is far below 2^53 minor units). */
export function toMajor(minor: bigint): number {
  const sign = minor < 0n ? -1 : 1;
  const units = minor < 0n ? -minor : minor;
  return sign * (Number(units / MINOR_PER_MAJOR) + Number(units % MINOR_PER_MAJOR) / 100);
}

/** A request amount: required, a number, more than 0, at most 2 decimals (`KEY_INVALID` otherwise). */
export const amountField = z
  .number({ error: (issue) => (issue.input === undefined ? 'KEY_MISSING' : 'KEY_INVALID') })
  .check(z.refine((value) => value > 0 && isAmount(value), { error: 'KEY_INVALID' }));
