import { z } from 'zod/mini';
import { OPERATOR_PASSWORD_MAX, OPERATOR_ROLES, OPERATOR_USERNAME } from './operators.ts';

// Operator accounts run from the back-office (issue 24, docs/backoffice/operators.md): the operators screen
// (admins only), enrolment by a one-time link, and an operator's own display name and sessions.

/** `active`: can sign in; `disabled`: cannot, sessions ended; `enrolling`: waits for the enrolment link's use. */
export const OPERATOR_STATES = ['active', 'disabled', 'enrolling'] as const;
export type OperatorState = (typeof OPERATOR_STATES)[number];

/** What members see in chat instead of the generic word for an operator (trimmed, 1 to 40 characters). */
export const OPERATOR_DISPLAY_NAME_MAX = 40;
/** An enrolment link works once, for this long after it was made. */
export const ENROLMENT_LINK_HOURS = 24;
/** The back-office page an enrolment link opens; the token follows `#`, so it never reaches a server log. */
export const ENROLMENT_PAGE = '/backoffice/enrol';
/** 32 random bytes, base64url. */
export const ENROLMENT_TOKEN = /^[A-Za-z0-9_-]{43}$/;

const displayName = z.string().check(
  z.trim(),
  z.minLength(1, { error: 'KEY_MISSING' }),
  z.maxLength(OPERATOR_DISPLAY_NAME_MAX, { error: 'KEY_INVALID' }),
  z.refine((value) => !/\p{Cc}/u.test(value), { error: 'KEY_INVALID' }),
);

export const operatorSummary = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.nullable(z.string()),
  role: z.enum(OPERATOR_ROLES),
  state: z.enum(OPERATOR_STATES),
  createdAt: z.string(),
  lastSignInAt: z.nullable(z.string()),
  /** While `enrolling`: when the current link stops working (null once it did, or was used). */
  enrolmentExpiresAt: z.nullable(z.string()),
  /** A money-approving role (finance, admin) asked for and waiting for a second admin (pending-changes.ts). */
  pendingRole: z.nullable(z.enum(OPERATOR_ROLES)),
});
export type OperatorSummary = z.infer<typeof operatorSummary>;

/** `GET /backoffice/api/operators`: every operator, admins first, then by username. */
export const operatorList = z.object({ operators: z.array(operatorSummary) });
export type OperatorList = z.infer<typeof operatorList>;

/** `POST /backoffice/api/operators`. A taken username answers 409 OPERATOR_EXISTS. */
export const createOperatorRequest = z.object({
  username: z.string().check(z.trim(), z.toLowerCase(), z.regex(OPERATOR_USERNAME, { error: 'KEY_INVALID' })),
  role: z.enum(OPERATOR_ROLES),
  displayName: z.optional(displayName),
});
export type CreateOperatorRequest = z.infer<typeof createOperatorRequest>;

/** `link`: ENROLMENT_PAGE#token, relative to the back-office's origin; shown to the admin once. */
export const enrolmentLink = z.object({ link: z.string(), expiresAt: z.string() });
export type EnrolmentLink = z.infer<typeof enrolmentLink>;

/** The answer of a creation and of a reset: the operator, and the link to hand them. */
export const operatorWithLink = z.object({ operator: operatorSummary, enrolment: enrolmentLink });
export type OperatorWithLink = z.infer<typeof operatorWithLink>;

/**
 * `PUT /backoffice/api/operators/{id}`, answers the operator. Refused with 409 LAST_ADMIN when it would leave no
 * active admin able to sign in, whoever asks (an admin may change their own role or state while another admin
 * remains; disabling oneself ends one's own sessions too).
 */
export const updateOperatorRequest = z.object({
  role: z.optional(z.enum(OPERATOR_ROLES)),
  active: z.optional(z.boolean()),
  /** null clears it: members see the generic word again. */
  displayName: z.optional(z.nullable(displayName)),
});
export type UpdateOperatorRequest = z.infer<typeof updateOperatorRequest>;

/** `PUT /backoffice/api/auth/me`: any operator sets their own display name; answers the profile. */
export const updateMeRequest = z.object({ displayName: z.nullable(displayName) });
export type UpdateMeRequest = z.infer<typeof updateMeRequest>;

/** One signed-in device of the calling operator. */
export const operatorSession = z.object({
  id: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  ip: z.nullable(z.string()),
  userAgent: z.nullable(z.string()),
  /** The session of the call itself. */
  current: z.boolean(),
});
export type OperatorSession = z.infer<typeof operatorSession>;

/** `GET /backoffice/api/auth/sessions`: the caller's live sessions, newest first. */
export const operatorSessions = z.object({ sessions: z.array(operatorSession) });
export type OperatorSessions = z.infer<typeof operatorSessions>;

const enrolmentToken = z.string().check(z.regex(ENROLMENT_TOKEN, { error: 'KEY_INVALID' }));

/**
 * `POST /backoffice/api/auth/enrolment` (no sign-in): what the link's page shows. ENROLMENT_INVALID (404) for a
 * token no link has, ENROLMENT_USED (409) once used or replaced, ENROLMENT_EXPIRED (410) after its 24 hours.
 */
export const enrolmentRequest = z.object({ token: enrolmentToken });
export const enrolmentDetails = z.object({
  username: z.string(),
  displayName: z.nullable(z.string()),
  role: z.enum(OPERATOR_ROLES),
  /** The TOTP secret (base32) for the authenticator app, its otpauth:// URI and that URI as an SVG QR code. */
  secret: z.string(),
  otpauthUri: z.string(),
  qrSvg: z.string(),
  expiresAt: z.string(),
});
export type EnrolmentDetails = z.infer<typeof enrolmentDetails>;

/**
 * `POST /backoffice/api/auth/enrolment/complete`: the password (the operators' policy: PASSWORD_* codes) and a
 * code of the authenticator (ENROLMENT_CODE_WRONG). Answers `{ message: 'OK' }`; the operator then signs in.
 */
export const enrolmentCompleteRequest = z.object({
  token: enrolmentToken,
  password: z.string().check(z.minLength(1, { error: 'KEY_MISSING' }), z.maxLength(OPERATOR_PASSWORD_MAX)),
  totp: z.string().check(z.trim(), z.regex(/^\d{6}$/, { error: 'KEY_INVALID' })),
});
export type EnrolmentCompleteRequest = z.infer<typeof enrolmentCompleteRequest>;
