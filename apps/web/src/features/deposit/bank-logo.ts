/**
 * The bundled bank logos (spec section 9; DESIGN.md section 6): the Thai banks' and TrueMoney's from the
 * `thai-banks-logo` package (ISC licence, src/assets/banks/README.md), scaled to 96 px. Each is its own file,
 * loaded only when a bank that has one is shown.
 */
const LOGOS: Record<string, string> = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>('../../assets/banks/*.png', { eager: true, query: '?url', import: 'default' }),
  ).map(([path, url]) => [path.replace(/^.*\/|\.png$/g, ''), url]),
);

/** The logo of a bank code (`SCB`, `KBANK`, ...), or undefined when none is bundled. */
export function bankLogo(code: string): string | undefined {
  return LOGOS[code.toUpperCase()];
}
