import {
  type ApiErrorBody,
  type ErrorCode,
  INVALID_TOKEN,
  type OperatorErrorCode,
} from '@member-wallet/contract/error-codes';
import { errorStatus } from '@member-wallet/contract/error-status';

/**
 * An expected failure: a code from the contract's catalogue, answered with that code's one HTTP status (the
 * contract's ERROR_STATUS), the request fields it concerns, and a `detail` for a code whose contract says what
 * it carries (a refused statement file names its row). Anything thrown that is not an AppError is a bug and
 * answers 500.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;

  constructor(
    readonly code: ErrorCode | OperatorErrorCode,
    readonly fields?: Record<string, ErrorCode>,
    readonly detail?: string,
  ) {
    super(code);
    this.status = errorStatus(code);
  }

  body(): ApiErrorBody {
    return {
      message: this.code,
      ...(this.detail === undefined ? {} : { detail: this.detail }),
      ...(this.fields ? { fields: this.fields } : {}),
    };
  }
}

/**
 * An answer given with another status than its code's own, for the answers that are not ours to choose: a
 * request's first answer replayed as it was given (ledger/idempotency.service.ts), and a party's protocol as
 * docs/parties/ documents it (a sandbox party standing in for its vendor, our webhooks' 401 on a bad signature).
 */
export class AnsweredError extends AppError {
  constructor(
    code: ErrorCode | OperatorErrorCode,
    override readonly status: number,
    fields?: Record<string, ErrorCode>,
  ) {
    super(code, fields);
  }
}

/**
 * A member's sign-in during a time-out or self-exclusion (docs/safer-play.md): refused with the block's code and
 * its end in `detail`, carrying the limited session that reaches only withdrawals and the block's own calls.
 */
export class LimitedLoginError extends AppError {
  constructor(
    code: 'TIMED_OUT' | 'SELF_EXCLUDED',
    until: Date | null,
    readonly session: { token: string; expiresAt: string },
  ) {
    super(code, undefined, until?.toISOString());
  }

  override body(): ApiErrorBody {
    return { ...super.body(), session: this.session };
  }
}

/** A missing, malformed, unknown, expired or revoked session token. */
export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError';
  readonly status = 401;

  body(): ApiErrorBody {
    return { message: INVALID_TOKEN };
  }
}
