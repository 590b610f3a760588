/** Business constants and limits of spec section 9, shared by the client and the server. */

export const APP_VERSION = '1.1.14';

/** Sent as `X-App-Name` on every request; the server refuses /api calls without it. */
export const APP_NAME_HEADER = 'x-app-name';
export const APP_NAME = 'wallet-user';

/**
 * Sent on money-moving requests: one fresh key per member action (a UUID will do), the same key on every retry
 * of that action, so the server applies it once and replays its first answer (docs/ledger.md).
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

export const LOCALES = ['th', 'lo', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

export const COUNTRIES = ['TH', 'LA'] as const;
export type Country = (typeof COUNTRIES)[number];

export function defaultLocaleFor(country: Country): Locale {
  return country === 'LA' ? 'lo' : 'th';
}

/** Browser storage keys (spec section 3). */
export const STORAGE_KEYS = {
  agreement: 'remember-agreement',
  lastSync: 'last_sync',
  token: 'token',
  locale: 'locale',
  inviteCode: 'code',
  guestId: 'guest-id',
} as const;

/**
 * The cookie that mirrors the chosen language (`STORAGE_KEYS.locale`) for the server, which preloads that
 * language's catalogue in index.html (docs/decisions/0009). It carries nothing else.
 */
export const LOCALE_COOKIE = 'locale';

export const TIMEOUT_MS = {
  request: 60_000,
  upload: 300_000,
} as const;

export const DELAY_MS = {
  registerSuccessRedirect: 2_000,
  errorToast: 4_000,
  loadingSpinner: 200,
  agreementDialog: 1_500,
  claimConfirmDebounce: 500,
  wheelResizeDebounce: 500,
  qrCountdownTick: 1_000,
  chatAlert: 4_000,
  chatSocketCheck: 5_000,
  chatReadDebounce: 1_000,
} as const;

/** Thai phone numbers have exactly 10 digits; the Laos build skips that rule. */
export const THAI_PHONE_LENGTH = 10;

export const LAOS_CURRENCIES = ['LAK', 'BAHT'] as const;
export type Currency = (typeof LAOS_CURRENCIES)[number];
export const LAOS_DEFAULT_CURRENCY: Currency = 'LAK';

/** Banks whose account names must be written in English letters (spec sections 5 and 9). */
export const ENGLISH_NAME_BANKS = ['KTB', 'TMB', 'BBL'] as const;
/** Banks recommended to Thai members. */
export const RECOMMENDED_BANKS = ['KBANK', 'KTB'] as const;

/** Amounts in baht (the API's major unit). */
export const AMOUNT_LIMITS = {
  transferMin: 1,
  trueWalletMin: 2,
  /** A refund must be strictly greater than this. */
  refundAbove: 0,
} as const;

export const QR_PAYMENT_TYPES = ['WW', 'FP', 'PAYONEX'] as const;
export type QrPaymentType = (typeof QR_PAYMENT_TYPES)[number];

export const QR_MIN_AMOUNT: Record<QrPaymentType, number> = { WW: 100, FP: 10, PAYONEX: 100 };
export const QR_QUICK_AMOUNTS = {
  first: [10, 20, 50, 100, 500, 1000],
  WW: [100, 200, 300, 500, 1000],
  PAYONEX: [100, 200, 300, 500, 1000],
  /** The first entry is the FP minimum (10, or the build setting). */
  FP: [10, 50, 100, 500, 1000],
} as const;

export const PAGE_SIZE = {
  invites: 10,
  refunds: 10,
  statement: 10,
  slips: 10,
  coupons: 3,
  chatHistory: 10,
} as const;

export const STATEMENT_PAGINATION = { before: 3, after: 1 } as const;

export const CHAT_LIMITS = {
  textMaxLength: 2000,
  imageMaxBytes: 10 * 1024 * 1024,
  /** Width times height of a picture (every frame of a GIF together), read from its header: more is refused. */
  imageMaxPixels: 16_000_000,
  videoMaxBytes: 20 * 1024 * 1024,
  autoScrollThresholdPx: 60,
  extensions: ['mp4', 'mov', 'png', 'jpeg', 'jpg', 'gif'],
} as const;

export const WHEEL = {
  maxSizePx: 350,
  maxWindowFraction: 0.85,
} as const;

export const HOME_CAROUSEL = { cards: 3, width: 300, height: 211 } as const;

export const HOWTO_VIDEOS = ['wallet', 'playGame', 'checkBalance', 'receiveBonus', 'endBonus'] as const;
export type HowtoVideo = (typeof HOWTO_VIDEOS)[number];
