import { createHash, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { COUNTRIES, type Country } from '@member-wallet/contract/constants';
import { QR_GATEWAYS } from '@member-wallet/contract/deposit';
import { sandboxPaymentSecret } from './adapters/payments/sandbox.ts';

/**
 * Run-time configuration, read once from the environment at boot (DESIGN.md section 8). A bad value stops
 * start-up with a message naming the variable, rather than surfacing later as a confusing failure.
 */
export interface Config {
  port: number;
  host: string;
  /** PGlite data directory, or `memory://` for a throw-away database. Ignored when `databaseUrl` is set. */
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  /** Prefix of every Redis key, so several deployments (or test runs) can share one Redis. */
  redisKeyPrefix: string;
  nodeEnv: string;
  demo: boolean;
  sandbox: boolean;
  logLevel: string;
  country: Country;
  publicDir: string;
  /** The built back-office (apps/backoffice), served under /backoffice. */
  backofficeDir: string;
  mediaDir: string;
  demoPhone: string;
  demoPassword: string;
  smsBaseUrl: string | null;
  smsApiKey: string | null;
  sessionTtlHours: number;
  rememberTtlDays: number;
  trustProxy: boolean;
  /** Game providers (docs/parties/games.md): HMAC secrets of real providers by code, and the call time-out. */
  gameProviderSecrets: ReadonlyMap<string, string>;
  gameProviderTimeoutMs: number;
  /** Seals members' game passwords (AES-256-GCM); a development key when unset (refused in production). */
  gameCredentialKey: string;
  /** The back-office (docs/backoffice/README.md): the key sealing operators' TOTP secrets, and a session's life. */
  operatorSecretKey: string;
  operatorSessionHours: number;
  /** How often the transfer reconciler runs in this process; 0 turns it off. */
  transferReconcileIntervalMs: number;
  sandboxGameSecret: string;
  /** The sandbox game provider's starting faults (`latencyMs=50,errorRate=0.1`). */
  sandboxGameFaults: string | null;
  /** Where sandbox-backed providers are reached: another server's /sandbox/games; null: this server's. */
  sandboxGamesBaseUrl: string | null;
  /** The payout party (docs/parties/payout.md); with SANDBOX and no base URL, this server's /sandbox/payout. */
  payoutBaseUrl: string | null;
  payoutSecret: string | null;
  payoutCallbackUrl: string | null;
  /** How often the settler asks the payout party about withdrawals still in progress; 0 turns it off. */
  payoutSettleIntervalMs: number;
  sandboxPayoutDelayMs: number;
  sandboxPayoutFailPercent: number;
  withdrawRatePerMinute: number;
  moneyRatePerMinute: number;
  withdrawRatePerHour: number;
  /** The bank feed (docs/deposits/bank-transfers.md); with SANDBOX and no base URL, this server's /sandbox/bank. */
  bankFeedBaseUrl: string | null;
  bankFeedSecret: string | null;
  /** How often the matcher reads the bank feed; 0 turns it off. */
  bankFeedIntervalMs: number;
  /** Gift-link keys (docs/deposits/truemoney.md): the first encrypts (handed to clients), all decrypt. */
  truelinkKeys: readonly TruelinkKey[];
  /** The voucher party (TrueMoney); with SANDBOX and no base URL, this server's /sandbox/truemoney. */
  voucherBaseUrl: string | null;
  voucherSecret: string | null;
  /** How often redemptions whose outcome is unknown are asked about; 0 turns it off. */
  truelinkSettleIntervalMs: number;
  /** QR payment gateways configured by code (docs/deposits/qr.md); with SANDBOX, the rest are the sandbox's. */
  paymentGateways: ReadonlyMap<string, PaymentGatewayConfig>;
  /** Our public address the gateways' webhooks are sent to (`/api/webhooks/payments/{code}` is appended). */
  paymentCallbackBaseUrl: string | null;
  paymentGatewayTimeoutMs: number;
  /** How long a QR can be paid. */
  qrExpiryMinutes: number;
  /** How often QRs whose webhook never came are asked about, and live ones past expiry expired; 0: off. */
  qrSettleIntervalMs: number;
  /** Where uploaded slip pictures are kept; null: `<DATA_DIR>/uploads`, or a temporary folder with `memory://`. */
  uploadDir: string | null;
  /** Signs the short-lived URLs of slip pictures; random per process when unset (refused in production). */
  slipUrlSecret: string;
  /** The slip verifier (docs/deposits/slips.md); with SANDBOX and no base URL, this server's /sandbox/slip-verifier. */
  slipVerifierBaseUrl: string | null;
  slipVerifierSecret: string | null;
  /** A slip is credited only if uploaded within this long of its transfer (spec section 9: 1 hour). */
  slipMaxAgeMinutes: number;
  /** Signs guest chat tokens; null: a random key made once and kept in the database (docs/chat.md). */
  chatGuestSecret: string | null;
  /** The first part of every chat room's name, `${prefix}-${member or guest id}`. */
  chatPrefix: string;
  /**
   * A separate chat backend the member app's build names in `VITE_CHAT_URL`: its origin joins the CSP's
   * connect-src, else the browser would refuse the socket. Null: the socket is on this server's own origin.
   */
  chatSocketUrl: string | null;
  /** The OpenAPI document and its UI at /api/docs (the public API only); off in production unless API_DOCS=1. */
  apiDocs: boolean;
}

/** A real payment gateway: its API's base URL and the HMAC secret shared with it. */
export interface PaymentGatewayConfig {
  baseUrl: string;
  secret: string;
}

/** A gift-link key: its id (in every envelope) and 32 bytes of standard base64. */
export interface TruelinkKey {
  id: string;
  key: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

/** Both paths are resolved from this file's folder, which is `src/` under tsx and `dist/` in the bundle. */
const SERVER_ROOT = new URL('../', import.meta.url);
const DEFAULT_PUBLIC_DIR = fileURLToPath(new URL('../web/dist', SERVER_ROOT));
const DEFAULT_BACKOFFICE_DIR = fileURLToPath(new URL('../backoffice/dist', SERVER_ROOT));
const DEFAULT_MEDIA_DIR = fileURLToPath(new URL('assets', SERVER_ROOT));

/** The sandbox SMS party's key; a real party's key comes from `SMS_API_KEY`. */
export const SANDBOX_SMS_API_KEY = 'sandbox-sms-key';

/** The sandbox payout party's signing secret; a real party's comes from `PAYOUT_SECRET`. */
export const SANDBOX_PAYOUT_SECRET = 'sandbox-payout-secret';

/** The sandbox bank feed's signing secret; a real feed's comes from `BANK_FEED_SECRET`. */
export const SANDBOX_BANK_FEED_SECRET = 'sandbox-bank-feed-secret';

/** The sandbox game provider's signing secret; a real provider's comes from `GAME_PROVIDER_SECRETS`. */
export const SANDBOX_GAME_SECRET = 'sandbox-game-secret';
const DEV_GAME_CREDENTIAL_KEY = 'member-wallet-development-game-credential-key';
const DEV_OPERATOR_SECRET_KEY = 'member-wallet-development-operator-secret-key';

/** The sandbox voucher party's signing secret; a real party's comes from `VOUCHER_SECRET`. */
export const SANDBOX_VOUCHER_SECRET = 'sandbox-voucher-secret';
/** The sandbox slip verifier's signing secret; a real verifier's comes from `SLIP_VERIFIER_SECRET`. */
export const SANDBOX_SLIP_VERIFIER_SECRET = 'sandbox-slip-verifier-secret';

/** The development gift-link key, used when TRUELINK_KEY is unset (refused in production). */
export const DEV_TRUELINK_KEY: TruelinkKey = {
  id: 'dev',
  key: createHash('sha256').update('member-wallet-development-truelink-key').digest('base64'),
};

export interface ConfigVariable {
  name: string;
  default: string;
  meaning: string;
}

/** Every variable the server reads, for the README table (a test checks the two agree). */
export const CONFIG_VARIABLES: readonly ConfigVariable[] = [
  { name: 'PORT', default: '8080', meaning: 'HTTP port' },
  { name: 'HOST', default: '127.0.0.1', meaning: 'Interface to listen on' },
  { name: 'DATA_DIR', default: './data', meaning: 'PGlite data directory; `memory://` for a throw-away database' },
  { name: 'DATABASE_URL', default: '(unset)', meaning: 'PostgreSQL connection URL; overrides DATA_DIR' },
  { name: 'REDIS_URL', default: '(unset)', meaning: 'Redis URL; rate limits are shared through it when set' },
  { name: 'REDIS_KEY_PREFIX', default: 'member-wallet:', meaning: 'Prefix of every Redis key' },
  { name: 'NODE_ENV', default: 'development', meaning: '`production` turns demo data and sandbox off by default' },
  { name: 'DEMO', default: 'on unless NODE_ENV=production', meaning: 'Create demo data on an empty database' },
  { name: 'SANDBOX', default: 'same as DEMO', meaning: 'Mount the sandbox parties under /sandbox' },
  { name: 'LOG_LEVEL', default: 'info', meaning: 'fatal, error, warn, info, debug, trace or silent' },
  { name: 'COUNTRY', default: 'TH', meaning: 'TH or LA: phone rule, banks, currencies, default locale' },
  { name: 'PUBLIC_DIR', default: 'apps/web/dist', meaning: 'The built SPA (resolved from the server bundle)' },
  {
    name: 'BACKOFFICE_DIR',
    default: 'apps/backoffice/dist',
    meaning: 'The built back-office, served under /backoffice (resolved from the server bundle)',
  },
  { name: 'DEMO_PHONE', default: '0812345678', meaning: "The demo member's phone number" },
  { name: 'DEMO_PASSWORD', default: 'demo1234', meaning: "The demo member's password" },
  { name: 'SMS_BASE_URL', default: 'with SANDBOX: this server /sandbox/sms', meaning: 'Base URL of the SMS party' },
  { name: 'SMS_API_KEY', default: 'with SANDBOX: the sandbox key', meaning: 'Bearer key of the SMS party' },
  { name: 'SESSION_TTL_HOURS', default: '12', meaning: 'Session lifetime' },
  { name: 'REMEMBER_TTL_DAYS', default: '30', meaning: 'Session lifetime with remember-me' },
  { name: 'TRUST_PROXY', default: 'false', meaning: 'Trust X-Forwarded-* headers (behind a load balancer)' },
  { name: 'GAME_PROVIDER_SECRETS', default: '(unset)', meaning: 'CODE=secret,... HMAC secrets of real providers' },
  { name: 'GAME_PROVIDER_TIMEOUT_MS', default: '10000', meaning: 'Time-out of one game-provider call' },
  { name: 'GAME_CREDENTIAL_KEY', default: 'a development key', meaning: 'Seals game passwords; set in production' },
  {
    name: 'OPERATOR_SECRET_KEY',
    default: 'a development key',
    meaning: "Seals operators' TOTP secrets; set in production",
  },
  { name: 'OPERATOR_SESSION_HOURS', default: '8', meaning: 'How long an operator stays signed in' },
  { name: 'TRANSFER_RECONCILE_INTERVAL_MS', default: '30000', meaning: 'Transfer reconciler period; 0 turns it off' },
  {
    name: 'SANDBOX_GAMES_BASE_URL',
    default: 'this server',
    meaning: 'Server whose /sandbox/games backs the sandbox providers (a provider host of its own)',
  },
  { name: 'SANDBOX_GAME_FAULTS', default: '(none)', meaning: 'Sandbox game provider faults, e.g. errorRate=0.1' },
  { name: 'PAYOUT_BASE_URL', default: 'with SANDBOX: this server /sandbox/payout', meaning: 'Payout party API' },
  { name: 'PAYOUT_SECRET', default: 'with SANDBOX: the sandbox secret', meaning: 'HMAC secret shared with it' },
  { name: 'PAYOUT_CALLBACK_URL', default: '(unset)', meaning: 'Our webhook URL sent to the payout party' },
  { name: 'PAYOUT_SETTLE_INTERVAL_MS', default: '30000', meaning: 'Settler polling period; 0 turns it off' },
  { name: 'SANDBOX_PAYOUT_DELAY_MS', default: '3000', meaning: 'Sandbox payout party: time to pay' },
  { name: 'SANDBOX_PAYOUT_FAIL_PERCENT', default: '0', meaning: 'Sandbox payout party: share that fails' },
  { name: 'WITHDRAW_RATE_PER_MINUTE', default: '5', meaning: 'Withdrawal requests per member a minute' },
  { name: 'MONEY_RATE_PER_MINUTE', default: '30', meaning: 'Transfers and game-account actions per member a minute' },
  { name: 'WITHDRAW_RATE_PER_HOUR', default: '30', meaning: 'Withdrawal requests per member an hour' },
  { name: 'BANK_FEED_BASE_URL', default: 'with SANDBOX: this server /sandbox/bank', meaning: 'Bank feed API' },
  { name: 'BANK_FEED_SECRET', default: 'with SANDBOX: the sandbox secret', meaning: 'HMAC secret shared with it' },
  { name: 'BANK_FEED_INTERVAL_MS', default: '5000', meaning: 'Bank transfer matcher period; 0 turns it off' },
  { name: 'TRUELINK_KEY', default: 'a development key', meaning: 'Gift-link keys id:base64,...; the first encrypts' },
  { name: 'VOUCHER_BASE_URL', default: 'with SANDBOX: this server /sandbox/truemoney', meaning: 'Voucher party API' },
  { name: 'VOUCHER_SECRET', default: 'with SANDBOX: the sandbox secret', meaning: 'HMAC secret shared with it' },
  { name: 'TRUELINK_SETTLE_INTERVAL_MS', default: '60000', meaning: 'Unknown redemptions polling; 0 turns it off' },
  { name: 'PAYMENT_GATEWAYS', default: 'with SANDBOX: the sandbox gateways', meaning: 'CODE=baseUrl,... QR gateways' },
  { name: 'PAYMENT_GATEWAY_SECRETS', default: '(unset)', meaning: 'CODE=secret,... HMAC secrets of those gateways' },
  { name: 'PAYMENT_CALLBACK_BASE_URL', default: '(unset)', meaning: 'Our public URL the gateways send webhooks to' },
  { name: 'PAYMENT_GATEWAY_TIMEOUT_MS', default: '10000', meaning: 'Time-out of one payment gateway call' },
  {
    name: 'QR_EXPIRY_MINUTES',
    default: '10',
    meaning: 'How long a QR can be paid, until an operator sets it in the back-office',
  },
  { name: 'QR_SETTLE_INTERVAL_MS', default: '30000', meaning: 'QR settler period; 0 turns it off' },
  {
    name: 'UPLOAD_DIR',
    default: 'DATA_DIR/uploads',
    meaning: 'Where slip pictures and chat files are stored (outside the web root; shared by all nodes)',
  },
  { name: 'SLIP_URL_SECRET', default: 'random per process', meaning: 'Signs the short-lived slip picture URLs' },
  { name: 'SLIP_VERIFIER_BASE_URL', default: 'with SANDBOX: this server /sandbox/slip-verifier', meaning: 'Slip API' },
  { name: 'SLIP_VERIFIER_SECRET', default: 'with SANDBOX: the sandbox secret', meaning: 'HMAC secret shared with it' },
  { name: 'SLIP_MAX_AGE_MINUTES', default: '60', meaning: 'A slip must be uploaded within this long of its transfer' },
  { name: 'CHAT_GUEST_SECRET', default: 'a key kept in the database', meaning: 'Signs the guest chat tokens' },
  { name: 'CHAT_PREFIX', default: 'chat', meaning: 'Prefix of the chat rooms' },
  { name: 'CHAT_SOCKET_URL', default: 'unset', meaning: 'A separate chat backend, allowed in connect-src' },
  { name: 'API_DOCS', default: 'on unless NODE_ENV=production', meaning: 'Serve the public API docs at /api/docs' },
];

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const TRUE_WORDS = ['1', 'true', 'on', 'yes'];
const FALSE_WORDS = ['0', 'false', 'off', 'no'];

class Reader {
  readonly problems: string[] = [];
  constructor(private readonly env: Env) {}

  raw(name: string): string | undefined {
    const value = this.env[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  }

  fail(name: string, expected: string, value: string): void {
    this.problems.push(`${name} must be ${expected} (got "${value}")`);
  }

  string(name: string, fallback: string): string {
    return this.raw(name) ?? fallback;
  }

  integer(name: string, fallback: number, min: number, max: number): number {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    const parsed = Number(value);
    if (!/^\d+$/.test(value) || parsed < min || parsed > max) {
      this.fail(name, `an integer ${min}-${max}`, value);
      return fallback;
    }
    return parsed;
  }

  boolean(name: string, fallback: boolean): boolean {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if (TRUE_WORDS.includes(value.toLowerCase())) return true;
    if (FALSE_WORDS.includes(value.toLowerCase())) return false;
    this.fail(name, '1/true/on/yes or 0/false/off/no', value);
    return fallback;
  }

  oneOf<T extends string>(name: string, choices: readonly T[], fallback: T): T {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if ((choices as readonly string[]).includes(value)) return value as T;
    this.fail(name, `one of ${choices.join(', ')}`, value);
    return fallback;
  }

  url(name: string, protocols: readonly string[]): string | null {
    const value = this.raw(name);
    if (value === undefined) return null;
    try {
      const url = new URL(value);
      if (protocols.includes(url.protocol)) return value;
    } catch {
      // Reported below.
    }
    this.fail(name, `a URL (${protocols.join(' or ')})`, value);
    return null;
  }
}

/** `GAME_PROVIDER_SECRETS`: `CODE=secret` pairs, comma-separated. */
function readProviderSecrets(read: Reader): ReadonlyMap<string, string> {
  const secrets = new Map<string, string>();
  const value = read.raw('GAME_PROVIDER_SECRETS');
  for (const pair of value ? value.split(',') : []) {
    const at = pair.indexOf('=');
    const code = pair.slice(0, at).trim();
    const secret = pair.slice(at + 1).trim();
    if (at < 1 || !/^[A-Z0-9_]{1,32}$/.test(code) || secret === '') {
      read.fail('GAME_PROVIDER_SECRETS', 'CODE=secret pairs separated by commas', '...');
      break;
    }
    secrets.set(code, secret);
  }
  return secrets;
}

/** `TRUELINK_KEY`: `id:base64` pairs, comma-separated, each key 32 bytes; the first is the current one. */
function readTruelinkKeys(read: Reader): TruelinkKey[] {
  const value = read.raw('TRUELINK_KEY');
  if (value === undefined) return [DEV_TRUELINK_KEY];
  const keys: TruelinkKey[] = [];
  for (const pair of value.split(',')) {
    const at = pair.indexOf(':');
    const id = pair.slice(0, at).trim();
    const key = pair.slice(at + 1).trim();
    const valid = /^[A-Za-z0-9_-]{1,16}$/.test(id) && /^[A-Za-z0-9+/]{43}=$/.test(key);
    if (!valid || keys.some((known) => known.id === id)) {
      // The value is a key: never echoed.
      read.fail('TRUELINK_KEY', 'id:key pairs (id of 1-16 A-Za-z0-9_-, key 32 bytes in base64), ids distinct', '...');
      return [DEV_TRUELINK_KEY];
    }
    keys.push({ id, key });
  }
  return keys;
}

/** Pairs `CODE=value`, comma-separated, each code one of the QR gateways; the value is never echoed. */
function readGatewayPairs(read: Reader, name: string): Map<string, string> {
  const pairs = new Map<string, string>();
  const value = read.raw(name);
  for (const pair of value ? value.split(',') : []) {
    const at = pair.indexOf('=');
    const code = pair.slice(0, at).trim();
    const item = pair.slice(at + 1).trim();
    if (at < 1 || !(QR_GATEWAYS as readonly string[]).includes(code) || item === '' || pairs.has(code)) {
      read.fail(name, `CODE=value pairs separated by commas, CODE one of ${QR_GATEWAYS.join(', ')}`, '...');
      break;
    }
    pairs.set(code, item);
  }
  return pairs;
}

/** `PAYMENT_GATEWAYS` (`CODE=baseUrl`) with `PAYMENT_GATEWAY_SECRETS` (`CODE=secret`): every gateway needs both. */
function readPaymentGateways(read: Reader): ReadonlyMap<string, PaymentGatewayConfig> {
  const urls = readGatewayPairs(read, 'PAYMENT_GATEWAYS');
  const secrets = readGatewayPairs(read, 'PAYMENT_GATEWAY_SECRETS');
  const gateways = new Map<string, PaymentGatewayConfig>();
  for (const [code, baseUrl] of urls) {
    const secret = secrets.get(code);
    let valid = false;
    try {
      valid = ['http:', 'https:'].includes(new URL(baseUrl).protocol);
    } catch {
      // Reported below.
    }
    if (!valid) read.fail('PAYMENT_GATEWAYS', `http(s) base URLs (${code})`, baseUrl);
    else if (!secret)
      read.fail('PAYMENT_GATEWAY_SECRETS', `a secret for every gateway of PAYMENT_GATEWAYS (${code})`, '');
    else gateways.set(code, { baseUrl, secret });
  }
  return gateways;
}

/** The sandbox game provider's starting faults (its FaultBoard's; src/sandbox/games/faults.ts). */
export type GameFaultSetting = Partial<
  Record<'latencyMs' | 'errorRate' | 'timeoutRate' | 'appliedThenTimeoutRate' | 'lateApplyMs', number>
>;

/** `SANDBOX_GAME_FAULTS`, e.g. `latencyMs=50,errorRate=0.05,timeoutRate=0.01`: the board's starting faults. */
export function parseFaultsSetting(value: string | null): GameFaultSetting | string {
  if (!value) return {};
  const faults: GameFaultSetting = {};
  for (const part of value.split(',')) {
    const [name, raw] = part.split('=').map((piece) => piece.trim());
    const number = Number(raw);
    const known: string[] = ['latencyMs', 'errorRate', 'timeoutRate', 'appliedThenTimeoutRate', 'lateApplyMs'];
    if (!name || !known.includes(name) || raw === undefined || raw === '' || !Number.isFinite(number) || number < 0) {
      return `name=value pairs of ${known.join(', ')}`;
    }
    if (name.endsWith('Rate') && number > 1) return 'rates between 0 and 1';
    faults[name as keyof GameFaultSetting] = number;
  }
  return faults;
}

function readGameFaults(read: Reader): string | null {
  const value = read.raw('SANDBOX_GAME_FAULTS') ?? null;
  const parsed = parseFaultsSetting(value);
  if (typeof parsed === 'string') read.fail('SANDBOX_GAME_FAULTS', parsed, value ?? '');
  return value;
}

/** `CHAT_GUEST_SECRET`: at least 32 characters, since it is an HMAC key; the value is never echoed. */
function readChatGuestSecret(read: Reader): string | null {
  const value = read.raw('CHAT_GUEST_SECRET');
  if (value === undefined) return null;
  if (value.length >= 32) return value;
  read.fail('CHAT_GUEST_SECRET', 'at least 32 characters', '...');
  return null;
}

/**
 * What production must not run with, each named (never a secret's value): the development keys, the sandbox
 * parties (they create money and sign with secrets published here), the demo member (a public password), a
 * sandbox party's secret given to a real party, and a slip link secret that differs per process.
 */
function productionProblems(config: Config, read: Reader): string[] {
  const problems: string[] = [];
  const ownKey = (name: string) => `${name} must be a key of your own in production, not the development key`;
  if (config.gameCredentialKey === DEV_GAME_CREDENTIAL_KEY) problems.push(ownKey('GAME_CREDENTIAL_KEY'));
  if (config.operatorSecretKey === DEV_OPERATOR_SECRET_KEY) problems.push(ownKey('OPERATOR_SECRET_KEY'));
  if (config.truelinkKeys.some((key) => key.key === DEV_TRUELINK_KEY.key)) problems.push(ownKey('TRUELINK_KEY'));
  if (config.sandbox) {
    problems.push('SANDBOX must be off in production (the sandbox parties create money and sign with public secrets)');
  }
  if (config.demo) problems.push("DEMO must be off in production (the demo member's password is public)");
  if (read.raw('SLIP_URL_SECRET') === undefined) {
    problems.push('SLIP_URL_SECRET must be set in production, the same on every node (else slip links die)');
  }
  const sandboxSecret = (name: string) => `${name} must not be the sandbox's secret in production`;
  const defaults: [string, string | null, string][] = [
    ['SMS_API_KEY', config.smsApiKey, SANDBOX_SMS_API_KEY],
    ['PAYOUT_SECRET', config.payoutSecret, SANDBOX_PAYOUT_SECRET],
    ['BANK_FEED_SECRET', config.bankFeedSecret, SANDBOX_BANK_FEED_SECRET],
    ['VOUCHER_SECRET', config.voucherSecret, SANDBOX_VOUCHER_SECRET],
    ['SLIP_VERIFIER_SECRET', config.slipVerifierSecret, SANDBOX_SLIP_VERIFIER_SECRET],
  ];
  for (const [name, value, sandbox] of defaults) if (value === sandbox) problems.push(sandboxSecret(name));
  for (const [code, secret] of config.gameProviderSecrets) {
    if (secret === SANDBOX_GAME_SECRET) problems.push(sandboxSecret(`GAME_PROVIDER_SECRETS (${code})`));
  }
  for (const [code, gateway] of config.paymentGateways) {
    if (gateway.secret === sandboxPaymentSecret(code))
      problems.push(sandboxSecret(`PAYMENT_GATEWAY_SECRETS (${code})`));
  }
  return problems;
}

/** Reads the configuration; throws a `ConfigError` naming every bad variable. */
export function loadConfig(env: Env = process.env): Config {
  const read = new Reader(env);
  const nodeEnv = read.string('NODE_ENV', 'development');
  const production = nodeEnv === 'production';
  const demo = read.boolean('DEMO', !production);
  const config: Config = {
    port: read.integer('PORT', 8080, 1, 65535),
    host: read.string('HOST', '127.0.0.1'),
    dataDir: read.string('DATA_DIR', './data'),
    databaseUrl: read.url('DATABASE_URL', ['postgres:', 'postgresql:']),
    redisUrl: read.url('REDIS_URL', ['redis:', 'rediss:']),
    redisKeyPrefix: read.string('REDIS_KEY_PREFIX', 'member-wallet:'),
    nodeEnv,
    demo,
    sandbox: read.boolean('SANDBOX', demo),
    logLevel: read.oneOf('LOG_LEVEL', LOG_LEVELS, 'info'),
    country: read.oneOf('COUNTRY', COUNTRIES, 'TH'),
    publicDir: read.string('PUBLIC_DIR', DEFAULT_PUBLIC_DIR),
    backofficeDir: read.string('BACKOFFICE_DIR', DEFAULT_BACKOFFICE_DIR),
    mediaDir: DEFAULT_MEDIA_DIR,
    demoPhone: read.string('DEMO_PHONE', '0812345678'),
    demoPassword: read.string('DEMO_PASSWORD', 'demo1234'),
    smsBaseUrl: read.url('SMS_BASE_URL', ['http:', 'https:']),
    smsApiKey: read.raw('SMS_API_KEY') ?? null,
    sessionTtlHours: read.integer('SESSION_TTL_HOURS', 12, 1, 24 * 30),
    rememberTtlDays: read.integer('REMEMBER_TTL_DAYS', 30, 1, 365),
    trustProxy: read.boolean('TRUST_PROXY', false),
    gameProviderSecrets: readProviderSecrets(read),
    gameProviderTimeoutMs: read.integer('GAME_PROVIDER_TIMEOUT_MS', 10_000, 50, 120_000),
    gameCredentialKey: read.raw('GAME_CREDENTIAL_KEY') ?? DEV_GAME_CREDENTIAL_KEY,
    operatorSecretKey: read.raw('OPERATOR_SECRET_KEY') ?? DEV_OPERATOR_SECRET_KEY,
    operatorSessionHours: read.integer('OPERATOR_SESSION_HOURS', 8, 1, 24),
    transferReconcileIntervalMs: read.integer('TRANSFER_RECONCILE_INTERVAL_MS', 30_000, 0, 3_600_000),
    sandboxGameSecret: SANDBOX_GAME_SECRET,
    sandboxGameFaults: readGameFaults(read),
    sandboxGamesBaseUrl: read.url('SANDBOX_GAMES_BASE_URL', ['http:', 'https:']),
    payoutBaseUrl: read.url('PAYOUT_BASE_URL', ['http:', 'https:']),
    payoutSecret: read.raw('PAYOUT_SECRET') ?? null,
    payoutCallbackUrl: read.url('PAYOUT_CALLBACK_URL', ['http:', 'https:']),
    payoutSettleIntervalMs: read.integer('PAYOUT_SETTLE_INTERVAL_MS', 30_000, 0, 3_600_000),
    sandboxPayoutDelayMs: read.integer('SANDBOX_PAYOUT_DELAY_MS', 3_000, 0, 86_400_000),
    sandboxPayoutFailPercent: read.integer('SANDBOX_PAYOUT_FAIL_PERCENT', 0, 0, 100),
    withdrawRatePerMinute: read.integer('WITHDRAW_RATE_PER_MINUTE', 5, 1, 10_000),
    moneyRatePerMinute: read.integer('MONEY_RATE_PER_MINUTE', 30, 1, 1_000_000),
    withdrawRatePerHour: read.integer('WITHDRAW_RATE_PER_HOUR', 30, 1, 100_000),
    bankFeedBaseUrl: read.url('BANK_FEED_BASE_URL', ['http:', 'https:']),
    bankFeedSecret: read.raw('BANK_FEED_SECRET') ?? null,
    bankFeedIntervalMs: read.integer('BANK_FEED_INTERVAL_MS', 5_000, 0, 3_600_000),
    truelinkKeys: readTruelinkKeys(read),
    voucherBaseUrl: read.url('VOUCHER_BASE_URL', ['http:', 'https:']),
    voucherSecret: read.raw('VOUCHER_SECRET') ?? null,
    truelinkSettleIntervalMs: read.integer('TRUELINK_SETTLE_INTERVAL_MS', 60_000, 0, 3_600_000),
    paymentGateways: readPaymentGateways(read),
    paymentCallbackBaseUrl: read.url('PAYMENT_CALLBACK_BASE_URL', ['http:', 'https:']),
    paymentGatewayTimeoutMs: read.integer('PAYMENT_GATEWAY_TIMEOUT_MS', 10_000, 50, 120_000),
    qrExpiryMinutes: read.integer('QR_EXPIRY_MINUTES', 10, 1, 1_440),
    qrSettleIntervalMs: read.integer('QR_SETTLE_INTERVAL_MS', 30_000, 0, 3_600_000),
    uploadDir: read.raw('UPLOAD_DIR') ?? null,
    slipUrlSecret: read.raw('SLIP_URL_SECRET') ?? randomBytes(32).toString('hex'),
    slipVerifierBaseUrl: read.url('SLIP_VERIFIER_BASE_URL', ['http:', 'https:']),
    slipVerifierSecret: read.raw('SLIP_VERIFIER_SECRET') ?? null,
    slipMaxAgeMinutes: read.integer('SLIP_MAX_AGE_MINUTES', 60, 1, 7 * 24 * 60),
    chatGuestSecret: readChatGuestSecret(read),
    chatPrefix: read.string('CHAT_PREFIX', 'chat'),
    chatSocketUrl: read.url('CHAT_SOCKET_URL', ['http:', 'https:', 'ws:', 'wss:']),
    apiDocs: read.boolean('API_DOCS', !production),
  };
  if (!/^[A-Za-z0-9_]{1,32}$/.test(config.chatPrefix))
    read.fail('CHAT_PREFIX', '1-32 of A-Za-z0-9_', config.chatPrefix);
  if (production) read.problems.push(...productionProblems(config, read));
  if (config.sandbox && !config.smsApiKey) config.smsApiKey = SANDBOX_SMS_API_KEY;
  if (config.sandbox && !config.payoutSecret) config.payoutSecret = SANDBOX_PAYOUT_SECRET;
  if (config.sandbox && !config.bankFeedSecret) config.bankFeedSecret = SANDBOX_BANK_FEED_SECRET;
  if (config.sandbox && !config.voucherSecret) config.voucherSecret = SANDBOX_VOUCHER_SECRET;
  if (config.sandbox && !config.slipVerifierSecret) config.slipVerifierSecret = SANDBOX_SLIP_VERIFIER_SECRET;
  if (read.problems.length > 0) throw new ConfigError(`Invalid configuration: ${read.problems.join('; ')}`);
  return config;
}
