import { isApiError, toastError, translateCode } from './http.ts';

export type FieldErrors = Record<string, string | undefined>;

/**
 * Splits a failed submit between the inputs on screen and a toast: codes the server names for an input of
 * this form show under that input (`aliases` maps a request field to the input that carries it); anything
 * else shows as a red toast.
 */
export function fieldErrorsFrom(
  error: unknown,
  inputs: readonly string[],
  aliases: Readonly<Record<string, string>> = {},
): FieldErrors {
  if (!isApiError(error) || error.handled) {
    toastError(error);
    return {};
  }
  const inline: FieldErrors = {};
  for (const [field, code] of Object.entries(error.fields)) {
    const input = aliases[field] ?? field;
    if (inputs.includes(input)) inline[input] = translateCode(code);
  }
  if (Object.keys(inline).length === 0) toastError(error);
  return inline;
}
