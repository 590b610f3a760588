import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { COUNTRIES, type Country } from '@member-wallet/contract/constants';
import { sandboxPaymentSecret } from './adapters/payments/sandbox.ts';
import { type MoneyCeilingsConfig, readMoneyCeilings } from './config.ceilings.ts';
import { type PaymentGatewayConfig, readPaymentGateways } from './config.gateways.ts';
import {
  ConfigError,
  DEV_TRUELINK_KEY,
  type Env,
  LOG_LEVELS,
  Reader,
  readChatGuestSecret,
  readGameFaults,
  readProviderSecrets,
  readTruelinkKeys,
  type TruelinkKey,
} from './config.read.ts';
import { readS3 } from './config.s3.ts';
import { readSlipVerifier, type SlipVerifierConfig, slipVerifierProductionProblems } from './config.slip-verifier.ts';
import { readVapid, type VapidKeys } from './config.vapid.ts';
import type { S3Settings } from './lib/s3-file-store.ts';

export type { PaymentGatewayConfig } from './config.gateways.ts';
export type { KbankCredentials } from './config.kbank.ts';
export type { GameFaultSetting, TruelinkKey } from './config.read.ts';
export { ConfigError, DEV_TRUELINK_KEY, parseFaultsSetting } from './config.read.ts';
export type { SlipVerifierConfig } from './config.slip-verifier.ts';
export type { VapidKeys } from './config.vapid.ts';
export { CONFIG_VARIABLES, type ConfigVariable } from './config.variables.ts';

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
  /** Statements prepared once per PostgreSQL connection (docs/decisions/0032); off behind a pooler that loses them. */
  databasePrepare: boolean;
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
  /** The bearer token `GET /metrics` asks for (docs/operations.md, Metrics); null: the route is open. */
  metricsToken: string | null;
  /**
   * What runs the periodic jobs (docs/operations.md, Jobs): `pg-boss`, a queue in PostgreSQL that runs each
   * job once per interval across all nodes (the default with DATABASE_URL), or `in-process` timers (the
   * embedded database's one node; PostgreSQL's tests that run passes themselves).
   */
  jobRunner: JobRunnerKind;
  /** On SIGTERM: how long readiness answers 503 while the node still serves (docs/operations.md, Roll-outs). */
  shutdownDelayMs: number;
  /** Then: how long requests under way may still run before the process exits anyway. */
  shutdownGraceMs: number;
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
  /** What the back-office can never pass (docs/backoffice/four-eyes.md): ceilings and the daily alone credit. */
  ceilings: MoneyCeilingsConfig;
  /** How often QRs whose webhook never came are asked about, and live ones past expiry expired; 0: off. */
  qrSettleIntervalMs: number;
  /** Where uploaded slip pictures are kept; null: `<DATA_DIR>/uploads`, or a temporary folder with `memory://`. */
  uploadDir: string | null;
  /** Uploads in S3-compatible storage shared by every node (S3_*); null: on disk under `uploadDir`. */
  s3: S3Settings | null;
  /** Signs the short-lived URLs of slip pictures; random per process when unset (refused in production). */
  slipUrlSecret: string;
  /** The slip verifier (docs/parties/slip-verifier.md): SLIP_VERIFIER and the chosen vendor's keys. */
  slipVerifier: SlipVerifierConfig;
  /** A slip is credited only if uploaded within this long of its transfer (spec section 9: 1 hour). */
  slipMaxAgeMinutes: number;
  /** How often slips a verifier asked us to come back for are asked again; 0 turns it off. */
  slipRetryIntervalMs: number;
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
  /** Web Push's keys (docs/app.md); null: made once and kept in the database in demo mode, else push is off. */
  vapid: VapidKeys | null;
}

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

/**
 * What production must not run with, each named (never a secret's value): the development keys, the sandbox
 * parties (they create money and sign with secrets published here), the demo member (a public password), a
 * sandbox party's secret given to a real party, a slip link secret that differs per process, and /metrics open.
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
  if (config.metricsToken === null) {
    problems.push('METRICS_TOKEN must be set in production (unset, /metrics answers anyone who reaches it)');
  }
  const sandboxSecret = (name: string) => `${name} must not be the sandbox's secret in production`;
  const defaults: [string, string | null, string][] = [
    ['SMS_API_KEY', config.smsApiKey, SANDBOX_SMS_API_KEY],
    ['PAYOUT_SECRET', config.payoutSecret, SANDBOX_PAYOUT_SECRET],
    ['BANK_FEED_SECRET', config.bankFeedSecret, SANDBOX_BANK_FEED_SECRET],
    ['VOUCHER_SECRET', config.voucherSecret, SANDBOX_VOUCHER_SECRET],
  ];
  for (const [name, value, sandbox] of defaults) if (value === sandbox) problems.push(sandboxSecret(name));
  problems.push(...slipVerifierProductionProblems(read));
  for (const [code, secret] of config.gameProviderSecrets) {
    if (secret === SANDBOX_GAME_SECRET) problems.push(sandboxSecret(`GAME_PROVIDER_SECRETS (${code})`));
  }
  for (const [code, gateway] of config.paymentGateways) {
    if (gateway.adapter === 'http' && gateway.secret === sandboxPaymentSecret(code))
      problems.push(sandboxSecret(`PAYMENT_GATEWAY_SECRETS (${code})`));
  }
  return problems;
}

export const JOB_RUNNERS = ['pg-boss', 'in-process'] as const;
export type JobRunnerKind = (typeof JOB_RUNNERS)[number];

/** With SANDBOX, the sandbox parties' own secrets where the operator set none. */
function fillSandboxSecrets(config: Config): void {
  config.smsApiKey ??= SANDBOX_SMS_API_KEY;
  config.payoutSecret ??= SANDBOX_PAYOUT_SECRET;
  config.bankFeedSecret ??= SANDBOX_BANK_FEED_SECRET;
  config.voucherSecret ??= SANDBOX_VOUCHER_SECRET;
}

