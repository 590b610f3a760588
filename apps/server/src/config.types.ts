import type { Country } from '@member-wallet/contract/constants';
import type { MoneyCeilingsConfig } from './config.ceilings.ts';
import type { PaymentGatewayConfig } from './config.gateways.ts';
import type { TruelinkKey } from './config.read.ts';
import type { SlipVerifierConfig } from './config.slip-verifier.ts';
import type { VapidKeys } from './config.vapid.ts';
import type { S3Settings } from './lib/s3-file-store.ts';

export const JOB_RUNNERS = ['pg-boss', 'in-process'] as const;
export type JobRunnerKind = (typeof JOB_RUNNERS)[number];

/**
 * Run-time configuration, read once from the environment at boot (DESIGN.md section 8). A bad value stops
 * start-up with a message naming the variable, rather than surfacing later as a confusing failure.
 */
export interface Config {
  nodeEnv: string;
  demo: boolean;
  sandbox: boolean;
  country: Country;
  /** What the back-office can never pass (docs/backoffice/four-eyes.md): ceilings and the daily alone credit. */
  ceilings: MoneyCeilingsConfig;
  /** Web Push's keys (docs/app.md); null: made once and kept in the database in demo mode, else push is off. */
  vapid: VapidKeys | null;
  /** The HTTP server: where it listens, what it serves, its probes and how it stops (docs/operations.md). */
  server: {
    port: number;
    host: string;
    logLevel: string;
    publicDir: string;
    /** The built back-office (apps/backoffice), served under /backoffice. */
    backofficeDir: string;
    mediaDir: string;
    trustProxy: boolean;
    /** The bearer token `GET /metrics` asks for (docs/operations.md, Metrics); null: the route is open. */
    metricsToken: string | null;
    /** On SIGTERM: how long readiness answers 503 while the node still serves (docs/operations.md, Roll-outs). */
    shutdownDelayMs: number;
    /** Then: how long requests under way may still run before the process exits anyway. */
    shutdownGraceMs: number;
    /** The OpenAPI document and its UI at /api/docs (the public API only); off in production unless API_DOCS=1. */
    apiDocs: boolean;
  };
  /** The database: embedded PGlite, or PostgreSQL with its URL (docs/decisions/0032). */
  database: {
    /** PGlite data directory, or `memory://` for a throw-away database. Ignored when `url` is set. */
    dataDir: string;
    url: string | null;
    /** Statements prepared once per PostgreSQL connection (decision 0032); off behind a pooler that loses them. */
    prepare: boolean;
  };
  /** Redis, shared by every node when set: rate limits and the realtime adapter. */
  redis: {
    url: string | null;
    /** Prefix of every Redis key, so several deployments (or test runs) can share one Redis. */
    keyPrefix: string;
  };
  /** The periodic jobs (docs/operations.md, Jobs). */
  jobs: {
    /**
     * What runs the periodic jobs (docs/operations.md, Jobs): `pg-boss`, a queue in PostgreSQL that runs each
     * job once per interval across all nodes (the default with DATABASE_URL), or `in-process` timers (the
     * embedded database's one node; PostgreSQL's tests that run passes themselves).
     */
    runner: JobRunnerKind;
  };
  /** The demo member made on an empty database with DEMO. */
  demoMember: {
    phone: string;
    password: string;
  };
  /** Members' sessions. */
  sessions: {
    ttlHours: number;
    rememberTtlDays: number;
  };
  /** The back-office (docs/backoffice/README.md). */
  operators: {
    /** The back-office (docs/backoffice/README.md): the key sealing operators' TOTP secrets, and a session's life. */
    secretKey: string;
    sessionHours: number;
  };
  /** Members' money calls a minute and an hour. */
  rates: {
    withdrawPerMinute: number;
    moneyPerMinute: number;
    withdrawPerHour: number;
  };
  /** The SMS party (docs/parties/sms.md); with SANDBOX and no base URL, this server's /sandbox/sms. */
  sms: {
    baseUrl: string | null;
    apiKey: string | null;
  };
  /** Game providers (docs/parties/games.md), the transfer reconciler and the sandbox provider. */
  games: {
    /** Game providers (docs/parties/games.md): HMAC secrets of real providers by code, and the call time-out. */
    providerSecrets: ReadonlyMap<string, string>;
    timeoutMs: number;
    /** Seals members' game passwords (AES-256-GCM); a development key when unset (refused in production). */
    credentialKey: string;
    /** How often the transfer reconciler runs in this process; 0 turns it off. */
    reconcileIntervalMs: number;
    sandboxSecret: string;
    /** The sandbox game provider's starting faults (`latencyMs=50,errorRate=0.1`). */
    sandboxFaults: string | null;
    /** Where sandbox-backed providers are reached: another server's /sandbox/games; null: this server's. */
    sandboxBaseUrl: string | null;
  };
  /** The payout party (docs/parties/payout.md); with SANDBOX and no base URL, this server's /sandbox/payout. */
  payout: {
    /** The payout party (docs/parties/payout.md); with SANDBOX and no base URL, this server's /sandbox/payout. */
    baseUrl: string | null;
    secret: string | null;
    callbackUrl: string | null;
    /** How often the settler asks the payout party about withdrawals still in progress; 0 turns it off. */
    settleIntervalMs: number;
    sandboxDelayMs: number;
    sandboxFailPercent: number;
  };
  /** The bank feed (docs/deposits/bank-transfers.md); with SANDBOX and no base URL, this server's /sandbox/bank. */
  bankFeed: {
    /** The bank feed (docs/deposits/bank-transfers.md); with SANDBOX and no base URL, this server's /sandbox/bank. */
    baseUrl: string | null;
    secret: string | null;
    /** How often the matcher reads the bank feed; 0 turns it off. */
    intervalMs: number;
  };
  /** TrueMoney gift links and the voucher party (docs/deposits/truemoney.md); with SANDBOX and no base URL, this
   * server's /sandbox/truemoney. */
  truemoney: {
    /** Gift-link keys (docs/deposits/truemoney.md): the first encrypts (handed to clients), all decrypt. */
    linkKeys: readonly TruelinkKey[];
    /** The voucher party (TrueMoney); with SANDBOX and no base URL, this server's /sandbox/truemoney. */
    voucherBaseUrl: string | null;
    voucherSecret: string | null;
    /** How often redemptions whose outcome is unknown are asked about; 0 turns it off. */
    settleIntervalMs: number;
  };
  /** QR payment gateways (docs/deposits/qr.md); with SANDBOX, the gateways not configured are the sandbox's. */
  qr: {
    /** QR payment gateways configured by code (docs/deposits/qr.md); with SANDBOX, the rest are the sandbox's. */
    gateways: ReadonlyMap<string, PaymentGatewayConfig>;
    /** Our public address the gateways' webhooks are sent to (`/api/webhooks/payments/{code}` is appended). */
    callbackBaseUrl: string | null;
    gatewayTimeoutMs: number;
    /** How long a QR can be paid. */
    expiryMinutes: number;
    /** How often QRs whose webhook never came are asked about, and live ones past expiry expired; 0: off. */
    settleIntervalMs: number;
  };
  /** Uploaded files: on disk, or in S3-compatible storage shared by every node (docs/operations.md, Shared files). */
  uploads: {
    /** Where uploaded slip pictures are kept; null: `<DATA_DIR>/uploads`, or a temporary folder with `memory://`. */
    dir: string | null;
    /** Uploads in S3-compatible storage shared by every node (S3_*); null: on disk under `uploadDir`. */
    s3: S3Settings | null;
  };
  /** Slip uploads and their verifier (docs/deposits/slips.md, docs/parties/slip-verifier.md). */
  slips: {
    /** Signs the short-lived URLs of slip pictures; random per process when unset (refused in production). */
    urlSecret: string;
    /** The slip verifier (docs/parties/slip-verifier.md): SLIP_VERIFIER and the chosen vendor's keys. */
    verifier: SlipVerifierConfig;
    /** A slip is credited only if uploaded within this long of its transfer (spec section 9: 1 hour). */
    maxAgeMinutes: number;
    /** How often slips a verifier asked us to come back for are asked again; 0 turns it off. */
    retryIntervalMs: number;
  };
  /** Live chat (docs/chat.md). */
  chat: {
    /** Signs guest chat tokens; null: a random key made once and kept in the database (docs/chat.md). */
    guestSecret: string | null;
    /** The first part of every chat room's name, `${prefix}-${member or guest id}`. */
    prefix: string;
    /**
     * A separate chat backend the member app's build names in `VITE_CHAT_URL`: its origin joins the CSP's
     * connect-src, else the browser would refuse the socket. Null: the socket is on this server's own origin.
     */
    socketUrl: string | null;
  };
}
