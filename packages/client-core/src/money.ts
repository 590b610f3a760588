import { AMOUNT_MAX, isAmount, toMinor } from '@member-wallet/contract/money';

/**
 * Where a screen's rule is wider than the contract's. Without any, `toMinorUnits` is the contract's rule
 * (packages/contract/src/money.ts `toMinor`): not negative, at most 2 decimals, at most AMOUNT_MAX.
 */
export interface MinorRules {
  /** Read a leading minus sign, as amounts the server sent may carry (a statement line, a balance). */
  negative?: boolean;
  /** Round the digits past the second decimal half away from zero instead of refusing them. */
  round?: boolean;
  /** Up to this many digits before the decimal point, leading zeros included, instead of AMOUNT_MAX. */
  wholeDigits?: number;
}

/** Digits with an optional sign and decimals: no exponent, no lone point, no `+`. */
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;
const AMOUNT_MAX_MINOR = BigInt(AMOUNT_MAX) * 100n;

/**
 * A number's shortest decimal digits, the ones it prints as. Below 1e-6 JavaScript prints an exponent: that is
 * less than a hundredth of a minor unit, written as a nonzero 7th decimal so that `round` makes it 0 and the
 * other rules refuse it.
 */
function printed(value: number): string {
  const text = String(value);
  return text.includes('e-') ? `${value < 0 ? '-' : ''}0.0000001` : text;
}

/**
 * The one conversion of the client apps from major units (baht, kip) to integer minor units (satang, att): an
 * amount a person typed (`' 1,234.5 '`: commas anywhere and spaces around are dropped) or a number the API
 * sent; null when it is not an amount under the rules. An amount the contract takes gets the contract's own
 * answer (`toMinor`); the rest is worked out on the decimal digits, never on `value * 100`, so text of any
 * length is exact and a number is read as it prints: `1.005` is 1.005, where `Math.round(1.005 * 100)` sees the
 * binary 100.4999… and answers 100.
 */
export function toMinorUnits(amount: number | string, rules: MinorRules = {}): bigint | null {
  if (typeof amount === 'number' && rules.wholeDigits === undefined && isAmount(amount)) return toMinor(amount);
  const match = DECIMAL.exec(typeof amount === 'number' ? printed(amount) : amount.trim().replaceAll(',', ''));
  if (!match) return null;
  const [, sign, whole = '', fraction = ''] = match;
  if ((sign && !rules.negative) || (fraction.length > 2 && !rules.round)) return null;
  if (rules.wholeDigits !== undefined && whole.length > rules.wholeDigits) return null;
  const kept = BigInt(whole) * 100n + BigInt(fraction.slice(0, 2).padEnd(2, '0'));
  const minor = (fraction[2] ?? '0') >= '5' ? kept + 1n : kept;
  if (rules.wholeDigits === undefined && minor > AMOUNT_MAX_MINOR) return null;
  return sign ? -minor : minor;
}
