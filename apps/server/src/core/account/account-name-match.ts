import { comparableAccountName, normalizeAccountName } from '@member-wallet/contract/rules';

/**
 * Whether a bank account name given by a member is the stored one spelt differently (docs/accounts.md, "Changing
 * the bank account name"). A spelling is applied at once; anything else waits for an operator. Pure: no clock, no
 * database, so every outcome can be worked out by hand from the two names.
 *
 * - `same`: the same text once upper-cased, trimmed and its spaces folded: nothing to change.
 * - `spelling`: the same name, word for word (a leading title left out): in one script, each word at most one
 *   edit away, or two when only its vowels differ; or Thai and Latin letters, each Latin word a plausible
 *   romanisation (RTGS) of its Thai word.
 * - `review`: anything else, Lao and Latin letters included: an operator decides.
 */
export type NameChange = 'same' | 'spelling' | 'review';

export function classifyNameChange(stored: string, given: string): NameChange {
  if (normalizeAccountName(stored.normalize('NFC')) === normalizeAccountName(given.normalize('NFC'))) return 'same';
  const before = nameWords(stored);
  const after = nameWords(given);
  if (before.length === 0 || before.length !== after.length) return 'review';
  const from = scriptOf(before);
  const to = scriptOf(after);
  if (from === null || to === null) return 'review';
  if (from === to) return before.every((word, index) => sameSpelling(word, after[index] ?? '')) ? 'spelling' : 'review';
  const thaiFirst = from === 'thai' && to === 'latin';
  if (!thaiFirst && !(from === 'latin' && to === 'thai')) return 'review';
  const [thai, latin] = thaiFirst ? [before, after] : [after, before];
  return thai.every((word, index) => romanises(word, latin[index] ?? '')) ? 'spelling' : 'review';
}

type Script = 'thai' | 'lao' | 'latin' | 'other';

/** The words of a name without its leading title (the titles the invite screening leaves out, contract rules.ts). */
function nameWords(name: string): string[] {
  return comparableAccountName(name.normalize('NFC'))
    .split(' ')
    .filter((word) => word !== '');
}

function scriptOfLetter(char: string): Script {
  if (/\p{Script=Thai}/u.test(char)) return 'thai';
  if (/\p{Script=Lao}/u.test(char)) return 'lao';
  if (/\p{Script=Latin}/u.test(char)) return 'latin';
  return 'other';
}

/** The one script all the letters of the words are written in; null when they mix scripts. */
function scriptOf(words: readonly string[]): Script | null {
  const scripts = new Set([...words.join('')].filter((char) => /\p{L}/u.test(char)).map(scriptOfLetter));
  return scripts.size === 1 ? ([...scripts][0] ?? null) : null;
}

// ---- One script: edits ----

/** Thai (ก-ฮ) and Lao (ກ-ຮ) consonant letters; in Latin words, every letter but a e i o u. */
function isConsonant(char: string): boolean {
  if (/[\u0E01-\u0E2E\u0E81-\u0EAE]/.test(char)) return true;
  return /[A-Z]/.test(char) && !/[AEIOU]/.test(char);
}

function consonants(chars: readonly string[]): string {
  return chars.filter(isConsonant).join('');
}

/**
 * The same word spelt differently: equal; or, both of two characters or more, one edit apart (a character added,
 * dropped, changed, or two neighbours swapped); or two edits apart with the consonants, in order, unchanged (only
 * vowels, or Thai and Lao vowel and tone marks, differ). A one-letter word (an initial) stays as it is.
 */
export function sameSpelling(before: string, after: string): boolean {
  if (before === after) return true;
  const a = [...before];
  const b = [...after];
  if (a.length < 2 || b.length < 2) return false;
  const distance = editDistance(a, b);
  if (distance <= 1) return true;
  const skeleton = consonants(a);
  return distance === 2 && skeleton !== '' && skeleton === consonants(b);
}

/** Damerau-Levenshtein distance, optimal string alignment (a swap of neighbours is one edit), over code points. */
export function editDistance(a: readonly string[], b: readonly string[]): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number) => rows[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1);
      (rows[i] as number[])[j] = best;
    }
  }
  return at(a.length, b.length);
}

// ---- Thai and Latin: the consonant skeleton ----

