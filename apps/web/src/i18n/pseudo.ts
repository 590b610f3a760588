/**
 * The pseudo-locale of test builds (`VITE_PSEUDO_LOCALE=1`): every catalogue text of `en.json`, wrapped as
 * `⟦…⟧` with accented letters. A screen shown in it makes hard-coded text stand out, because only text that
 * went through the catalogue is bracketed (e2e/tests/pseudo-locale.spec.ts reads every screen for it).
 * Generated at runtime from the English catalogue, so no pseudo text is stored or shipped in normal builds.
 */

const ACCENTED: Record<string, string> = Object.fromEntries(
  [
    ...'abcdefghijklmnopqrstuvwxyz'.split('').map((letter, index) => [letter, 'áƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýž'[index]]),
    ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('').map((letter, index) => [letter, 'ÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'[index]]),
  ].map(([plain, accented]) => [plain as string, accented as string]),
);

/** Placeholders (`{{name}}`) must reach the runtime unchanged. */
const UNTOUCHED = /(\{\{[^}]*\}\})/;

export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';

export function pseudoText(text: string): string {
  const accented = text
    .split(UNTOUCHED)
    .map((part, index) => (index % 2 === 1 ? part : part.replace(/[A-Za-z]/g, (letter) => ACCENTED[letter] ?? letter)))
    .join('');
  return `${PSEUDO_OPEN}${accented}${PSEUDO_CLOSE}`;
}

type Tree = { [key: string]: string | Tree };

export function pseudoCatalogue<T extends Tree>(catalogue: T): T {
  return Object.fromEntries(
    Object.entries(catalogue).map(([key, value]) => [
      key,
      typeof value === 'string' ? pseudoText(value) : pseudoCatalogue(value),
    ]),
  ) as T;
}
