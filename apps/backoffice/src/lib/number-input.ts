/** Numbers an operator types into the promotions forms, checked before anything is sent. */

/** A whole number typed by an operator, within bounds; null otherwise. */
export function wholeNumber(text: string, min: number, max: number): number | null {
  const plain = text.trim();
  if (!/^-?\d{1,10}$/.test(plain)) return null;
  const value = Number(plain);
  return value >= min && value <= max ? value : null;
}

/** A number with at most 2 decimals within bounds (percentages, amounts in the major unit); null otherwise. */
export function decimalNumber(text: string, min: number, max: number): number | null {
  const plain = text.trim().replaceAll(',', '');
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(plain)) return null;
  const value = Number(plain);
  return value >= min && value <= max ? value : null;
}