/**
 * How each Thai consonant letter may be written in Latin letters: its RTGS initial and final values (Royal
 * Institute of Thailand, 1999; docs/accounts.md names the source), and the common spellings of Thai names that
 * RTGS does not use (j for จ and ช, g for ก, v for ว, p for พ, rn for a final ร as in PORN, sh for ช as in
 * SHINAWATRA, the Sanskrit dh for ธ and bh for ภ as in DHANIN, ABHISIT). An empty spelling: the letter may be
 * silent or a vowel (ย as in CHAI, ว as in KAEO, ร as in SRI / SI).
 */
export const THAI_CONSONANTS: Readonly<Record<string, readonly string[]>> = {
  ก: ['k', 'g'],
  ข: ['kh', 'k'],
  ฃ: ['kh', 'k'],
  ค: ['kh', 'k'],
  ฅ: ['kh', 'k'],
  ฆ: ['kh', 'k'],
  ง: ['ng'],
  จ: ['ch', 'j', 't'],
  ฉ: ['ch'],
  ช: ['ch', 'j', 't', 'sh'],
  ซ: ['s', 't'],
  ฌ: ['ch'],
  ญ: ['y', 'n'],
  ฎ: ['d', 't'],
  ฏ: ['t'],
  ฐ: ['th', 't'],
  ฑ: ['th', 't', 'd'],
  ฒ: ['th', 't'],
  ณ: ['n'],
  ด: ['d', 't'],
  ต: ['t'],
  ถ: ['th', 't'],
  ท: ['th', 't'],
  ธ: ['th', 't', 'dh'],
  น: ['n'],
  บ: ['b', 'p'],
  ป: ['p'],
  ผ: ['ph', 'p'],
  ฝ: ['f', 'ph'],
  พ: ['ph', 'p'],
  ฟ: ['f', 'ph', 'p'],
  ภ: ['ph', 'p', 'bh'],
  ม: ['m'],
  ย: ['y', ''],
  ร: ['r', 'n', 'rn', ''],
  ฤ: ['r'],
  ล: ['l', 'n'],
  ฦ: ['l'],
  ว: ['w', 'v', ''],
  ศ: ['s', 't'],
  ษ: ['s', 't'],
  ส: ['s', 't'],
  ห: ['h'],
  ฬ: ['l', 'n'],
  ฮ: ['h'],
};
/** รร reads as the vowel a, or an when it ends the word (สุวรรณ SUWAN, กรรณ KAN). */
const RORAN = ['n', ''];
/** ทร reads as s (ทราย SAI), as written (จันทรา CHANTHRA), or a final t (สมุทร SAMUT). */
const THO_RO = ['s', 'thr', 'tr', 'th', 't'];
/** A leading ห before these is silent: it only sets the tone (หญิง YING, หนู NU, หวาน WAN). */
const LOW_SONORANTS = new Set(['ง', 'ญ', 'น', 'ม', 'ย', 'ร', 'ล', 'ว']);
const THANTHAKHAT = '\u0E4C';
/** The vowel ำ is am: it sounds an m (อำนาจ AMNAT, สำราญ SAMRAN). */
const SARA_AM = '\u0E33';

type Token = readonly string[];

function isThaiConsonant(char: string | undefined): boolean {
  return char !== undefined && /[\u0E01-\u0E2E]/.test(char);
}

/** A consonant with ์ on it, or on the vowel ิ or ุ after it, is not pronounced (ศักดิ์ SAK, วงศ์ WONG). */
function silenced(chars: readonly string[], index: number): boolean {
  if (chars[index + 1] === THANTHAKHAT) return true;
  return /[\u0E34\u0E38]/.test(chars[index + 1] ?? '') && chars[index + 2] === THANTHAKHAT;
}

/**
 * The Thai word as the Latin consonants it may be written with, one token per sounded consonant, in order. อ is a
 * vowel carrier and left out; vowels and tone marks are left out, but for ำ (am), an m. A consonant between a consonant and a silenced
 * one may be silent too (จันทร์ CHAN, ลักษณ์ LAK).
 */
