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
import { isAmount } from './money.ts';
import { PRIZE_TYPES } from './spin.ts';
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
  settingsSlipWindow: '/backoffice/api/settings/slip-window',
  settingsQrValidity: '/backoffice/api/settings/qr-validity',
  /** Promotions (docs/backoffice.md, Promotions): bonus definitions and promotion codes (table `bonuses`). */
  bonusList: '/backoffice/api/bonuses',
  /** Every definition of the `kind` filter as CSV. */
  bonusesCsv: '/backoffice/api/bonuses.csv',
  /** `:code` the bonus's code: fill with `settingsPath`. */
  bonusUpdate: '/backoffice/api/bonuses/:code',
  inviteSettings: '/backoffice/api/promotions/invite',
  refundSettings: '/backoffice/api/promotions/refund',
  spinSettings: '/backoffice/api/promotions/spin',
  banners: '/backoffice/api/promotions/banners',
  /** `:programme` invite or refund, `:locale` one of LOCALES: fill with `settingsPath`. */
  bannersUpdate: '/backoffice/api/promotions/banners/:programme/:locale',
  /** Multipart, the picture in the field `file`: PNG, JPEG or WebP, at most MEDIA_BYTES_MAX. */
  mediaUpload: '/backoffice/api/media',
  /** Every member of the same search as `members`, as CSV. */
  membersCsv: '/backoffice/api/members.csv',
  /** Manual adjustments (docs/backoffice.md): ask for one on a member, list, approve or reject. */
  memberAdjustments: '/backoffice/api/members/:id/adjustments',
  adjustments: '/backoffice/api/adjustments',
  adjustmentsCsv: '/backoffice/api/adjustments.csv',
  adjustmentApprove: '/backoffice/api/adjustments/:id/approve',
  adjustmentReject: '/backoffice/api/adjustments/:id/reject',
  /** `:currency` one of LAOS_CURRENCIES: fill with `settingsPath`. */
  settingsAdjustment: '/backoffice/api/settings/adjustment/:currency',
  /** Invite links held for review (docs/backoffice.md): list, export, release or reject; `:id` the invitee's. */
  inviteReviews: '/backoffice/api/invite-reviews',
  inviteReviewsCsv: '/backoffice/api/invite-reviews.csv',
  inviteReviewRelease: '/backoffice/api/invite-reviews/:id/release',
  inviteReviewReject: '/backoffice/api/invite-reviews/:id/reject',
  /** Bank transfers in suspense (docs/backoffice.md): list, export, assign to a member, refund to the sender. */
  bankTransfers: '/backoffice/api/bank-transfers',
  bankTransfersCsv: '/backoffice/api/bank-transfers.csv',
  bankTransferAssign: '/backoffice/api/bank-transfers/:id/assign',
  bankTransferRefund: '/backoffice/api/bank-transfers/:id/refund',
  /** Slips refused with a verified amount (NOT_MATCH, EXPIRED_SLIP): list, export, credit, dismiss. */
  slips: '/backoffice/api/slips',
  slipsCsv: '/backoffice/api/slips.csv',
  slipCredit: '/backoffice/api/slips/:id/credit',
  slipDismiss: '/backoffice/api/slips/:id/dismiss',
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
    /** Refused slips whose transfer reached the operator, not reviewed yet. */
    slipsToReview: z.int(),
    unmatchedTransfers: z.int(),
    /** Manual adjustments waiting for a second operator. */
    adjustmentsAwaitingApproval: z.int(),
    /** Invite links held for review (self-referral matches) that no operator has released or rejected. */
    inviteLinksHeld: z.int(),
    /** Chat conversations with customer messages no operator has read (docs/chat.md). */
    chatsUnread: z.int(),
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

/** `HH:mm`, 00:00 to 23:59. */
export const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** The daily window in which slip uploads are closed, `HH:mm` in the site's time zone (equal times: never closed). */
export const slipWindowSetting = z.object({
  closeFrom: z.string().check(z.regex(HH_MM, { error: 'KEY_INVALID' })),
  closeTo: z.string().check(z.regex(HH_MM, { error: 'KEY_INVALID' })),
});
export type SlipWindowSetting = z.infer<typeof slipWindowSetting>;

