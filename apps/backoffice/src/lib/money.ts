/** An amount as an operator types it: whole baht or kip, with at most 2 decimals. */
const MAJOR = /^\d{1,14}(\.\d{1,2})?$/;

/** `'1,234.5'` → `'123450'` (minor units), or null when it is not an amount. Worked out on text: no float rounding. */
export function majorToMinor(text: string): string | null {
  const plain = text.trim().replaceAll(',', '');
  if (!MAJOR.test(plain)) return null;
  const [whole = '0', cents = ''] = plain.split('.');
  return BigInt(`${whole}${cents.padEnd(2, '0')}`).toString();
}

/** `'123450'` → `'1234.50'`: minor units shown for editing, 2 decimals, no separators. */
export function minorToMajor(minor: string): string {
  if (!/^\d+$/.test(minor)) return minor;
  const padded = minor.padStart(3, '0');
  return `${BigInt(padded.slice(0, -2)).toString()}.${padded.slice(-2)}`;
}
