import { asciiDigits } from '@member-wallet/contract/bank-account-no';
import {
  ACCOUNT_NAME_ENGLISH_TITLE,
  ACCOUNT_NAME_SCRIPT_TITLES,
  normalizeAccountName,
} from '@member-wallet/contract/rules';

/**
 * Matching what a bank or a slip-verification party shows of an account against what a member or an operator
 * registered (docs/deposits/masked-accounts.md). Real parties mask: an account reads `xxx-x-x0209-x`, a name
 * `นาย สมชาย ใ` or `MR. SOMCHAI J`. Only what is visible is compared; what is hidden is never guessed.
 */

/** Fewer visible digits than this fit nobody: four digits and a bank are what the Thai banks show. */
export const VISIBLE_DIGITS_MIN = 4;

const SEPARATORS = /[\s\-./\u2010-\u2015\u2212\uff0d\uff0e]/g;
const MASK = /^[xX*•#]$/;
const SHOWN = /^[0-9xX*•#]+$/;

/**
 * The shown number without separators, its Thai, Lao or full-width digits read as ASCII ones (contract
 * bank-account-no.ts), or null when it holds anything but digits and masks.
 */
function shownChars(shown: string): string | null {
  const chars = asciiDigits(shown).replace(SEPARATORS, '');
  return SHOWN.test(chars) ? chars : null;
}

function visibleDigits(chars: string): number {
  return [...chars].filter((char) => !MASK.test(char)).length;
}

/**
 * Whether an account shown (masked or not) can be the registered one: every visible digit equal at its position.
 * Positions count from the left when both have the same length. A shorter shown number that starts masked
 * (`X0209`, a statement that cuts the front) is aligned on the right, or one digit short of the right (the Thai
 * banks hide the last digit, and a statement does not say which it shows): it fits when either alignment fits.
 * At least VISIBLE_DIGITS_MIN digits must be visible.
 */
export function accountFits(shown: string, registered: string): boolean {
  const chars = shownChars(shown);
  const digits = asciiDigits(registered).replace(/\D/g, '');
  if (chars === null || digits === '' || visibleDigits(chars) < VISIBLE_DIGITS_MIN) return false;
  const fitsAt = (aligned: string) => [...chars].every((char, index) => MASK.test(char) || char === aligned[index]);
  if (chars.length === digits.length) return fitsAt(digits);
  if (chars.length >= digits.length || !MASK.test(chars[0] ?? '')) return false;
  const end = digits.length;
  return fitsAt(digits.slice(end - chars.length)) || fitsAt(digits.slice(end - chars.length - 1, end - 1));
}

/**
 * The SQL LIKE patterns of the registered numbers (stored as digits) that a shown number fits (any of them), or
 * null when too little is visible to fit anyone. The same rule as accountFits.
 */
export function accountPatterns(shown: string): string[] | null {
  const chars = shownChars(shown);
  if (chars === null || visibleDigits(chars) < VISIBLE_DIGITS_MIN) return null;
  const pattern = [...chars].map((char) => (MASK.test(char) ? '_' : char)).join('');
  if (!MASK.test(chars[0] ?? '')) return [pattern];
  // Registered numbers as long or longer, the shown one at their right end or one digit short of it. A
  // prefilter: accountFits decides.
  return [`%${pattern}`, `%${pattern}_`];
}

/**
 * Whether two showings of an account (a slip's and a statement's, each masked its own way) can be the same
 * account: no position where both show a digit differs. Either may be unmasked.
 */
export function accountsAgree(first: string, second: string): boolean {
  const a = shownChars(first);
  const b = shownChars(second);
  if (a === null || b === null) return first === second;
  if (a.length !== b.length) {
    const [short, long] = a.length < b.length ? [a, b] : [b, a];
    if (!MASK.test(short[0] ?? '')) return false;
    return agreeAt(short, long.slice(-short.length)) || agreeAt(short, long.slice(-short.length - 1, -1));
  }
  return agreeAt(a, b);
}

function agreeAt(a: string, b: string): boolean {
  return [...a].every((char, index) => MASK.test(char) || MASK.test(b[index] ?? '') || char === b[index]);
}

export type NameFit = 'match' | 'mismatch' | 'unknown';

/** Characters a party shows in place of a hidden letter at a word's end. */
const NAME_MASK = /[*•…x]+$/;

type Script = 'thai' | 'lao' | 'latin' | null;

function scriptOf(text: string): Script {
  for (const char of text) {
    if (/[\u0E00-\u0E7F]/.test(char)) return 'thai';
    if (/[\u0E80-\u0EFF]/.test(char)) return 'lao';
    if (/[a-z]/.test(char)) return 'latin';
  }
  return null;
}

/**
 * The words of a name without its title (the titles the registration's comparison drops, contract rules.ts),
 * dots, case or extra spaces. A title alone leaves no word.
 */
function words(name: string): string[] {
  let text = normalizeAccountName(name.normalize('NFC'));
  const title = ACCOUNT_NAME_SCRIPT_TITLES.find((candidate) => text.startsWith(candidate));
  text = title ? text.slice(title.length) : `${text} `.replace(ACCOUNT_NAME_ENGLISH_TITLE, '');
  return text
    .toLowerCase()
    .replace(/[.,]/g, ' ')
    .split(/\s+/)
    .filter((word) => word !== '');
}

/** A shown word without the mask at its end ('x' is a mask only in Thai and Lao words, where it is no letter). */
function unmasked(word: string, script: Script): { visible: string; masked: boolean } {
  const mask = script === 'latin' ? /[*•…]+$/ : NAME_MASK;
  const visible = word.replace(mask, '');
  return { visible, masked: visible !== word };
}

/**
 * Whether a shown name (a party's, possibly cut or masked) can be the registered one: the same script, no more
 * words, the first name whole (or a prefix when masked), every other word a prefix of the registered word.
 * `unknown` when either is missing, the scripts differ, or fewer than two letters are visible.
 */
export function nameFits(shown: string | null, registered: string): NameFit {
  if (!shown) return 'unknown';
  const script = scriptOf(shown.toLowerCase());
  if (script === null || script !== scriptOf(registered.toLowerCase())) return 'unknown';
  const shownWords = words(shown).map((word) => unmasked(word, script));
  const registeredWords = words(registered);
  if (shownWords.reduce((letters, word) => letters + word.visible.length, 0) < 2) return 'unknown';
  if (shownWords.length > registeredWords.length) return 'mismatch';
  const fits = shownWords.every(({ visible, masked }, index) => {
    const whole = registeredWords[index] ?? '';
    if (index === 0 && !masked) return visible === whole;
    return whole.startsWith(visible);
  });
  return fits ? 'match' : 'mismatch';
}