/** How long a member's new QR can be paid, in whole minutes. */
export const QR_VALIDITY_MINUTES = { min: 1, max: 1_440 } as const;
export const qrValiditySetting = z.object({
  minutes: z
    .int({ error: 'KEY_INVALID' })
    .check(
      z.minimum(QR_VALIDITY_MINUTES.min, { error: 'KEY_INVALID' }),
      z.maximum(QR_VALIDITY_MINUTES.max, { error: 'KEY_INVALID' }),
    ),
});
export type QrValiditySetting = z.infer<typeof qrValiditySetting>;

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
  qrValidity: qrValiditySetting,
  /** Per currency, the adjustment amount above which a second operator approves (adjustmentSetting below). */
  adjustment: z.array(z.object({ currency: z.enum(LAOS_CURRENCIES), approvalAbove: z.string() })),
});
/** Every settings PUT answers the settings as they now are. */
export type SiteSettingsResponse = z.infer<typeof siteSettingsResponse>;
export const SETTINGS_LOCALES = LOCALES;

// ---------------------------------------------------------------------------------------------------------------
// Promotions (docs/backoffice.md, Promotions; the rules are docs/promotions.md). Reads are for every operator,
// changes for admins. Money is minor units as strings (or integers) as everywhere in this API.

/** Minor units in a request: digits as a string, or an integer. */
export const promoMinorInput = z.union([
  z.string().check(z.regex(/^\d{1,16}$/, { error: 'KEY_INVALID' })),
  z.int().check(z.minimum(0)),
]);

export const PROMO_TEXT_MAX = 200;
export const PROMO_HTML_MAX = 10_000;
export const BANNERS_MAX = 10;
/** An image or link address an operator may store: https, or a path on this site. */
export const PROMO_URL = /^(https:\/\/[^\s]+|\/[^\s]*)$/;

const promoText = (max: number) => z.string().check(z.maxLength(max, { error: 'KEY_INVALID' }));
/** A text in each language: Thai is the fallback, so it is required; Lao and English may be empty. */
export const promoTexts = (max: number) =>
  z.object({
    th: promoText(max).check(z.minLength(1, { error: 'KEY_MISSING' })),
    lo: promoText(max),
    en: promoText(max),
  });
export const promoLocalized = z.object({ th: z.string(), lo: z.string(), en: z.string() });

export const bannerSetting = z.object({
  image: z.string().check(z.maxLength(2048), z.regex(PROMO_URL, { error: 'KEY_INVALID' })),
  html: promoText(PROMO_HTML_MAX),
});
export const bannerList = z.array(bannerSetting).check(z.maxLength(BANNERS_MAX, { error: 'KEY_INVALID' }));

/** A bonus's banner: its html one text for every language, or one per language (Thai the fallback). */
export const bonusBannerSetting = z.object({
  image: bannerSetting.shape.image,
  html: z.union([
    promoText(PROMO_HTML_MAX),
    z.object({ th: promoText(PROMO_HTML_MAX), lo: promoText(PROMO_HTML_MAX), en: promoText(PROMO_HTML_MAX) }),
  ]),
});

export const BONUS_KINDS = ['bonus', 'promotion'] as const;
export const BONUS_AMOUNT_RULES = ['fixed', 'deposit_percent'] as const;
const BONUS_TYPE_VALUES = ['limit', 'day', 'week'] as const;

