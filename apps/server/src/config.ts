import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COUNTRIES } from '@member-wallet/contract/constants';
import { readMoneyCeilings } from './config.ceilings.ts';
import { readPaymentGateways } from './config.gateways.ts';
import {
  DEV_GAME_CREDENTIAL_KEY,
  DEV_OPERATOR_SECRET_KEY,
  fillSandboxSecrets,
  productionProblems,
  SANDBOX_GAME_SECRET,
} from './config.production.ts';
import {
  ConfigError,
  type Env,
  LOG_LEVELS,
  Reader,
  readChatGuestSecret,
  readGameFaults,
  readProviderSecrets,
  readTruelinkKeys,
} from './config.read.ts';
import { readS3 } from './config.s3.ts';
import { readSlipVerifier } from './config.slip-verifier.ts';
import { type Config, JOB_RUNNERS, type JobRunnerKind } from './config.types.ts';
import { readVapid } from './config.vapid.ts';

export type { PaymentGatewayConfig } from './config.gateways.ts';
export type { KbankCredentials } from './config.kbank.ts';
export {
  SANDBOX_BANK_FEED_SECRET,
  SANDBOX_GAME_SECRET,
  SANDBOX_PAYOUT_SECRET,
  SANDBOX_SMS_API_KEY,
  SANDBOX_VOUCHER_SECRET,
} from './config.production.ts';
export type { GameFaultSetting, TruelinkKey } from './config.read.ts';
export { ConfigError, DEV_TRUELINK_KEY, parseFaultsSetting } from './config.read.ts';
export type { SlipVerifierConfig } from './config.slip-verifier.ts';
export { type Config, JOB_RUNNERS, type JobRunnerKind } from './config.types.ts';
export type { VapidKeys } from './config.vapid.ts';
export { CONFIG_VARIABLES, type ConfigVariable } from './config.variables.ts';

/** Both paths are resolved from this file's folder, which is `src/` under tsx and `dist/` in the bundle. */
const SERVER_ROOT = new URL('../', import.meta.url);
const DEFAULT_PUBLIC_DIR = fileURLToPath(new URL('../web/dist', SERVER_ROOT));
const DEFAULT_BACKOFFICE_DIR = fileURLToPath(new URL('../backoffice/dist', SERVER_ROOT));
const DEFAULT_MEDIA_DIR = fileURLToPath(new URL('assets', SERVER_ROOT));

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

/** The external parties' groups: SMS, payout, bank feed, TrueMoney, QR gateways and slips. */
function readParties(read: Reader, sandbox: boolean): Pick<Config, PartyGroup> {
  return {
    sms: {
      baseUrl: read.url('SMS_BASE_URL', ['http:', 'https:']),
      apiKey: read.raw('SMS_API_KEY') ?? null,
    },
    payout: {
      baseUrl: read.url('PAYOUT_BASE_URL', ['http:', 'https:']),
      secret: read.raw('PAYOUT_SECRET') ?? null,
      callbackUrl: read.url('PAYOUT_CALLBACK_URL', ['http:', 'https:']),
      settleIntervalMs: read.integer('PAYOUT_SETTLE_INTERVAL_MS', 30_000, 0, 3_600_000),
      sandboxDelayMs: read.integer('SANDBOX_PAYOUT_DELAY_MS', 3_000, 0, 86_400_000),
      sandboxFailPercent: read.integer('SANDBOX_PAYOUT_FAIL_PERCENT', 0, 0, 100),
    },
    bankFeed: {
      baseUrl: read.url('BANK_FEED_BASE_URL', ['http:', 'https:']),
      secret: read.raw('BANK_FEED_SECRET') ?? null,
      intervalMs: read.integer('BANK_FEED_INTERVAL_MS', 5_000, 0, 3_600_000),
    },
    truemoney: {
      linkKeys: readTruelinkKeys(read),
      voucherBaseUrl: read.url('VOUCHER_BASE_URL', ['http:', 'https:']),
      voucherSecret: read.raw('VOUCHER_SECRET') ?? null,
      settleIntervalMs: read.integer('TRUELINK_SETTLE_INTERVAL_MS', 60_000, 0, 3_600_000),
    },
    qr: {
      gateways: readPaymentGateways(read),
      callbackBaseUrl: read.url('PAYMENT_CALLBACK_BASE_URL', ['http:', 'https:']),
      gatewayTimeoutMs: read.integer('PAYMENT_GATEWAY_TIMEOUT_MS', 10_000, 50, 120_000),
      expiryMinutes: read.integer('QR_EXPIRY_MINUTES', 10, 1, 1_440),
      settleIntervalMs: read.integer('QR_SETTLE_INTERVAL_MS', 30_000, 0, 3_600_000),
    },
    slips: {
      urlSecret: read.raw('SLIP_URL_SECRET') ?? randomBytes(32).toString('hex'),
      verifier: readSlipVerifier(read, sandbox),
      maxAgeMinutes: read.integer('SLIP_MAX_AGE_MINUTES', 60, 1, 7 * 24 * 60),
      retryIntervalMs: read.integer('SLIP_RETRY_INTERVAL_MS', 30_000, 0, 3_600_000),
    },
  };
}

