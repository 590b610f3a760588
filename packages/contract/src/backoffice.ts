import { z } from 'zod/mini';
import { LAOS_CURRENCIES, LOCALES } from './constants.ts';
import { QR_GATEWAYS } from './deposit.ts';
import {
  agreementsResponse,
  conditionsResponse,
  contactResponse,
  howtoItem,
  infoResponse,
  noticeResponse,
} from './lookup.ts';
import { WITHDRAWAL_STATUSES } from './wallet.ts';

/**
 * The operators' API (issue 7, docs/backoffice.md), under `/backoffice/api`. Operators sign in with a username,
 * a password and a TOTP code, and hold a token of their own: a member's token is refused by every operator
 * endpoint and an operator's by every member endpoint.
 */
export const BACKOFFICE_API = {
  login: '/backoffice/api/auth/login',
  logout: '/backoffice/api/auth/logout',
  me: '/backoffice/api/auth/me',
  audit: '/backoffice/api/audit',
  dashboard: '/backoffice/api/dashboard',
  members: '/backoffice/api/members',
  member: '/backoffice/api/members/:id',
  memberLock: '/backoffice/api/members/:id/lock',
  memberUnlock: '/backoffice/api/members/:id/unlock',
  memberResetPassword: '/backoffice/api/members/:id/reset-password',
  withdrawals: '/backoffice/api/withdrawals',
  /** Every withdrawal of the same filters as `withdrawals`, as CSV (UTF-8 with a BOM, for Excel). */
  withdrawalsCsv: '/backoffice/api/withdrawals.csv',
  /** Route patterns: the client fills `:id` with `backofficePath`. */
  withdrawalApprove: '/backoffice/api/withdrawals/:id/approve',
  withdrawalReject: '/backoffice/api/withdrawals/:id/reject',
  /** The member app's site settings (docs/backoffice.md, Site settings): read all, change one part at a time. */
  settings: '/backoffice/api/settings',
  settingsFlags: '/backoffice/api/settings/flags',
  /** `:key` one of SETTING_TEXT_KEYS, `:locale` one of LOCALES: fill with `settingsPath`. */
  settingsText: '/backoffice/api/settings/texts/:key/:locale',
  settingsHowto: '/backoffice/api/settings/howto',
  /** `:currency` one of LAOS_CURRENCIES: fill with `settingsPath`. */
  settingsWithdraw: '/backoffice/api/settings/withdraw/:currency',
  /** Every deposit the member app can make, of every channel, with its state (docs/backoffice.md). */
  deposits: '/backoffice/api/deposits',
  depositsCsv: '/backoffice/api/deposits.csv',
  /** QR codes with their states, the asked and paid amounts, the gateway and the expiry. */
  qrCodes: '/backoffice/api/qr-codes',
  qrCodesCsv: '/backoffice/api/qr-codes.csv',
  /** The audit log of the same filters as `audit`, as CSV. */
  auditCsv: '/backoffice/api/audit.csv',
  /** Whether sandbox mode is on: always served, so the app knows whether to show the sandbox screen. */
  sandbox: '/backoffice/api/sandbox',
  /** SANDBOX ONLY (404 otherwise): `:id` is our qrcodeId; the sandbox gateway pays it and sends its webhook. */
  sandboxQrPay: '/backoffice/api/sandbox/qr/:id/pay',
  /** SANDBOX ONLY: a transfer arrives in the sandbox bank feed (the matcher picks it up). */
  sandboxBankTransfers: '/backoffice/api/sandbox/bank-transfers',
  /** SANDBOX ONLY: every sandbox party's faults; `:party` one of SANDBOX_PARTIES (fill with `settingsPath`). */
  sandboxFaults: '/backoffice/api/sandbox/faults',
  sandboxPartyFaults: '/backoffice/api/sandbox/faults/:party',
} as const;

/** A route pattern of BACKOFFICE_API with its `:id` filled in. */
export function backofficePath(pattern: string, id: string): string {
  return pattern.replace(':id', encodeURIComponent(id));
}

/** A route pattern of BACKOFFICE_API with its named parts (`:key`, `:locale`, `:currency`) filled in. */
export function settingsPath(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:(\w+)/g, (part, name: string) =>
    name in params ? encodeURIComponent(params[name] as string) : part,
  );
}