/** A bonus definition as the back-office sees it (table `bonuses`), with how many times it was received. */
export const backofficeBonus = z.object({
  code: z.string(),
  kind: z.enum(BONUS_KINDS),
  type: z.enum(BONUS_TYPE_VALUES),
  currency: z.string(),
  maxReceived: z.int(),
  totalMax: z.nullable(z.int()),
  percentFail: z.int(),
  amountRule: z.enum(BONUS_AMOUNT_RULES),
  amountMinor: z.nullable(z.string()),
  depositPercent: z.nullable(z.int()),
  amountCapMinor: z.nullable(z.string()),
  depositWindowHours: z.nullable(z.int()),
  winMultiple: z.int(),
  endBelowMinor: z.string(),
  names: promoLocalized,
  descriptions: promoLocalized,
  banners: z.array(z.object({ image: z.string(), html: z.union([z.string(), promoLocalized]) })),
  sortOrder: z.int(),
  active: z.boolean(),
  createdAt: z.string(),
  /** Activations by all members so far. */
  received: z.int(),
});
export type BackofficeBonus = z.infer<typeof backofficeBonus>;

export const bonusQuery = z.extend(pageQuery, { kind: z.optional(z.enum(BONUS_KINDS)) });
export type BonusQuery = z.infer<typeof bonusQuery>;
export const bonusCsvQuery = z.object({ kind: z.optional(z.enum(BONUS_KINDS)) });
export type BonusCsvQuery = z.infer<typeof bonusCsvQuery>;
export const bonusPage = z.object({ total: z.int(), bonuses: z.array(backofficeBonus) });
export type BonusPage = z.infer<typeof bonusPage>;

/**
 * A bonus's terms, every column's limits as migration 0012 checks them (docs/promotions.md, A bonus definition).
 * `fixed` needs amountMinor; `deposit_percent` needs depositPercent, amountCapMinor and depositWindowHours (the
 * server answers KEY_MISSING for the missing one).
 */
export const bonusTerms = z.object({
  type: z.enum(BONUS_TYPE_VALUES),
  currency: z.enum(LAOS_CURRENCIES),
  maxReceived: z.int().check(z.minimum(1, { error: 'KEY_INVALID' }), z.maximum(10_000, { error: 'KEY_INVALID' })),
  totalMax: z.nullable(z.int().check(z.minimum(1, { error: 'KEY_INVALID' }), z.maximum(1_000_000_000))),
  percentFail: z.int().check(z.minimum(0, { error: 'KEY_INVALID' }), z.maximum(100, { error: 'KEY_INVALID' })),
  amountRule: z.enum(BONUS_AMOUNT_RULES),
  amountMinor: z.nullable(promoMinorInput),
  depositPercent: z.nullable(
    z.int().check(z.minimum(1, { error: 'KEY_INVALID' }), z.maximum(1000, { error: 'KEY_INVALID' })),
  ),
  amountCapMinor: z.nullable(promoMinorInput),
  depositWindowHours: z.nullable(
    z.int().check(z.minimum(1, { error: 'KEY_INVALID' }), z.maximum(720, { error: 'KEY_INVALID' })),
  ),
  winMultiple: z.int().check(z.minimum(0, { error: 'KEY_INVALID' }), z.maximum(1000, { error: 'KEY_INVALID' })),
  endBelowMinor: promoMinorInput,
  names: promoTexts(PROMO_TEXT_MAX),
  descriptions: z.object({ th: promoText(5_000), lo: promoText(5_000), en: promoText(5_000) }),
  banners: z.array(bonusBannerSetting).check(z.maxLength(BANNERS_MAX, { error: 'KEY_INVALID' })),
  sortOrder: z.int().check(z.minimum(-1_000_000), z.maximum(1_000_000)),
  active: z.boolean(),
});
export type BonusTerms = z.infer<typeof bonusTerms>;

/** A new definition: its code (trimmed, upper-cased; A-Z 0-9 _ -, at most 32) and kind never change later. */
export const bonusCreateRequest = z.extend(bonusTerms, {
  code: z.string().check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z0-9_-]{1,32}$/, { error: 'KEY_INVALID' })),
  kind: z.enum(BONUS_KINDS),
});
export type BonusCreateRequest = z.input<typeof bonusCreateRequest>;
/** A change replaces every term; running member bonuses keep the terms they were received with. */
export const bonusUpdateRequest = bonusTerms;
export type BonusUpdateRequest = z.input<typeof bonusUpdateRequest>;