/** JOB_RUNNER: pg-boss needs PostgreSQL, so it is the default with DATABASE_URL and refused without. */
function readJobRunner(read: Reader, databaseUrl: string | null): JobRunnerKind {
  const runner = read.oneOf('JOB_RUNNER', JOB_RUNNERS, databaseUrl ? 'pg-boss' : 'in-process');
  if (runner === 'pg-boss' && !databaseUrl) read.fail('JOB_RUNNER', 'in-process without DATABASE_URL', runner);
  return runner;
}

/** `CHAT_PREFIX`: 1 to 32 letters, digits or underscores. */
function readChatPrefix(read: Reader): string {
  const prefix = read.string('CHAT_PREFIX', 'chat');
  if (!/^[A-Za-z0-9_]{1,32}$/.test(prefix)) read.fail('CHAT_PREFIX', '1-32 of A-Za-z0-9_', prefix);
  return prefix;
}

/** Reads the configuration; throws a `ConfigError` naming every bad variable. */
export function loadConfig(env: Env = process.env): Config {
  const read = new Reader(env);
  const nodeEnv = read.string('NODE_ENV', 'development');
  const production = nodeEnv === 'production';
  const demo = read.boolean('DEMO', !production);
  const sandbox = read.boolean('SANDBOX', demo);
  const databaseUrl = read.url('DATABASE_URL', ['postgres:', 'postgresql:']);
  const config: Config = {
    port: read.integer('PORT', 8080, 1, 65535),
    host: read.string('HOST', '127.0.0.1'),
    dataDir: read.string('DATA_DIR', './data'),
    databaseUrl,
    databasePrepare: read.boolean('DATABASE_PREPARE', true),
    redisUrl: read.url('REDIS_URL', ['redis:', 'rediss:']),
    redisKeyPrefix: read.string('REDIS_KEY_PREFIX', 'member-wallet:'),
    nodeEnv,
    demo,
    sandbox,
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
    metricsToken: read.raw('METRICS_TOKEN') ?? null,
    shutdownDelayMs: read.integer('SHUTDOWN_DELAY_MS', 5_000, 0, 600_000),
    // Above the 300 s a request (a slow upload) may take (REQUEST_TIMEOUT_MS), so a roll-out cuts none.
    jobRunner: readJobRunner(read, databaseUrl),
    shutdownGraceMs: read.integer('SHUTDOWN_GRACE_MS', 330_000, 0, 3_600_000),
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
    ceilings: readMoneyCeilings(read),
    qrSettleIntervalMs: read.integer('QR_SETTLE_INTERVAL_MS', 30_000, 0, 3_600_000),
    uploadDir: read.raw('UPLOAD_DIR') ?? null,
    s3: readS3(read),
    slipUrlSecret: read.raw('SLIP_URL_SECRET') ?? randomBytes(32).toString('hex'),
    slipVerifier: readSlipVerifier(read, sandbox),
    slipMaxAgeMinutes: read.integer('SLIP_MAX_AGE_MINUTES', 60, 1, 7 * 24 * 60),
    slipRetryIntervalMs: read.integer('SLIP_RETRY_INTERVAL_MS', 30_000, 0, 3_600_000),
    chatGuestSecret: readChatGuestSecret(read),
    chatPrefix: readChatPrefix(read),
    chatSocketUrl: read.url('CHAT_SOCKET_URL', ['http:', 'https:', 'ws:', 'wss:']),
    apiDocs: read.boolean('API_DOCS', !production),
    vapid: readVapid(read),
  };
  if (production) read.problems.push(...productionProblems(config, read));
  if (config.sandbox) fillSandboxSecrets(config);
  if (read.problems.length > 0) throw new ConfigError(`Invalid configuration: ${read.problems.join('; ')}`);
  return config;
}