/** admin: everything, operators and the audit log included; finance: money; support: members and chat. */
export const OPERATOR_ROLES = ['admin', 'finance', 'support'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** Lower-case letters, digits, dot, underscore and hyphen, 3 to 32 of them. */
export const OPERATOR_USERNAME = /^[a-z0-9._-]{3,32}$/;
/** Operators hold more than members do: a longer password. */
export const OPERATOR_PASSWORD_MIN = 12;
export const OPERATOR_PASSWORD_MAX = 128;

export const operatorLoginRequest = z.object({
  username: z.string().check(z.trim(), z.toLowerCase(), z.regex(OPERATOR_USERNAME, { error: 'KEY_INVALID' })),
  password: z.string().check(z.minLength(1, { error: 'KEY_MISSING' }), z.maxLength(OPERATOR_PASSWORD_MAX)),
  totp: z.string().check(z.trim(), z.regex(/^\d{6}$/, { error: 'KEY_INVALID' })),
});
export type OperatorLoginRequest = z.infer<typeof operatorLoginRequest>;

export const operatorProfile = z.object({
  id: z.string(),
  username: z.string(),
  role: z.enum(OPERATOR_ROLES),
});
export type OperatorProfile = z.infer<typeof operatorProfile>;

export const operatorLoginResponse = z.object({
  token: z.string(),
  expiresAt: z.string(),
  operator: operatorProfile,
});
export type OperatorLoginResponse = z.infer<typeof operatorLoginResponse>;

/** Every list of the back-office pages on the server: 1-based page, at most 100 rows. */
export const pageQuery = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1, { error: 'KEY_INVALID' })), 1),
  limit: z._default(
    z.coerce.number().check(z.int(), z.minimum(1, { error: 'KEY_INVALID' }), z.maximum(100, { error: 'KEY_INVALID' })),
    20,
  ),
});
export type PageQuery = z.infer<typeof pageQuery>;