const percent2 = z.number().check(z.refine((value) => isAmount(value) && value <= 100, { error: 'KEY_INVALID' }));
const majorAmount = z
  .number()
  .check(z.refine((value) => isAmount(value) && value <= 100_000_000, { error: 'KEY_INVALID' }));

/** The invite programme (site setting `inviteProgramme`; docs/promotions.md, Invite a friend). */
export const inviteSettingsSchema = z.object({
  enabled: z.boolean(),
  percent: percent2,
  successPercent: percent2,
  collectMinimum: majorAmount,
});
export type InviteSettingsValue = z.infer<typeof inviteSettingsSchema>;

/** The loss refund (site setting `refundProgramme`; docs/promotions.md, Loss refunds). */
export const refundSettingsSchema = z.object({
  enabled: z.boolean(),
  period: z.enum(['day', 'week']),
  percent: percent2,
  minimum: majorAmount,
  cap: majorAmount,
  successPercent: percent2,
});
export type RefundSettingsValue = z.infer<typeof refundSettingsSchema>;

/** The prize wheel's schemas (docs/promotions.md, Prize wheel); the server reads its settings with them. */
export const SPIN_TOTAL_WEIGHT_MAX = 2 ** 40;
export const SPIN_SLICES_MAX = 24;
const spinText = (max: number) => z.string().check(z.maxLength(max));
const spinLocalized = (max: number) => z.object({ th: spinText(max), lo: spinText(max), en: spinText(max) });
const spinColour = z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/));
const spinMajor = z.number().check(z.refine((value) => value > 0 && isAmount(value)));

export const spinSliceSetting = z.object({
  code: z.string().check(z.regex(/^[A-Z0-9_]{1,32}$/)),
  label: spinLocalized(200),
  bgColor: spinColour,
  textColor: spinColour,
  htmlDescription: z.optional(spinLocalized(5_000)),
  /** Relative chance: this slice is drawn with probability weight / (sum of all weights). */
  weight: z.int().check(z.minimum(0), z.maximum(1_000_000)),
  prize: z.object({
    type: z.enum(PRIZE_TYPES),
    /** Cash prizes: the amount in the major unit, per currency (every currency members hold). */
    amount: z.optional(z.record(z.string(), spinMajor)),
  }),
});
export type SpinSliceSetting = z.infer<typeof spinSliceSetting>;

export const spinWheelSetting = z.object({
  active: z.boolean(),
  name: spinLocalized(200),
  slices: z.array(spinSliceSetting).check(
    z.minLength(2),
    z.maxLength(SPIN_SLICES_MAX),
    z.refine((slices) => new Set(slices.map((slice) => slice.code)).size === slices.length, 'duplicate slice code'),
    z.refine((slices) => {
      const total = slices.reduce((sum, slice) => sum + slice.weight, 0);
      return total > 0 && total <= SPIN_TOTAL_WEIGHT_MAX;
    }, 'the weights must add up to more than 0'),
    z.refine(
      (slices) => slices.every((slice) => (slice.prize.type === 'cash') === (slice.prize.amount !== undefined)),
      'cash slices, and only they, have amounts',
    ),
  ),
});
export type SpinWheelSetting = z.infer<typeof spinWheelSetting>;

export const spinRulesSetting = z.object({
  /** Completed deposits, in the major unit of each currency, that earn one coin. */
  depositPerCoin: z.record(z.string(), spinMajor),
  couponExpiryHours: z.int().check(z.minimum(1), z.maximum(24 * 366)),
  /**
   * A claimed cash prize runs as a bonus (docs/promotions.md, "Rewards are bonus money"): winnings since the claim
   * must exceed this multiple of it (default 1) ...
   */
  prizeWinMultiple: z.optional(z.int().check(z.minimum(0), z.maximum(1000))),
  /** ... and cancelling it earlier takes back this share of it (0-100, default 100). */
  prizePercentFail: z.optional(z.int().check(z.minimum(0), z.maximum(100))),
});
export type SpinRulesSetting = z.infer<typeof spinRulesSetting>;