export function thaiTokens(word: string): Token[] {
  const chars = [...word];
  const tokens: Token[] = [];
  for (let index = 0; index < chars.length; index++) {
    const char = chars[index] as string;
    const next = chars[index + 1];
    if (char === SARA_AM) tokens.push(['m']);
    const spellings = THAI_CONSONANTS[char];
    if (!spellings || silenced(chars, index)) continue;
    if (char === 'ห' && next !== undefined && LOW_SONORANTS.has(next)) continue;
    if (char === 'ร' && next === 'ร') {
      tokens.push(RORAN);
      index++;
    } else if (char === 'ท' && next === 'ร' && !silenced(chars, index + 1)) {
      tokens.push(THO_RO);
      index++;
    } else if (isThaiConsonant(chars[index - 1]) && isThaiConsonant(next) && silenced(chars, index + 1)) {
      tokens.push([...spellings, '']);
    } else {
      tokens.push(spellings);
    }
  }
  return tokens;
}

/** The Latin word's consonants, lower-case: its letters but a e i o u (y, w and h stay), ck read as k (YINGLUCK). */
export function latinSkeleton(word: string): string {
  return word
    .toLowerCase()
    .replace(/[^a-z]/g, '')
    .replace(/ck/g, 'k')
    .replace(/[aeiou]/g, '');
}

/** Consonant classes a word needs before one of them may differ: a short word must fit whole. */
export const TOLERANT_FROM_CLASSES = 4;

/**
 * Whether the Latin word may be the Thai word romanised: the Latin consonants, in order, are the Thai word's
 * consonants, each written one of its ways (THAI_CONSONANTS). A doubled Latin letter counts once (RATTANA), and
 * one Latin consonant may stand for two Thai letters that read as one (พุทธ PUT). A Thai word of at least
 * TOLERANT_FROM_CLASSES sounded consonants may have one that does not fit (written otherwise, missing, or one
 * Latin consonant too many); a shorter one may not.
 */
export function romanises(thai: string, latin: string): boolean {
  const tokens = thaiTokens(thai);
  const letters = latinSkeleton(latin);
  const classes = tokens.filter((token) => !token.includes('')).length;
  const allowed = classes >= TOLERANT_FROM_CLASSES ? 1 : 0;
  return skeletonDistance(tokens, letters) <= allowed;
}

/**
 * The fewest classes that do not fit, aligning tokens with letters (dynamic programming over token i, letter j):
 * a token written one of its ways, or silent when it may be, costs nothing; a doubled letter and a token read
 * with the one before cost nothing; a token missing, a letter too many or a token written otherwise cost one.
 */
export function skeletonDistance(tokens: readonly Token[], letters: string): number {
  const cost = Array.from({ length: tokens.length + 1 }, () =>
    Array.from({ length: letters.length + 1 }, () => Number.POSITIVE_INFINITY),
  );
  const relax = (i: number, j: number, value: number) => {
    const row = cost[i] as number[];
    if (j <= letters.length && value < (row[j] as number)) row[j] = value;
  };
  (cost[0] as number[])[0] = 0;
  for (let i = 0; i <= tokens.length; i++) {
    for (let j = 0; j <= letters.length; j++) {
      const here = cost[i]?.[j] ?? Number.POSITIVE_INFINITY;
      if (here === Number.POSITIVE_INFINITY) continue;
      if (j < letters.length) {
        const doubled = letters[j] === letters[j - 1] || letters[j] === letters[j + 1];
        relax(i, j + 1, here + (doubled ? 0 : 1));
      }
      const token = tokens[i];
      if (!token) continue;
      for (const spelling of token) {
        if (letters.startsWith(spelling, j)) relax(i + 1, j + spelling.length, here);
        if (spelling !== '' && readWithPrevious(tokens[i - 1], spelling, letters, j)) relax(i + 1, j, here);
      }
      relax(i + 1, j, here + 1);
      relax(i + 1, j + 1, here + 1);
      relax(i + 1, j + 2, here + 1);
    }
  }
  return cost[tokens.length]?.[letters.length] ?? Number.POSITIVE_INFINITY;
}

/** The letters just before `j` are `spelling`, which the token before may be written as too (ตต, ทธ read once). */
function readWithPrevious(previous: Token | undefined, spelling: string, letters: string, j: number): boolean {
  return previous?.includes(spelling) === true && letters.slice(j - spelling.length, j) === spelling;
}