type PartyGroup = 'sms' | 'payout' | 'bankFeed' | 'truemoney' | 'qr' | 'slips';

/** Reads the configuration; throws a `ConfigError` naming every bad variable. */
export function loadConfig(env: Env = process.env): Config {
  const read = new Reader(env);
  const nodeEnv = read.string('NODE_ENV', 'development');
  const production = nodeEnv === 'production';
  const demo = read.boolean('DEMO', !production);
  const sandbox = read.boolean('SANDBOX', demo);
  const databaseUrl = read.url('DATABASE_URL', ['postgres:', 'postgresql:']);
  const config: Config = {
    ...readParties(read, sandbox),
    nodeEnv,
    demo,
    sandbox,
    country: read.oneOf('COUNTRY', COUNTRIES, 'TH'),
    ceilings: readMoneyCeilings(read),
    vapid: readVapid(read),
    server: {
      port: read.integer('PORT', 8080, 1, 65535),
      host: read.string('HOST', '127.0.0.1'),
      logLevel: read.oneOf('LOG_LEVEL', LOG_LEVELS, 'info'),
      // Relative to the working directory, as a newcomer means it (the static files plugin takes absolute paths).
      publicDir: resolve(read.string('PUBLIC_DIR', DEFAULT_PUBLIC_DIR)),
      backofficeDir: resolve(read.string('BACKOFFICE_DIR', DEFAULT_BACKOFFICE_DIR)),
      mediaDir: DEFAULT_MEDIA_DIR,
      trustProxy: read.boolean('TRUST_PROXY', false),
      metricsToken: read.raw('METRICS_TOKEN') ?? null,
      shutdownDelayMs: read.integer('SHUTDOWN_DELAY_MS', 5_000, 0, 600_000),
      // Above the 300 s a request (a slow upload) may take (REQUEST_TIMEOUT_MS), so a roll-out cuts none.
      shutdownGraceMs: read.integer('SHUTDOWN_GRACE_MS', 330_000, 0, 3_600_000),
      apiDocs: read.boolean('API_DOCS', !production),
    },
    database: {
      dataDir: read.string('DATA_DIR', './data'),
      url: databaseUrl,
      prepare: read.boolean('DATABASE_PREPARE', true),
    },
    redis: {
      url: read.url('REDIS_URL', ['redis:', 'rediss:']),
      keyPrefix: read.string('REDIS_KEY_PREFIX', 'member-wallet:'),
    },
    jobs: {
      runner: readJobRunner(read, databaseUrl),
    },
    demoMember: {
      phone: read.string('DEMO_PHONE', '0812345678'),
      password: read.string('DEMO_PASSWORD', 'demo1234'),
    },
    sessions: {
      ttlHours: read.integer('SESSION_TTL_HOURS', 12, 1, 24 * 30),
      rememberTtlDays: read.integer('REMEMBER_TTL_DAYS', 30, 1, 365),
    },
    operators: {
      secretKey: read.raw('OPERATOR_SECRET_KEY') ?? DEV_OPERATOR_SECRET_KEY,
      sessionHours: read.integer('OPERATOR_SESSION_HOURS', 8, 1, 24),
    },
    rates: {
      withdrawPerMinute: read.integer('WITHDRAW_RATE_PER_MINUTE', 5, 1, 10_000),
      moneyPerMinute: read.integer('MONEY_RATE_PER_MINUTE', 30, 1, 1_000_000),
      withdrawPerHour: read.integer('WITHDRAW_RATE_PER_HOUR', 30, 1, 100_000),
    },
    games: {
      providerSecrets: readProviderSecrets(read),
      timeoutMs: read.integer('GAME_PROVIDER_TIMEOUT_MS', 10_000, 50, 120_000),
      credentialKey: read.raw('GAME_CREDENTIAL_KEY') ?? DEV_GAME_CREDENTIAL_KEY,
      reconcileIntervalMs: read.integer('TRANSFER_RECONCILE_INTERVAL_MS', 30_000, 0, 3_600_000),
      sandboxSecret: SANDBOX_GAME_SECRET,
      sandboxFaults: readGameFaults(read),
      sandboxBaseUrl: read.url('SANDBOX_GAMES_BASE_URL', ['http:', 'https:']),
    },
    uploads: {
      dir: read.raw('UPLOAD_DIR') ?? null,
      s3: readS3(read),
    },
    chat: {
      guestSecret: readChatGuestSecret(read),
      prefix: readChatPrefix(read),
      socketUrl: read.url('CHAT_SOCKET_URL', ['http:', 'https:', 'ws:', 'wss:']),
    },
  };
  if (production) read.problems.push(...productionProblems(config, read));
  if (config.sandbox) fillSandboxSecrets(config);
  if (read.problems.length > 0) throw new ConfigError(`Invalid configuration: ${read.problems.join('; ')}`);
  return config;
}