/** GET: the wheel and the coin rule as stored (null: none set). PUT: either or both, each replaced whole. */
export const spinSettingsResponse = z.object({
  wheel: z.nullable(spinWheelSetting),
  rules: z.nullable(spinRulesSetting),
});
export type SpinSettingsResponse = z.infer<typeof spinSettingsResponse>;
export const spinSettingsUpdate = z.object({
  wheel: z.optional(spinWheelSetting),
  rules: z.optional(spinRulesSetting),
});
export type SpinSettingsUpdate = z.infer<typeof spinSettingsUpdate>;

export const BANNER_PROGRAMMES = ['invite', 'refund'] as const;
export type BannerProgramme = (typeof BANNER_PROGRAMMES)[number];
const bannersPerLocale = z.object({
  th: z.nullable(bannerList),
  lo: z.nullable(bannerList),
  en: z.nullable(bannerList),
});
/** The invite and refund banners per language; null where that language has none (members then see Thai's). */
export const bannersResponseAll = z.object({ invite: bannersPerLocale, refund: bannersPerLocale });
export type BannersResponseAll = z.infer<typeof bannersResponseAll>;
export const bannersUpdate = z.object({ banners: bannerList });
export type BannersUpdate = z.infer<typeof bannersUpdate>;

/** Uploaded promotion pictures: PNG, JPEG or WebP by their bytes, at most 2 MiB. */
export const MEDIA_BYTES_MAX = 2 * 1024 * 1024;
export const MEDIA_FILE_FIELD = 'file';
export const mediaUploadResponse = z.object({ url: z.string() });
export type MediaUploadResponse = z.infer<typeof mediaUploadResponse>;
/** The member search's CSV export: the list's `q`, without pages. */
export const memberCsvQuery = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(64, { error: 'KEY_INVALID' }))),
});
export type MemberCsvQuery = z.infer<typeof memberCsvQuery>;

/**
 * Manual adjustments (docs/backoffice.md): `awaiting` a second operator's approval (no money moved), `applied`
 * (a ledger entry moved it), `rejected` (by the second operator, with a reason; no money moved).
 */
export const ADJUSTMENT_STATUSES = ['awaiting', 'applied', 'rejected'] as const;
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number];

/** Signed minor units, never zero: up to 15 digits (a debit starts with `-`). */
export const ADJUSTMENT_AMOUNT = /^-?[1-9]\d{0,14}$/;

const reasonText = z
  .string()
  .check(z.trim(), z.minLength(3, { error: 'KEY_INVALID' }), z.maxLength(200, { error: 'KEY_INVALID' }));

/**
 * The end terms of an adjustment paid as a bonus (docs/backoffice.md, Manual adjustments), within a bonus
 * definition's limits: winnings since it was applied must exceed `winMultiple` times it, and cancelling it earlier
 * takes back `percentFail` % of it.
 */
export const adjustmentBonusTerms = z.object({
  winMultiple: z.int().check(z.minimum(0, { error: 'KEY_INVALID' }), z.maximum(1000, { error: 'KEY_INVALID' })),
  percentFail: z.int().check(z.minimum(0, { error: 'KEY_INVALID' }), z.maximum(100, { error: 'KEY_INVALID' })),
});
export type AdjustmentBonusTerms = z.infer<typeof adjustmentBonusTerms>;

/**
 * `requestId`: made by the client for this adjustment (a UUID) and sent again on a retry; the retry answers
 * the first request and moves nothing twice. `amountMinor`: credit > 0, debit < 0, in the member's currency.
 * `asBonus`: a credit paid as a bonus with these terms; absent or null, the adjustment is cash. A debit cannot be
 * a bonus (`KEY_INVALID` on `asBonus`).
 */
