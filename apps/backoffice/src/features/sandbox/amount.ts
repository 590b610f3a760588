import { majorToMinor } from '../../lib/money-input.ts';

/** `'1,234.5'` → `'123450'` minor units, or null when it is not a positive amount as an operator types it. */
export function amountToMinor(text: string): string | null {
  const minor = majorToMinor(text);
  return minor === null || minor === '0' ? null : minor;
}
