import { describe, expect, it } from 'vitest';
import { ERROR_CODES, OPERATOR_ERROR_CODES } from './error-codes.ts';
import { ERROR_STATUS, errorStatus } from './error-status.ts';
import { SPIN_ERROR_CODES } from './spin.ts';

/** The messages a success body may carry (spec section 3): in the catalogue, never a failure's code. */
const SUCCESS_MESSAGES = ['OK', 'SUCCESS', 'OTP_CODE_VALID', 'INVITE_BONUS_SUCCESS', 'REFUND_SUCCESS'];

describe('the status of each error code', () => {
  it('is one status for every code of the catalogues, and no code the catalogues do not have', () => {
    const codes = [...ERROR_CODES, ...OPERATOR_ERROR_CODES, ...SPIN_ERROR_CODES];
    expect(Object.keys(ERROR_STATUS).sort()).toEqual([...new Set(codes)].sort());
    for (const code of codes) expect(Number.isInteger(errorStatus(code)), code).toBe(true);
  });

  it('is a 4xx or a 5xx for a failure, and 200 only for the success messages', () => {
    const failures = Object.entries(ERROR_STATUS).filter(([code]) => !SUCCESS_MESSAGES.includes(code));
    expect(failures.filter(([, status]) => status < 400 || status > 599)).toEqual([]);
    expect(SUCCESS_MESSAGES.map((code) => ERROR_STATUS[code as keyof typeof ERROR_STATUS])).toEqual(
      SUCCESS_MESSAGES.map(() => 200),
    );
  });

  it('gives each of the six codes that answered two statuses the one it keeps (issue 40)', () => {
    expect({
      KEY_INVALID: errorStatus('KEY_INVALID'),
      NO_GAME: errorStatus('NO_GAME'),
      UNAUTHORIZED: errorStatus('UNAUTHORIZED'),
      NO_USER: errorStatus('NO_USER'),
      NO_REFUND: errorStatus('NO_REFUND'),
      INACTIVE_USER: errorStatus('INACTIVE_USER'),
    }).toEqual({ KEY_INVALID: 400, NO_GAME: 404, UNAUTHORIZED: 403, NO_USER: 404, NO_REFUND: 404, INACTIVE_USER: 403 });
  });
});