export const adjustmentRequest = z
  .object({
    requestId: z.string().check(z.regex(/^[A-Za-z0-9-]{8,64}$/, { error: 'KEY_INVALID' })),
    amountMinor: z.string().check(z.regex(ADJUSTMENT_AMOUNT, { error: 'KEY_INVALID' })),
    reason: reasonText,
    asBonus: z.optional(z.nullable(adjustmentBonusTerms)),
  })
  .check(
    z.refine((value) => !value.asBonus || !value.amountMinor.startsWith('-'), {
      error: 'KEY_INVALID',
      path: ['asBonus'],
    }),
  );
export type AdjustmentRequest = z.infer<typeof adjustmentRequest>;

export const backofficeAdjustment = z.object({
  id: z.string(),
  member: z.object({ id: z.string(), phone: z.string(), name: z.string() }),
  currency: z.string(),
  amountMinor: z.string(),
  reason: z.string(),
  status: z.enum(ADJUSTMENT_STATUSES),
  requestedBy: z.string(),
  requestedAt: z.string(),
  reviewedBy: z.nullable(z.string()),
  reviewedAt: z.nullable(z.string()),
  reviewReason: z.nullable(z.string()),
  /** The ledger entry, once applied. */
  entryId: z.nullable(z.string()),
  /** Paid as a bonus with these terms; null: cash. */
  asBonus: z.nullable(z.object({ winMultiple: z.int(), percentFail: z.int() })),
});
export type BackofficeAdjustment = z.infer<typeof backofficeAdjustment>;

/** `changed`: false when the call found it already so (a retried request, a second approval). */
export const adjustmentResponse = z.object({ adjustment: backofficeAdjustment, changed: z.boolean() });
export type AdjustmentResponse = z.infer<typeof adjustmentResponse>;

export const adjustmentQuery = z.extend(pageQuery, { status: z.optional(z.enum(ADJUSTMENT_STATUSES)) });
export type AdjustmentQuery = z.infer<typeof adjustmentQuery>;

export const adjustmentCsvQuery = z.object({ status: z.optional(z.enum(ADJUSTMENT_STATUSES)) });
export type AdjustmentCsvQuery = z.infer<typeof adjustmentCsvQuery>;

export const adjustmentPage = z.object({ total: z.int(), adjustments: z.array(backofficeAdjustment) });
export type AdjustmentPage = z.infer<typeof adjustmentPage>;

export const adjustmentRejectRequest = z.object({ reason: reasonText });
export type AdjustmentRejectRequest = z.infer<typeof adjustmentRejectRequest>;

/**
 * Invite links held for review (docs/promotions.md, Invite a friend; docs/backoffice.md). Why an invitee matched
 * its inviter: the same bank account name (titles, case and spaces aside), the same bank account number, a
 * device that one of them signed in on carrying the other's device cookie, or the same registration address.
 */
export const INVITE_MATCHES = ['bank_name', 'bank_account', 'device', 'ip'] as const;
export type InviteMatch = (typeof INVITE_MATCHES)[number];

/**
 * `held`: the invitee's accruals are recorded but not collectable; `released` by an operator: they are
 * collectable; `rejected`: the held ones are forfeited and the invitee accrues nothing more.
 */
export const INVITE_REVIEW_STATUSES = ['held', 'released', 'rejected'] as const;
export type InviteReviewStatus = (typeof INVITE_REVIEW_STATUSES)[number];

const reviewParty = z.object({
  /** The member's public id (the members screen's). */
  id: z.string(),
  phone: z.string(),
  name: z.string(),
  bankCode: z.string(),
  bankAccountNo: z.string(),
  bankAccountName: z.string(),
  /** The address of the registration; null for members registered before it was recorded. */
  registrationIp: z.nullable(z.string()),
});

