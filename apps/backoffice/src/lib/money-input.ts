import { type MinorRules, toMinorUnits } from '@member-wallet/client-core/money';

/**
 * An amount as an operator types it: whole baht or kip with at most 2 decimals and up to 14 whole digits (the
 * operators' API takes minor units of up to 16 digits), wider than the contract's AMOUNT_MAX, which limits a
 * member's request but not a withdrawal limit or an adjustment.
 */
const TYPED: MinorRules = { wholeDigits: 14 };

/** `'1,234.5'` → `'123450'` (minor units), or null when it is not an amount. Worked out on text: no float rounding. */
export function majorToMinor(text: string): string | null {
  return toMinorUnits(text, TYPED)?.toString() ?? null;
}

/** `'123450'` → `'1234.50'`: minor units shown for editing, 2 decimals, no separators. */
export function minorToMajor(minor: string): string {
  if (!/^\d+$/.test(minor)) return minor;
  const padded = minor.padStart(3, '0');
  return `${BigInt(padded.slice(0, -2)).toString()}.${padded.slice(-2)}`;
}