export const auditEntry = z.object({
  id: z.string(),
  /** The operator's username, `cli` for the command line, `system` for the server itself. */
  actor: z.string(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.nullable(z.string()),
  at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditQuery = z.extend(pageQuery, {
  action: z.optional(z.string().check(z.maxLength(64))),
  actor: z.optional(z.string().check(z.maxLength(32))),
});
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditPage = z.object({ total: z.int(), entries: z.array(auditEntry) });
export type AuditPage = z.infer<typeof auditPage>;

/**
 * Operators' review of withdrawals: `auto` (at most the auto-approve amount, paid without review), `awaiting`
 * (held until an operator decides), `approved` (then paid), `rejected` (the money returned to the wallet).
 */
export const WITHDRAWAL_REVIEWS = ['auto', 'awaiting', 'approved', 'rejected'] as const;
export type WithdrawalReviewState = (typeof WITHDRAWAL_REVIEWS)[number];

export const withdrawalQuery = z.extend(pageQuery, {
  review: z.optional(z.enum(WITHDRAWAL_REVIEWS)),
  status: z.optional(z.enum(WITHDRAWAL_STATUSES)),
});
export type WithdrawalQuery = z.infer<typeof withdrawalQuery>;

/** The CSV export takes the list's filters, without pages: every matching withdrawal. */
export const withdrawalCsvQuery = z.object({
  review: z.optional(z.enum(WITHDRAWAL_REVIEWS)),
  status: z.optional(z.enum(WITHDRAWAL_STATUSES)),
});
export type WithdrawalCsvQuery = z.infer<typeof withdrawalCsvQuery>;

/** Amounts are strings of minor units here: operators see exact figures, and CSV exports carry them as they are. */
export const backofficeWithdrawal = z.object({
  id: z.string(),
  member: z.object({ id: z.string(), phone: z.string(), name: z.string() }),
  amountMinor: z.string(),
  currency: z.string(),
  bank: z.object({ code: z.string(), accountNo: z.string(), accountName: z.string() }),
  status: z.enum(WITHDRAWAL_STATUSES),
  review: z.enum(WITHDRAWAL_REVIEWS),
  failureReason: z.nullable(z.string()),
  reviewedBy: z.nullable(z.string()),
  reviewedAt: z.nullable(z.string()),
  createdAt: z.string(),
});
export type BackofficeWithdrawal = z.infer<typeof backofficeWithdrawal>;

export const withdrawalPage = z.object({ total: z.int(), withdrawals: z.array(backofficeWithdrawal) });
export type WithdrawalPage = z.infer<typeof withdrawalPage>;

/** The member reads the reason: plain words, 3 to 200 characters. */
export const withdrawalRejectRequest = z.object({
  reason: z
    .string()
    .check(z.trim(), z.minLength(3, { error: 'KEY_INVALID' }), z.maxLength(200, { error: 'KEY_INVALID' })),
});
export type WithdrawalRejectRequest = z.infer<typeof withdrawalRejectRequest>;

export const withdrawalReviewResponse = z.object({ withdrawal: backofficeWithdrawal, changed: z.boolean() });
export type WithdrawalReviewResponse = z.infer<typeof withdrawalReviewResponse>;

/**
 * `GET /backoffice/api/dashboard`: the site's local day so far (deposits credited, withdrawals asked for, per
 * currency; amounts in minor units as strings), what waits for operators now, the members signed in, and the
 * ledger's drift check, which must read 0 and 0.
 */
export const dashboardResponse = z.object({
  day: z.object({ from: z.string(), timeZone: z.string() }),
  deposits: z.array(z.object({ currency: z.string(), count: z.int(), amountMinor: z.string() })),
  withdrawals: z.array(
    z.object({ currency: z.string(), status: z.enum(WITHDRAWAL_STATUSES), count: z.int(), amountMinor: z.string() }),
  ),
  pending: z.object({
    withdrawalsAwaitingReview: z.int(),
    withdrawalsInProgress: z.int(),
    slipsInProgress: z.int(),
    unmatchedTransfers: z.int(),
  }),
  membersSignedIn: z.int(),
  ledger: z.object({ drifts: z.int(), unbalancedEntries: z.int() }),
});
export type DashboardResponse = z.infer<typeof dashboardResponse>;

/** `q`: a phone number (or its start), part of a name, or a bank account number (digits only, or its end). */
export const memberQuery = z.extend(pageQuery, {
  q: z.optional(z.string().check(z.trim(), z.maxLength(64, { error: 'KEY_INVALID' }))),
});
export type MemberQuery = z.infer<typeof memberQuery>;

export const MEMBER_STATUSES = ['active', 'inactive'] as const;

export const backofficeMember = z.object({
  /** The member's public id. */
  id: z.string(),
  phone: z.string(),
  name: z.string(),
  bank: z.object({ code: z.string(), accountNo: z.string(), accountName: z.string() }),
  currency: z.string(),
  status: z.enum(MEMBER_STATUSES),
  walletMinor: z.string(),
  createdAt: z.string(),
});
export type BackofficeMember = z.infer<typeof backofficeMember>;

export const memberPage = z.object({ total: z.int(), members: z.array(backofficeMember) });
export type MemberPage = z.infer<typeof memberPage>;

/** A member with what operators look at: game accounts, the latest ledger entries, slips and bonuses. */
export const memberDetail = z.object({
  member: backofficeMember,
  gameAccounts: z.array(
    z.object({ provider: z.string(), username: z.string(), status: z.string(), createdAt: z.string() }),
  ),
  /** The latest 50 entries touching the member's wallet, with the wallet's change (minor units, signed). */
  entries: z.array(
    z.object({
      id: z.string(),
      type: z.string(),
      status: z.string(),
      walletChangeMinor: z.string(),
      createdAt: z.string(),
    }),
  ),
  slips: z.array(
    z.object({
      id: z.string(),
      status: z.string(),
      note: z.nullable(z.string()),
      amountMinor: z.nullable(z.string()),
      createdAt: z.string(),
    }),
  ),
  bonuses: z.array(
    z.object({ code: z.string(), status: z.string(), amountMinor: z.string(), activatedAt: z.string() }),
  ),
});
export type MemberDetail = z.infer<typeof memberDetail>;

/** Why a member is locked, for the audit log: 3 to 200 characters. */
export const memberLockRequest = z.object({
  reason: z
    .string()
    .check(z.trim(), z.minLength(3, { error: 'KEY_INVALID' }), z.maxLength(200, { error: 'KEY_INVALID' })),
});

/** A new password, shown to the operator once to hand to the member; every session of the member ends. */
export const memberPasswordResetResponse = z.object({ temporaryPassword: z.string() });

/** The member app's on/off switches (spec section 9): OTP at registration, the chat widget, the terminated page. */
export const SITE_FLAGS = ['registerOTP', 'enableChatWidget', 'terminated'] as const;
export type SiteFlag = (typeof SITE_FLAGS)[number];

export const siteFlags = z.object({
  registerOTP: z.boolean(),
  enableChatWidget: z.boolean(),
  terminated: z.boolean(),
});
export type SiteFlags = z.infer<typeof siteFlags>;

/** Only the flags given change. */
export const siteFlagsUpdate = z.object({
  registerOTP: z.optional(z.boolean()),
  enableChatWidget: z.optional(z.boolean()),
  terminated: z.optional(z.boolean()),
});
export type SiteFlagsUpdate = z.infer<typeof siteFlagsUpdate>;

/**
 * The member texts an operator writes per language, each in the shape of its member lookup (lookup.ts). Operator
 * HTML in them is stored as given: the member app sanitizes it when it renders (apps/web lib/safe-html.ts).
 */
export const SETTING_TEXT_SCHEMAS = {
  info: infoResponse,
  contact: contactResponse,
  conditions: conditionsResponse,
  agreements: agreementsResponse,
  notice: noticeResponse,
} as const;
export const SETTING_TEXT_KEYS = ['info', 'contact', 'conditions', 'agreements', 'notice'] as const;
export type SettingTextKey = (typeof SETTING_TEXT_KEYS)[number];

function perLocale<Schema extends z.ZodMiniType>(schema: Schema) {
  return z.object({ th: z.nullable(schema), lo: z.nullable(schema), en: z.nullable(schema) });
}

/** A how-to video's address: https, or a path on this site. */
export const HOWTO_URL = /^(https:\/\/[^\s]+|\/[^\s]*)$/;
export const howtoSetting = z.array(
  z.object({
    key: z.string().check(z.minLength(1), z.maxLength(64)),
    url: z.string().check(z.maxLength(2048), z.regex(HOWTO_URL, { error: 'KEY_INVALID' })),
    demo: z.boolean(),
  }),
);
export const howtoUpdate = z.object({ howto: howtoSetting });
export type HowtoUpdate = z.infer<typeof howtoUpdate>;

/** A currency's withdrawal limits and auto-approve amount, in minor units as strings. */
export const withdrawSetting = z.object({
  currency: z.enum(LAOS_CURRENCIES),
  min: z.string(),
  max: z.string(),
  autoApprove: z.string(),
});
export type WithdrawSetting = z.infer<typeof withdrawSetting>;

const minorInput = z.union([z.string().check(z.regex(/^\d{1,16}$/, { error: 'KEY_INVALID' })), z.int()]);
/** Minor units, as strings or numbers: min and max positive, min <= max, autoApprove 0 or more. */
export const withdrawSettingUpdate = z.object({ min: minorInput, max: minorInput, autoApprove: minorInput });
export type WithdrawSettingUpdate = z.infer<typeof withdrawSettingUpdate>;

/** The daily window in which slip uploads are closed, `HH:mm` in the site's time zone. */
export const slipWindowSetting = z.object({ closeFrom: z.string(), closeTo: z.string() });

export const siteSettingsResponse = z.object({
  flags: siteFlags,
  texts: z.object({
    info: perLocale(infoResponse),
    contact: perLocale(contactResponse),
    conditions: perLocale(conditionsResponse),
    agreements: perLocale(agreementsResponse),
    notice: perLocale(noticeResponse),
  }),
  howto: z.array(howtoItem),
  withdraw: z.array(withdrawSetting),
  slipWindow: slipWindowSetting,
});
/** Every settings PUT answers the settings as they now are. */
export type SiteSettingsResponse = z.infer<typeof siteSettingsResponse>;
export const SETTINGS_LOCALES = LOCALES;

// Deposits and QR codes (docs/backoffice.md, Deposits and QR codes).

/** The ways money comes in: QR payments, TrueMoney gift links, bank transfers (the feed or a slip), slips. */
export const DEPOSIT_CHANNELS = ['qr', 'truelink', 'bank', 'slip'] as const;
export type DepositChannel = (typeof DEPOSIT_CHANNELS)[number];

/** The states each channel's records take, for the status filter (a status of another channel matches none). */
export const DEPOSIT_STATUSES = {
  qr: ['creating', 'live', 'paid', 'cancelled', 'expired', 'failed'],
  truelink: ['redeeming', 'unknown', 'credited'],
  bank: ['matched', 'unmatched'],
  slip: ['IN_PROGRESS', 'SUCCESS', 'FAILED'],
} as const satisfies Record<DepositChannel, readonly string[]>;

const depositFilters = {
  channel: z.optional(z.enum(DEPOSIT_CHANNELS)),
  status: z.optional(z.string().check(z.regex(/^[A-Za-z_]{1,32}$/, { error: 'KEY_INVALID' }))),
  currency: z.optional(z.string().check(z.regex(/^[A-Z]{3,8}$/, { error: 'KEY_INVALID' }))),
  /** The start of the member's phone number. */
  q: z.optional(z.string().check(z.trim(), z.maxLength(32, { error: 'KEY_INVALID' }))),
};
export const depositQuery = z.extend(pageQuery, depositFilters);
export type DepositQuery = z.infer<typeof depositQuery>;
export const depositCsvQuery = z.object(depositFilters);
export type DepositCsvQuery = z.infer<typeof depositCsvQuery>;

const rowMember = z.nullable(z.object({ id: z.string(), phone: z.string(), name: z.string() }));

/**
 * One deposit of any channel. `id` is the channel's own id (qrcodeId, the gift link's reference, the bank's
 * reference, the slip's id); `amountMinor` null while unknown (a slip not verified, a redemption in progress);
 * `reason` why it is not credited (a slip's reason, an unmatched transfer's); `entryId` the ledger entry that
 * credited it (or, for an unmatched transfer, parked it in suspense).
 */
export const backofficeDeposit = z.object({
  id: z.string(),
  channel: z.enum(DEPOSIT_CHANNELS),
  /** The gateway, the sending bank's code, `truemoney`. */
  source: z.nullable(z.string()),
  member: rowMember,
  amountMinor: z.nullable(z.string()),
  currency: z.nullable(z.string()),
  status: z.string(),
  reason: z.nullable(z.string()),
  entryId: z.nullable(z.string()),
  createdAt: z.string(),
});
export type BackofficeDeposit = z.infer<typeof backofficeDeposit>;
export const depositPage = z.object({ total: z.int(), deposits: z.array(backofficeDeposit) });
export type DepositPage = z.infer<typeof depositPage>;

export const QR_CODE_STATUSES = DEPOSIT_STATUSES.qr;
export type QrCodeStatus = (typeof QR_CODE_STATUSES)[number];
const qrFilters = {
  status: z.optional(z.enum(QR_CODE_STATUSES)),
  gateway: z.optional(z.enum(QR_GATEWAYS)),
};
export const qrCodeQuery = z.extend(pageQuery, qrFilters);
export type QrCodeQuery = z.infer<typeof qrCodeQuery>;
export const qrCodeCsvQuery = z.object(qrFilters);
export type QrCodeCsvQuery = z.infer<typeof qrCodeCsvQuery>;

export const backofficeQrCode = z.object({
  /** Our qrcodeId. */
  id: z.string(),
  gateway: z.string(),
  gatewayReference: z.nullable(z.string()),
  member: rowMember,
  amountMinor: z.string(),
  paidAmountMinor: z.nullable(z.string()),
  currency: z.string(),
  status: z.enum(QR_CODE_STATUSES),
  expiresAt: z.string(),
  paidAt: z.nullable(z.string()),
  entryId: z.nullable(z.string()),
  createdAt: z.string(),
});
export type BackofficeQrCode = z.infer<typeof backofficeQrCode>;
export const qrCodePage = z.object({ total: z.int(), qrCodes: z.array(backofficeQrCode) });
export type QrCodePage = z.infer<typeof qrCodePage>;

/** The audit CSV takes the list's filters, without pages. */
export const auditCsvQuery = z.object({
  action: z.optional(z.string().check(z.maxLength(64))),
  actor: z.optional(z.string().check(z.maxLength(32))),
});
export type AuditCsvQuery = z.infer<typeof auditCsvQuery>;

// Sandbox controls (docs/backoffice.md, Sandbox controls): SANDBOX ONLY.

export const sandboxStatus = z.object({ sandbox: z.boolean() });
export type SandboxStatus = z.infer<typeof sandboxStatus>;

const positiveMinor = z.string().check(z.regex(/^[1-9]\d{0,15}$/, { error: 'KEY_INVALID' }));

/** Pays the QR's asked amount, or `amountMinor` (another amount, as a payer who changed it). */
export const sandboxQrPayRequest = z.object({ amountMinor: z.optional(positiveMinor) });
export type SandboxQrPayRequest = z.infer<typeof sandboxQrPayRequest>;
export const sandboxQrPayResponse = z.object({
  qrcodeId: z.string(),
  gateway: z.string(),
  amountMinor: z.string(),
  /** How many webhook deliveries we accepted (1 once it was credited). */
  delivered: z.int(),
});
export type SandboxQrPayResponse = z.infer<typeof sandboxQrPayResponse>;

export const sandboxBankTransferRequest = z.object({
  operatorAccountNo: z.string().check(z.regex(/^[0-9-]{1,40}$/, { error: 'KEY_INVALID' })),
  senderBankCode: z.string().check(z.regex(/^[A-Z0-9_]{1,20}$/, { error: 'KEY_INVALID' })),
  senderAccountNo: z.string().check(z.regex(/^[0-9-]{1,40}$/, { error: 'KEY_INVALID' })),
  amountMinor: positiveMinor,
  /** The operator account's currency: BAHT unless told. */
  currency: z.optional(z.string().check(z.regex(/^[A-Z]{3,8}$/, { error: 'KEY_INVALID' }))),
});
export type SandboxBankTransferRequest = z.infer<typeof sandboxBankTransferRequest>;
export const sandboxBankTransferResponse = z.object({ reference: z.string() });

/** The sandbox parties whose faults an operator sets, each with what its sandbox already supports. */
export const SANDBOX_PARTIES = ['games', 'payout', 'payments', 'voucher', 'slipVerifier', 'bankFeed'] as const;
export type SandboxParty = (typeof SANDBOX_PARTIES)[number];
export const SANDBOX_FAULT_KINDS = {
  payout: ['none', 'unavailable', 'lostAnswer'],
  payments: ['none', 'unavailable', 'refuse', 'lostAnswer', 'timeout'],
  voucher: ['none', 'unavailable', 'lostAnswer'],
  slipVerifier: ['none', 'unavailable', 'captcha', 'garbage'],
  bankFeed: ['none', 'unavailable'],
} as const;
export const SANDBOX_GAME_FAULT_OPERATIONS = [
  'deposit',
  'withdraw',
  'createAccount',
  'resetPassword',
  'balance',
  'status',
  'bets',
] as const;

const rate = z.number().check(z.minimum(0, { error: 'KEY_INVALID' }), z.maximum(1, { error: 'KEY_INVALID' }));
const millis = (max: number) =>
  z.int().check(z.minimum(0, { error: 'KEY_INVALID' }), z.maximum(max, { error: 'KEY_INVALID' }));

/** The game providers' faults (all providers at once): rates of refusals and lost answers, and a latency. */
export const sandboxGameFaults = z.object({
  latencyMs: millis(30_000),
  errorRate: rate,
  timeoutRate: rate,
  appliedThenTimeoutRate: rate,
  lateApplyMs: millis(86_400_000),
  operations: z.array(z.enum(SANDBOX_GAME_FAULT_OPERATIONS)),
});
export const sandboxPayoutFaults = z.object({
  fault: z.enum(SANDBOX_FAULT_KINDS.payout),
  delayMs: millis(86_400_000),
  failRate: rate,
  webhooks: z.boolean(),
});
export const sandboxGatewayFaults = z.object({
  gateway: z.enum(QR_GATEWAYS),
  fault: z.enum(SANDBOX_FAULT_KINDS.payments),
  latencyMs: millis(60_000),
});
export const sandboxSlipVerifierFaults = z.object({
  fault: z.enum(SANDBOX_FAULT_KINDS.slipVerifier),
  latencyMs: millis(30_000),
});

export const sandboxVoucherFaults = z.object({ fault: z.enum(SANDBOX_FAULT_KINDS.voucher) });
export const sandboxBankFeedFaults = z.object({ fault: z.enum(SANDBOX_FAULT_KINDS.bankFeed) });

/**
 * `GET /backoffice/api/sandbox/faults`: how each sandbox party behaves now; null for a party this server did
 * not mount (a real party configured in its place, or its secret unset). Games: every provider at once.
 */
export const sandboxFaultsResponse = z.object({
  games: sandboxGameFaults,
  payout: z.nullable(sandboxPayoutFaults),
  payments: z.array(sandboxGatewayFaults),
  voucher: z.nullable(sandboxVoucherFaults),
  slipVerifier: z.nullable(sandboxSlipVerifierFaults),
  bankFeed: z.nullable(sandboxBankFeedFaults),
});
export type SandboxFaultsResponse = z.infer<typeof sandboxFaultsResponse>;

/** The body of `PUT …/sandbox/faults/:party`: that party's whole setting, as GET answers it. */
export const SANDBOX_FAULT_REQUESTS = {
  games: sandboxGameFaults,
  payout: sandboxPayoutFaults,
  payments: sandboxGatewayFaults,
  voucher: sandboxVoucherFaults,
  slipVerifier: sandboxSlipVerifierFaults,
  bankFeed: sandboxBankFeedFaults,
} as const;