export const backofficeInviteReview = z.object({
  inviter: reviewParty,
  invitee: reviewParty,
  reasons: z.array(z.enum(INVITE_MATCHES)),
  status: z.enum(INVITE_REVIEW_STATUSES),
  currency: z.string(),
  /** Minor units: the invitee's accruals waiting on the decision, forfeited by a rejection, and collectable. */
  heldMinor: z.string(),
  forfeitedMinor: z.string(),
  openMinor: z.string(),
  heldAt: z.string(),
  decidedBy: z.nullable(z.string()),
  decidedAt: z.nullable(z.string()),
  /** The operator's note of a release (optional) or reason of a rejection. */
  note: z.nullable(z.string()),
});
export type BackofficeInviteReview = z.infer<typeof backofficeInviteReview>;

export const inviteReviewQuery = z.extend(pageQuery, { status: z.optional(z.enum(INVITE_REVIEW_STATUSES)) });
export type InviteReviewQuery = z.infer<typeof inviteReviewQuery>;
export const inviteReviewCsvQuery = z.object({ status: z.optional(z.enum(INVITE_REVIEW_STATUSES)) });
export type InviteReviewCsvQuery = z.infer<typeof inviteReviewCsvQuery>;
export const inviteReviewPage = z.object({ total: z.int(), reviews: z.array(backofficeInviteReview) });
export type InviteReviewPage = z.infer<typeof inviteReviewPage>;

export const inviteReviewReleaseRequest = z.object({
  note: z.optional(z.string().check(z.trim(), z.maxLength(200, { error: 'KEY_INVALID' }))),
});
export type InviteReviewReleaseRequest = z.infer<typeof inviteReviewReleaseRequest>;
export const inviteReviewRejectRequest = z.object({ reason: reasonText });
export type InviteReviewRejectRequest = z.infer<typeof inviteReviewRejectRequest>;

/** `changed`: false when the link was already so (a second release, a retried rejection). */
export const inviteReviewResponse = z.object({ review: backofficeInviteReview, changed: z.boolean() });
export type InviteReviewResponse = z.infer<typeof inviteReviewResponse>;

/** Minor units (a string of digits or an integer), 0 or more: 0 makes every adjustment wait for approval. */
export const adjustmentSettingUpdate = z.object({
  approvalAbove: z.union([z.string().check(z.regex(/^\d{1,15}$/, { error: 'KEY_INVALID' })), z.int()]),
});
export type AdjustmentSettingUpdate = z.infer<typeof adjustmentSettingUpdate>;

/** The answer of lock and unlock: the member now; `changed` false when it was already in that state. */
export const memberStatusResponse = z.object({ member: backofficeMember, changed: z.boolean() });
export type MemberStatusResponse = z.infer<typeof memberStatusResponse>;
/** Bank transfers in suspense (docs/backoffice.md): `open` waits for an operator, `settled` was assigned or refunded. */
export const BANK_TRANSFER_FILTERS = ['open', 'refunding', 'settled'] as const;
export type BankTransferFilter = (typeof BANK_TRANSFER_FILTERS)[number];

export const bankTransferQuery = z.extend(pageQuery, { status: z.optional(z.enum(BANK_TRANSFER_FILTERS)) });
export type BankTransferQuery = z.infer<typeof bankTransferQuery>;
export const bankTransferCsvQuery = z.object({ status: z.optional(z.enum(BANK_TRANSFER_FILTERS)) });
export type BankTransferCsvQuery = z.infer<typeof bankTransferCsvQuery>;

/** Why the matcher put a transfer in suspense (docs/deposits.md, Matching rule). */
export const UNMATCHED_REASONS = ['no_member', 'several_members', 'member_inactive', 'currency_differs'] as const;

export const backofficeBankTransfer = z.object({
  id: z.string(),
  reference: z.string(),
  reason: z.nullable(z.enum(UNMATCHED_REASONS)),
  sender: z.object({ bankCode: z.string(), accountNo: z.string() }),
  operatorAccountNo: z.string(),
  amountMinor: z.string(),
  currency: z.string(),
  transferredAt: z.string(),
  /** `open`; `refunding` while the payout party has the refund; `settled` once assigned or refunded. */
  state: z.enum(BANK_TRANSFER_FILTERS),
  settledAs: z.nullable(z.enum(['assign', 'refund'])),
  settledBy: z.nullable(z.string()),
  settledAt: z.nullable(z.string()),
  member: z.nullable(z.object({ id: z.string(), phone: z.string(), name: z.string() })),
  note: z.nullable(z.string()),
  refundAttempts: z.int(),
  createdAt: z.string(),
});
export type BackofficeBankTransfer = z.infer<typeof backofficeBankTransfer>;

