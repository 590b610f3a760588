import {
  type ApiErrorBody,
  type ErrorCode,
  INVALID_TOKEN,
  type OperatorErrorCode,
} from '@member-wallet/contract/error-codes';

/**
 * An expected failure: a code from the contract's catalogue, the HTTP status to answer with, and the request
 * fields it concerns. Anything thrown that is not an AppError is a bug and answers 500.
 */
export class AppError extends Error {
  override name = 'AppError';

  constructor(
    readonly code: ErrorCode | OperatorErrorCode,
    readonly status: number,
    readonly fields?: Record<string, ErrorCode>,
  ) {
    super(code);
  }

  body(): ApiErrorBody {
    return this.fields ? { message: this.code, fields: this.fields } : { message: this.code };
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
