/**
 * The error catalogue of spec section 8. The server answers every failure with one of these codes in
 * `message`; the client translates each one (the catalogues of all three languages carry every code).
 */
export const ERROR_CODES = [
  // Auth
  'UNAUTHORIZED',
  'EXPIRED_AUTH_TOKEN',
  'INVALID_USER_1',
  'INVALID_USER_2',
  'INVALID_USER_3',
  'INVALID_USER_4',
  'INVALID_IP',
  'WRONG_CREDENTIAL',
  'WRONG_PASSWORD',
  'NO_USER',
  'INACTIVE_USER',
  'LOGIN_FAIL',
  'REQUEST_LIMIT',
  'REQUEST_LIMIT_1MIN',
  // OTP
  'OTP_BLOCK',
  'OTP_TOKEN_INVALID',
  'OTP_NOT_EXIST',
  'OTP_VERIFIED',
  'OTP_EXPIRED',
  'OTP_CODE_INVALID',
  'OTP_CODE_VALID',
  'UNVERIFIED_OTP',
  'OTP_SEND_FAIL',
  'OTP_VERIFY_FAIL',
  // Register
  'EXISTING_USER',
  'EXISTING_BANK',
  'INVALID_USER_INFO',
  'INVALID_BANK',
  'BANK_ACCOUNT_NAME_ENG',
  'REGISTER_FAIL',
  'PHONE_NUMBER_REQUIRE_10_DIGIT',
  // Issue 39, finding 3: a bank account number without as many digits as its bank uses (bank-account-no.ts), 400
  'BANK_ACCOUNT_NO_LENGTH',
  // A profile or bank account name with no base letter (Thai or Lao marks alone, say), issue 18
  'NAME_LETTER_REQUIRED',
  // Password policy (password-policy.ts), issue 18: each refusal on the password field
  'PASSWORD_TOO_SHORT',
  'PASSWORD_CONTAINS_USERNAME',
  'PASSWORD_SAME_AS_CURRENT',
  'PASSWORD_TOO_COMMON',
  'GAME_ACTIVATION_FAIL',
  // Bonus and promotion
  'BONUS_REMAINING',
  'BONUS_ALREADY_ACTIVE',
  'BONUS_MAX_CLAIMED',
  'BONUS_CONDITION',
  'BONUS_CLEAR',
  'BONUS_FULL',
  'NO_PROMOTION',
  'PROMOTION_RECEIVED',
  // Invite
  'INVITE_COLLECT',
  'INVITE_INACTIVE',
  'NO_INVITE_BONUS',
  'NO_INVITEE_PLAY_INFO',
  'INVITE_BONUS_SUCCESS',
  'INVITE_BONUS_FAIL',
  // Issue 18: nothing is collectable because the accruals wait for an operator's review (409)
  'INVITE_UNDER_REVIEW',
  // Issue 39: a bank account name change is refused while another waits for an operator's review (409)
  'BANK_NAME_UNDER_REVIEW',
  // Refund
  'NO_REFUND',
  'REFUND_CONDITION',
  'REFUND_SUCCESS',
  'REFUND_INACTIVE',
  'REFUND_MINIMUM',
  // Wallet and games
  'NO_BANK',
  'NO_WALLET',
  'NO_GAME',
  'SLOT_ALREADY_ACTIVE',
  'SLOT_ACTIVATE_FAIL',
  'SLOT_NO_ACCOUNT',
  'SLOT_RESET_PASSWORD_FAIL',
  'TRANSFER_MINIMUM',
  'MONEY_NOT_ENOUGH',
  'TRANSFER_FAIL',
  'NOT_AREASLOT',
  'NOT_UFABET',
  // Slip, QR and link
  'QR_FAIL',
  'SLIP_UPLOAD_FAIL',
  'SLIP_NO_FILE',
  'SLIP_INVALID_FILE',
  'TRUELINK_DUPLICATE',
  'TRUELINK_INVALID',
  // General
  'INTERNAL_SERVER_ERROR',
  'NO_DATA',
  'KEY_MISSING',
  'KEY_INVALID',
  'OK',
  'SUCCESS',
  // Spin coupons (BONUS_REMAINING is listed above)
  'NO_CLAIMABLE_COUPON',
  'INVALID_PRIZE_CODE',
  'INVALID_CODE',
  'INVALID_COUPON_TYPE',
  'COUPON_EXPIRED',
  // Idempotency-Key (docs/ledger.md): the key was used for another request (422), or its first request is
  // still running (409).
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_KEY_IN_PROGRESS',
  // Chat uploads (chat.ts): content other than PNG, JPEG, GIF, MP4 or QuickTime (400); over the size (413).
  'CHAT_FILE_NOT_SUPPORTED',
  'CHAT_FILE_TOO_LARGE',
  // Safer play (safer-play.ts, docs/safer-play.md): a deposit or a transfer into a game account past the member's
  // own limit (403; `detail` says how much is left, in major units); a change that waits for its cooling-off;
  // a member in a time-out or self-exclusion (403; `detail`: when it ends, absent when permanent).
  'DEPOSIT_LIMIT_REACHED',
  'LOSS_LIMIT_REACHED',
  'LIMIT_COOLING_OFF',
  'TIMED_OUT',
  'SELF_EXCLUDED',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * Refusals only the back-office meets (backoffice/): the member app calls no operator endpoint, so the member
 * catalogues need no text for them. FORBIDDEN (403): the operator's role may not make this call.
 * ALREADY_REVIEWED (409): the item was already given the opposite decision (an approved withdrawal rejected).
 * MEDIA_INVALID_FILE (400): an upload that is no PNG, JPEG or WebP picture, or none; MEDIA_TOO_LARGE (400): over
 * 2 MiB. BONUS_EXISTS (409): a bonus or promotion code of that code exists already. Statement files
 * (backoffice/statements.ts): STATEMENT_INVALID (400) a file that is not the chosen layout, its `detail` naming
 * the row and the problem; STATEMENT_TOO_LARGE (400) over its size; STATEMENT_CHANGED (409) an import of another
 * file than the one previewed.
 */
export const OPERATOR_ERROR_CODES = [
  'FORBIDDEN',
  'ALREADY_REVIEWED',
  // A slip the verifier no longer finds, or finds as another transfer or to no account of ours: not credited (409).
  'SLIP_NOT_CREDITABLE',
  // The sandbox's control paying a QR already paid (409).
  'QR_ALREADY_PAID',
  'MEDIA_INVALID_FILE',
  'MEDIA_TOO_LARGE',
  'BONUS_EXISTS',
  'STATEMENT_INVALID',
  'STATEMENT_TOO_LARGE',
  'STATEMENT_CHANGED',
  // A transfer in suspense held for a member's own limit or block goes to that member or back to the payer (409).
  'HELD_FOR_MEMBER',
  // Operator accounts (backoffice/operator-accounts.ts): a taken username (409); a change or reset that would
  // leave no active admin able to sign in, whoever asks, oneself included (409); an enrolment link unknown or
  // tampered (404), used or replaced (409), past its 24 hours (410); a wrong first code (400).
  'OPERATOR_EXISTS',
  'LAST_ADMIN',
  'ENROLMENT_INVALID',
  'ENROLMENT_USED',
  'ENROLMENT_EXPIRED',
  'ENROLMENT_CODE_WRONG',
  // No operator power without a second person (backoffice/pending-changes.ts, docs/backoffice/four-eyes.md): a
  // value over the deployment's ceiling (400, `fields` name which); another change of the same target already
  // waits (409); the proposer deciding their own change (409); a change already approved or rejected (409); an
  // approval between operators where one made, enrolled or re-roled the other (409); an enrolment link completed
  // from the session or the device of the admin who made it (403).
  'CEILING_EXCEEDED',
  'CHANGE_PENDING',
  'CHANGE_OWN',
  'CHANGE_DECIDED',
  'OPERATOR_RELATED',
  'ENROLMENT_OWN_DEVICE',
] as const;
export type OperatorErrorCode = (typeof OPERATOR_ERROR_CODES)[number];

/** A missing, expired or revoked session token (HTTP 401). The client drops the session and goes to /login. */
export const INVALID_TOKEN = 'invalid-token';

/** Carried in `message` of a success body while the site is terminated. The client goes to /terminated. */
export const GONE = 'gone';

/** Every `message` value an error body may carry. */
export type ApiErrorMessage = ErrorCode | OperatorErrorCode | typeof INVALID_TOKEN;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/**
 * The body of every non-2xx answer (DESIGN.md section 3). `fields` names the request fields that failed
 * validation, each with its own code, so forms can show the error under the right input.
 */
export interface ApiErrorBody {
  message: ApiErrorMessage;
  detail?: string;
  fields?: Record<string, ErrorCode>;
  /** A refused login of a member in a time-out or self-exclusion: the limited session (safer-play.ts). */
  session?: { token: string; expiresAt: string };
}

/**
 * Slip failure reason codes (spec section 8, "Slip reason code mapping"). The first three are the codes the
 * spec describes only by meaning (file missing, image size unprocessable, cropped image unreadable); all three
 * are shown to the member as "incorrect slip".
 */
export const SLIP_REASON_CODES = [
  'FILE_MISSING',
  'IMAGE_SIZE_UNPROCESSABLE',
  'CROPPED_IMAGE_UNREADABLE',
  'DEST_ACC_INVALID',
  'SLIP_REFNO_DUPLICATED',
  'UNSTABLE_REFNO_ON_SLIP',
  'TRIPPLE_WRONG_CAPTCHA',
  'INVALID_SLIP',
  'NOT_MATCH',
  'EXPIRED_SLIP',
  'UNKNOW_ERROR',
  // Not the spec's: the money arrived past the member's own deposit limit or during their time-out or
  // self-exclusion, and is held in suspense for an operator to return (docs/safer-play.md).
  'DEPOSIT_HELD',
] as const;

export type SlipReasonCode = (typeof SLIP_REASON_CODES)[number];

/** The member-facing reason each slip code is shown as (the keys of the `slipReason` catalogue section). */
export const SLIP_REASON_MESSAGE: Record<SlipReasonCode, SlipReasonMessage> = {
  FILE_MISSING: 'incorrectSlip',
  IMAGE_SIZE_UNPROCESSABLE: 'incorrectSlip',
  CROPPED_IMAGE_UNREADABLE: 'incorrectSlip',
  DEST_ACC_INVALID: 'wrongDestinationAccount',
  SLIP_REFNO_DUPLICATED: 'duplicateSlip',
  UNSTABLE_REFNO_ON_SLIP: 'unstableReference',
  TRIPPLE_WRONG_CAPTCHA: 'wrongCaptcha',
  INVALID_SLIP: 'invalidSlip',
  NOT_MATCH: 'accountNotMatch',
  EXPIRED_SLIP: 'expiredSlip',
  UNKNOW_ERROR: 'unknownError',
  DEPOSIT_HELD: 'heldForSaferPlay',
};

export type SlipReasonMessage =
  | 'incorrectSlip'
  | 'wrongDestinationAccount'
  | 'duplicateSlip'
  | 'unstableReference'
  | 'wrongCaptcha'
  | 'invalidSlip'
  | 'accountNotMatch'
  | 'expiredSlip'
  | 'unknownError'
  | 'heldForSaferPlay';