export const bankTransferPage = z.object({ total: z.int(), transfers: z.array(backofficeBankTransfer) });
export type BankTransferPage = z.infer<typeof bankTransferPage>;

const reviewNote = z.string().check(z.trim(), z.maxLength(200, { error: 'KEY_INVALID' }));
const reviewReason = z
  .string()
  .check(z.trim(), z.minLength(3, { error: 'KEY_INVALID' }), z.maxLength(200, { error: 'KEY_INVALID' }));

/** `memberId` is the member's public id (as `GET /backoffice/api/members` answers it). */
export const bankTransferAssignRequest = z.object({
  memberId: z.string().check(z.minLength(1, { error: 'KEY_MISSING' }), z.maxLength(64, { error: 'KEY_INVALID' })),
  note: z.optional(reviewNote),
});
export type BankTransferAssignRequest = z.infer<typeof bankTransferAssignRequest>;
export const bankTransferRefundRequest = z.object({ reason: reviewReason });
export type BankTransferRefundRequest = z.infer<typeof bankTransferRefundRequest>;

export const bankTransferSettleResponse = z.object({ transfer: backofficeBankTransfer, changed: z.boolean() });
export type BankTransferSettleResponse = z.infer<typeof bankTransferSettleResponse>;

/** Slips refused with a verified amount: `needed` waits for an operator, `done` was credited or dismissed. */
export const SLIP_REVIEW_FILTERS = ['needed', 'done'] as const;
export const SLIP_REVIEW_REASONS = ['NOT_MATCH', 'EXPIRED_SLIP'] as const;

export const slipReviewQuery = z.extend(pageQuery, {
  review: z.optional(z.enum(SLIP_REVIEW_FILTERS)),
  reason: z.optional(z.enum(SLIP_REVIEW_REASONS)),
});
export type SlipReviewQuery = z.infer<typeof slipReviewQuery>;
export const slipReviewCsvQuery = z.object({
  review: z.optional(z.enum(SLIP_REVIEW_FILTERS)),
  reason: z.optional(z.enum(SLIP_REVIEW_REASONS)),
});
export type SlipReviewCsvQuery = z.infer<typeof slipReviewCsvQuery>;

export const backofficeSlip = z.object({
  id: z.string(),
  member: z.object({ id: z.string(), phone: z.string(), name: z.string() }),
  reason: z.enum(SLIP_REVIEW_REASONS),
  amountMinor: z.string(),
  currency: z.nullable(z.string()),
  sendingBank: z.nullable(z.string()),
  reference: z.nullable(z.string()),
  /** A signed URL of the picture, valid a few minutes; null when the picture could not be stored. */
  pictureUrl: z.nullable(z.string()),
  review: z.nullable(z.enum(['credited', 'dismissed'])),
  reviewedBy: z.nullable(z.string()),
  reviewedAt: z.nullable(z.string()),
  reviewNote: z.nullable(z.string()),
  createdAt: z.string(),
});
export type BackofficeSlip = z.infer<typeof backofficeSlip>;

export const slipReviewPage = z.object({ total: z.int(), slips: z.array(backofficeSlip) });
export type SlipReviewPage = z.infer<typeof slipReviewPage>;

export const slipCreditRequest = z.object({ note: z.optional(reviewNote) });
export type SlipCreditRequest = z.infer<typeof slipCreditRequest>;
export const slipDismissRequest = z.object({ reason: reviewReason });
export type SlipDismissRequest = z.infer<typeof slipDismissRequest>;

export const slipReviewResponse = z.object({ slip: backofficeSlip, changed: z.boolean() });
export type SlipReviewResponse = z.infer<typeof slipReviewResponse>;
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
