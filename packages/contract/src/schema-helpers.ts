import { z } from 'zod/mini';
import type { ErrorCode } from './error-codes.ts';

/**
 * Building blocks for request schemas. A field that fails a rule reports the rule's own error code as the
 * issue message; the server turns issues into `{ message, fields }` (a missing field is `KEY_MISSING`, a value
 * of the wrong type or shape `KEY_INVALID` unless the rule names a more precise code).
 */
export function requiredString(max: number, code: ErrorCode = 'KEY_INVALID') {
  return z.string().check(z.trim(), z.minLength(1, { error: 'KEY_MISSING' }), z.maxLength(max, { error: code }));
}

export function optionalString(max: number, code: ErrorCode = 'KEY_INVALID') {
  return z.optional(z.string().check(z.trim(), z.maxLength(max, { error: code })));
}

export function rule(test: (value: string) => boolean, code: ErrorCode) {
  return z.refine<string>((value) => value === '' || test(value), { error: code });
}
