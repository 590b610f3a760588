/** A display name field's value as the API takes it: trimmed, and null (members see the generic word) when empty. */
export function displayNameValue(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}
