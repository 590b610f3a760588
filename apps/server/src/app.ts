import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sep } from 'node:path';
import type { Duplex } from 'node:stream';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API } from '@member-wallet/contract/api-paths';
import { APP_NAME, APP_NAME_HEADER, APP_VERSION } from '@member-wallet/contract/constants';
import { GONE } from '@member-wallet/contract/error-codes';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { DestinationStream } from 'pino';
import { HttpSmsSender, UnconfiguredSmsSender } from './adapters/sms/http.ts';
import { sandboxSmsSender } from './adapters/sms/sandbox.ts';
import type { SmsSender } from './adapters/sms/sms-sender.ts';
import type { Config } from './config.ts';
import type { Core } from './core.ts';
import { createDatabase, migrateToLatest } from './db/connect.ts';
import type { Db } from './db/database.ts';
import { isRetryableTransactionError } from './db/transaction.ts';
import { seedDemoData } from './demo/demo-data.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { DeviceCookies } from './lib/device-cookie.ts';
import { AppError, InvalidTokenError } from './lib/errors.ts';
import { InFlight, UPLOADS_IN_FLIGHT_MAX } from './lib/in-flight.ts';
import { redactUrl, requestSerializer } from './lib/log-redaction.ts';
import { type Argon2Parameters, OWASP_ARGON2, PasswordHasher } from './lib/passwords.ts';
import { MemoryRateLimiter, type RateLimiter, RedisRateLimiter } from './lib/rate-limiter.ts';
import { createRouter, type Router } from './lib/route.ts';
import { loadSpaPage, type SpaPage } from './lib/spa-page.ts';
import { AccountRepository } from './modules/account/account.repository.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { AccountService } from './modules/account/account.service.ts';
import { registerMembersBackoffice } from './modules/account/members.backoffice.module.ts';
import { adjustmentBackofficeRoutes } from './modules/adjustment/adjustment.backoffice.routes.ts';
import { AdjustmentRepository } from './modules/adjustment/adjustment.repository.ts';
import { AdjustmentService } from './modules/adjustment/adjustment.service.ts';
import { SessionRepository } from './modules/auth/auth.repository.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { registerBonuses } from './modules/bonus/bonus.module.ts';
import { registerChat } from './modules/chat/chat.module.ts';
import { registerDashboard } from './modules/dashboard/dashboard.module.ts';
import { registerBankFeed } from './modules/deposit/bank-feed.module.ts';
import { registerDepositChannels } from './modules/deposit/deposit-channels.ts';
import { DepositsBackofficeRepository } from './modules/deposit/deposits.backoffice.repository.ts';
import { depositsBackofficeRoutes } from './modules/deposit/deposits.backoffice.routes.ts';
import { registerQrPayments } from './modules/deposit/qr.module.ts';
import { registerSlips } from './modules/deposit/slip.module.ts';
import { registerSuspenseBackoffice } from './modules/deposit/suspense.backoffice.module.ts';
import { registerTruelinks } from './modules/deposit/truelink.module.ts';
import { registerGames } from './modules/games/games.module.ts';
import { InviteReviewRepository } from './modules/invite/invite.backoffice.repository.ts';
import { inviteReviewRoutes } from './modules/invite/invite.backoffice.routes.ts';
import { InviteReviewService } from './modules/invite/invite.backoffice.service.ts';
import { createInviteService, registerInvites } from './modules/invite/invite.module.ts';
import { IdempotencyRepository } from './modules/ledger/idempotency.repository.ts';
import { IdempotencyService } from './modules/ledger/idempotency.service.ts';
import { LedgerRepository } from './modules/ledger/ledger.repository.ts';
import { LedgerService } from './modules/ledger/ledger.service.ts';
import { LookupRepository } from './modules/lookup/lookup.repository.ts';
import { lookupRoutes } from './modules/lookup/lookup.routes.ts';
import { LookupService } from './modules/lookup/lookup.service.ts';
import { auditCsvRoutes } from './modules/operator/audit.backoffice.routes.ts';
import { registerOperators } from './modules/operator/operator.module.ts';
import type { OperatorService } from './modules/operator/operator.service.ts';
import { OtpRepository } from './modules/otp/otp.repository.ts';
import { otpRoutes } from './modules/otp/otp.routes.ts';
import { OtpService } from './modules/otp/otp.service.ts';
import { registerPromotions } from './modules/promotions/promotions.module.ts';
import { registerRefunds } from './modules/refund/refund.module.ts';
import { registerSettingsBackoffice } from './modules/settings/settings.module.ts';
import { SettingsRepository } from './modules/settings/settings.repository.ts';
import { SettingsService } from './modules/settings/settings.service.ts';
import { registerSpinWheel } from './modules/spin/spin.module.ts';
import { registerStatement } from './modules/statement/statement.module.ts';
import { PictureReader } from './modules/uploads/picture.pool.ts';
import { withdrawalReviewRoutes } from './modules/withdraw/withdraw.backoffice.routes.ts';
import { registerWithdrawals } from './modules/withdraw/withdraw.module.ts';
import { sandboxInviteRoutes } from './sandbox/invites.routes.ts';
import { sandboxOperatorRoutes } from './sandbox/operators.routes.ts';
import { sandboxBackofficeRoutes } from './sandbox/sandbox.backoffice.routes.ts';
import { sandboxSettingsRoutes } from './sandbox/settings.routes.ts';
import { sandboxSmsRoutes } from './sandbox/sms.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's database, for the readiness probe's tests and operational scripts. */
    db: Db;
    /** The site settings, for tests and the back-office's settings screens. */
    siteSettings: SettingsService;
    /** Each member's, guest's or operator's uploads in flight, for tests. */
    uploadsInFlight: InFlight;
  }
}

/** Things tests (and only tests) replace. */
export interface AppDeps {
  clock?: Clock;
  logStream?: DestinationStream;
  argon2?: Argon2Parameters;
  smsSender?: SmsSender;
  /** An embedded database starts as a copy of this PGlite data directory dump (tests: a migrated template). */
  pgliteDataDir?: Blob;
}

const BODY_LIMIT_BYTES = 64 * 1024;
/** Retry-After of a request whose transaction PostgreSQL kept aborting: contention passes in moments. */
const RETRY_AFTER_ABORTED_S = 1;
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;
/** Paths that never fall back to the SPA's index.html. */
const NON_SPA_PREFIXES = ['/api', '/backoffice/api', '/sandbox', '/media', '/files', '/healthz', '/readyz'];
/** Never written to the log, wherever they appear in a logged object. */
const REDACTED = [
  'req.headers.authorization',
  'req.headers.cookie',
  'password',
  'oldPassword',
  'newPassword',
  'token',
  'otpToken',
  'otpCode',
  '*.password',
  '*.token',
  '*.otpToken',
  '*.otpCode',
];

/**
 * What Node's HTTP parser could not read (malformed request line or headers, headers too large, a request too
 * slow): the status Fastify would answer, with the project's body, then the connection is closed.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify({ message: 'KEY_INVALID' });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? '/';
}

function under(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: REDACTED, censor: '[redacted]' },
      // Auto-login URLs carry game credentials: the logged URL is cut at its secret part (docs/wallet.md).
      serializers: { req: requestSerializer },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    // Refusals Fastify makes before any route or hook (a URL that does not decode, a parameter over its
    // length, bytes that are not HTTP) answer in the project's shape too, never Fastify's code and message.
    frameworkErrors: (error, request, reply) => {
      const status = error.statusCode !== undefined && error.statusCode < 500 ? error.statusCode : 500;
      if (status === 500) request.log.error({ err: error }, 'unexpected framework error');
      (reply as FastifyReply).code(status).send({ message: status === 500 ? 'INTERNAL_SERVER_ERROR' : 'KEY_INVALID' });
    },
    clientErrorHandler: answerClientError,
  });
  // Input is validated by zod in the route helper; JSON Schemas are kept for the docs and the serializers.
  app.setValidatorCompiler(() => (value) => ({ value }));

  const db = createDatabase(config, deps.pgliteDataDir);
  app.decorate('db', db);
  app.addHook('onClose', async () => {
    await db.destroy();
  });
  await migrateToLatest(db);

  const clock = deps.clock ?? systemClock;
  const limiter: RateLimiter = config.redisUrl
    ? new RedisRateLimiter(config.redisUrl, config.redisKeyPrefix)
    : new MemoryRateLimiter(clock);
  app.addHook('onClose', () => limiter.close());

  const settingsRepository = new SettingsRepository(db);
  const settings = new SettingsService(settingsRepository, clock);
  app.decorate('siteSettings', settings);
  registerPlumbing(app, config, settings, db);
  if (config.apiDocs) await registerDocs(app);

  const services = createServices(app, config, deps, { db, clock, limiter, settings });
  const route = createRouter(app, (request) => services.auth.authenticate(request.headers.authorization));
  // The back-office's API (docs/backoffice.md): operators, their sessions and roles, the audit log; the
  // modules below add their operators' routes to its router.
  const backoffice = registerOperators(app, config, { db, clock, limiter, passwords: services.passwords });
  // What every register<Name>(app, core) takes (core.ts).
  const core: Core = {
    config,
    db,
    clock,
    log: app.log,
    limiter,
    settings,
    ledger: new LedgerService({ repository: new LedgerRepository(), clock }),
    idempotency: new IdempotencyService({ repository: new IdempotencyRepository(db), clock }),
    passwords: services.passwords,
    members: services.accountRepository,
    route,
    backoffice: { route: backoffice.route, audit: backoffice.audit },
    ownBaseUrl: () => ownBaseUrl(app),
  };
  // Bonuses and promotion codes (docs/promotions.md): before withdrawals, whose rules depend on a running bonus.
  const bonuses = await registerBonuses(app, route, config, {
    db,
    clock,
    limiter,
    members: services.accountRepository,
    ownBaseUrl: () => ownBaseUrl(app),
  });
  // Withdrawals (docs/withdrawals.md): routes, payout webhook, sandbox payout party, settler.
  const withdrawals = await registerWithdrawals(app, route, config, {
    db,
    clock,
    limiter,
    settings,
    members: services.accountRepository,
    bonus: bonuses,
    audit: backoffice.audit,
    ownBaseUrl: () => ownBaseUrl(app),
  });
  lookupRoutes(route, services.lookup, settings, config.country, withdrawals);
  otpRoutes(route, services.otp, config.country);
  accountRoutes(route, services.accounts, config.country);
  authRoutes(route, services.auth);
  registerStatement(app, core);
  // Where members pay in (docs/deposits.md, deposit channels), and the sandbox's own channels when mounted.
  await registerDepositChannels(route, { db, sandbox: config.sandbox, members: services.accountRepository });
  // TrueMoney gift links (docs/deposits.md): the voucher party adapter, its sandbox, the route, the settler.
  await registerTruelinks(app, route, config, {
    db,
    clock,
    limiter,
    members: services.accountRepository,
    ownBaseUrl: () => ownBaseUrl(app),
  });
  // QR payments (docs/deposits.md): a gateway per code, the sandbox gateways, routes, webhook, the settler.
  await registerQrPayments(app, route, config, {
    db,
    clock,
    limiter,
    members: services.accountRepository,
    settings,
    ownBaseUrl: () => ownBaseUrl(app),
  });
  // Uploaded pictures (slips, chat) are checked in worker threads; a member's uploads in flight are bounded.
  const pictures = new PictureReader();
  app.addHook('onClose', () => pictures.close());
  const inFlight = new InFlight(UPLOADS_IN_FLIGHT_MAX);
  app.decorate('uploadsInFlight', inFlight);
  // Bank-transfer slips (docs/deposits.md, Slips): upload, verifier, list, pictures, the sandbox verifier.
  const slips = await registerSlips(app, route, config, {
    pictures,
    inFlight,
    db,
    clock,
    limiter,
    settings,
    members: services.accountRepository,
    ownBaseUrl: () => ownBaseUrl(app),
  });
  // Invite a friend (docs/promotions.md): the wallet answer reads its collectable amount.
  const invites = createInviteService(config, { db, clock, settings, members: services.accountRepository });
  registerInvites(app, route, config, invites, {
    db,
    clock,
    limiter,
    settings,
    members: services.accountRepository,
    accounts: services.accounts,
  });
  // The prize wheel (docs/promotions.md, Prize wheel): coins, spins, coupons; before the games, whose wallet
  // answer shows the coins.
  const spin = registerSpinWheel(app, route, config, {
    db,
    clock,
    limiter,
    settings,
    members: services.accountRepository,
    bonusGate: bonuses,
    rewards: bonuses,
  });
  // Game accounts, wallet transfers, auto-login, the sandbox provider and the reconciler (docs/wallet.md).
  const games = await registerGames(app, route, config, {
    db,
    clock,
    limiter,
    settings,
    members: services.accountRepository,
    ownBaseUrl: () => ownBaseUrl(app),
    invites,
    coins: spin,
  });
  // Loss refunds (docs/promotions.md): bet records from the game providers, blocked while a bonus is active.
  registerRefunds(app, route, config, {
    db,
    clock,
    limiter,
    settings,
    members: services.accountRepository,
    games,
    bonuses,
  });
  // Bank transfer auto-matching (docs/deposits.md): the feed, the sandbox feed, the matcher's timer.
  registerBankFeed(app, route, config, { db, clock, settings, ownBaseUrl: () => ownBaseUrl(app) });
  if (config.sandbox) registerSandbox(route, config, { db, clock, settings, operators: backoffice.service });
  withdrawalReviewRoutes(backoffice.route, withdrawals);
  registerMembersBackoffice(app, core);
  // Manual adjustments (docs/backoffice.md): a second operator approves those above the currency's amount.
  adjustmentBackofficeRoutes(
    backoffice.route,
    new AdjustmentService({
      db,
      repository: new AdjustmentRepository(),
      ledger: new LedgerService({ repository: new LedgerRepository(), clock }),
      settings,
      audit: backoffice.audit,
      clock,
      rewards: bonuses,
    }),
  );
  // Invite links held for review (docs/backoffice.md): an operator releases or rejects a self-referral match.
  inviteReviewRoutes(
    backoffice.route,
    new InviteReviewService({
      db,
      repository: new InviteReviewRepository(),
      invites,
      audit: backoffice.audit,
      clock,
    }),
  );
  registerDashboard(app, core);
  registerSettingsBackoffice(app, core);
  // Promotions (docs/backoffice.md, Promotions): bonuses, programmes, the wheel, banners, uploaded pictures,
  // beside the slip pictures' folder, which an in-memory database removes on close.
  registerPromotions(app, core, { uploadDirectory: app.slipStore.directory });
  // Bank transfers in suspense and slips to review (docs/backoffice.md): assign, refund, credit, dismiss.
  registerSuspenseBackoffice(app, backoffice.route, config, {
    db,
    clock,
    audit: backoffice.audit,
    withdrawals,
    slips,
    members: services.accountRepository,
  });
  // Live chat (docs/chat.md): the customer's API, the files, Socket.IO and the back-office's inbox.
  await registerChat(app, route, config, {
    db,
    clock,
    limiter,
    authenticate: (authorization) => services.auth.authenticate(authorization),
    operators: backoffice.service,
    audit: backoffice.audit,
    backofficeRoute: backoffice.route,
    uploadDirectory: app.slipStore.directory,
    pictures,
    inFlight,
  });
  if (config.sandbox) sandboxInviteRoutes(route, { config, db, settings, members: services.accountRepository });
  // Deposits and QR codes, the audit export, the sandbox controls (docs/backoffice.md).
  const depositsRepository = new DepositsBackofficeRepository(db);
  depositsBackofficeRoutes(backoffice.route, depositsRepository);
  auditCsvRoutes(backoffice.route, backoffice.audit);
  sandboxBackofficeRoutes(backoffice.route, {
    sandbox: config.sandbox,
    db,
    clock,
    audit: backoffice.audit,
    deposits: depositsRepository,
    parties: () => (app.hasDecorator('sandboxParties') ? app.sandboxParties : {}),
    gameFaults: () => games.faults,
  });
  await registerStatic(app, config);

  if (config.demo && (await seedDemoData(config, services.accounts, services.accountRepository))) {
    app.log.info('demo data created');
  }
  return app;
}

interface Shared {
  db: Db;
  clock: Clock;
  limiter: RateLimiter;
  settings: SettingsService;
}

function createServices(app: FastifyInstance, config: Config, deps: AppDeps, shared: Shared) {
  const { db, clock, limiter, settings } = shared;
  const passwords = new PasswordHasher(deps.argon2 ?? OWASP_ARGON2);
  const accountRepository = new AccountRepository(db);
  const otpRepository = new OtpRepository(db);
  const lookup = new LookupService(new LookupRepository(db), settings, config.country);
  const otp = new OtpService({
    repository: otpRepository,
    sms: deps.smsSender ?? createSmsSender(app, config),
    limiter,
    clock,
    logger: app.log,
    logSandboxText: config.sandbox && config.nodeEnv !== 'production',
    isRegistered: async (phone) => (await accountRepository.findByPhone(phone)) !== undefined,
  });
  const accounts = new AccountService({
    db,
    repository: accountRepository,
    otpRepository,
    otp,
    lookup,
    settings,
    passwords,
    limiter,
    clock,
    country: config.country,
  });
  const auth = new AuthService({
    sessions: new SessionRepository(db),
    accounts: accountRepository,
    passwords,
    limiter,
    clock,
    devices: new DeviceCookies(db, { space: 'member', name: 'mw_device', path: API.login }),
    sessionTtlHours: config.sessionTtlHours,
    rememberTtlDays: config.rememberTtlDays,
  });
  return { lookup, otp, accounts, accountRepository, auth, passwords };
}

/** This server's own address, for the sandbox parties it reaches over real HTTP. Known only after listen. */
export function ownBaseUrl(app: FastifyInstance): string {
  const address = app.server.address() as AddressInfo | null;
  if (!address || typeof address !== 'object') throw new Error('The server is not listening yet');
  const host = ['0.0.0.0', '::', ''].includes(address.address) ? '127.0.0.1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

function createSmsSender(app: FastifyInstance, config: Config): SmsSender {
  if (config.smsBaseUrl && config.smsApiKey) {
    const baseUrl = config.smsBaseUrl.replace(/\/+$/, '');
    return new HttpSmsSender({ baseUrl: () => baseUrl, apiKey: config.smsApiKey });
  }
  if (config.sandbox && config.smsApiKey) {
    return sandboxSmsSender(() => ownBaseUrl(app), config.smsApiKey);
  }
  app.log.warn('No SMS party configured (SMS_BASE_URL, SMS_API_KEY): OTP sends will fail');
  return new UnconfiguredSmsSender();
}

function registerSandbox(
  route: Router,
  config: Config,
  shared: { db: Db; clock: Clock; settings: SettingsService; operators: OperatorService },
) {
  sandboxSmsRoutes(route, shared.db, shared.clock, config.smsApiKey ?? '');
  sandboxSettingsRoutes(route, shared.settings);
  sandboxOperatorRoutes(route, shared.operators);
}

function registerPlumbing(app: FastifyInstance, config: Config, settings: SettingsService, db: Db) {
  registerCompression(app);
  registerSecurityHeaders(app, config);
  registerApiGate(app, settings, config.apiDocs);
  registerHealth(app, db);
  registerErrorHandlers(app, config);
}

/**
 * JSON answers and pages of 1 KiB or more go out compressed to clients that accept it (the wallet answer is
 * about 5 KiB, under 1 KiB compressed). Brotli at quality 4 costs a fraction of a millisecond for a few KiB
 * and keeps most of the gain of its slow top quality; built assets are compressed once, at build time
 * (preCompressed below), and already-compressed types (video, images but SVG) are left alone.
 */
function registerCompression(app: FastifyInstance) {
  app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}

/**
 * The origins a chat socket may reach: this one, and a separate chat backend when configured (its http and ws
 * schemes both, since Socket.IO may poll before it upgrades).
 */
function connectSources(config: Config): string[] {
  if (!config.chatSocketUrl) return ["'self'"];
  const { host, protocol } = new URL(config.chatSocketUrl);
  const secure = protocol === 'https:' || protocol === 'wss:';
  return ["'self'", `${secure ? 'https' : 'http'}://${host}`, `${secure ? 'wss' : 'ws'}://${host}`];
}

function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Operators may send chat pictures and videos by https URL (docs/chat.md); nothing else is loaded.
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: connectSources(config),
        mediaSrc: ["'self'", 'https:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // HSTS is added below, and only on requests that arrived over TLS.
    hsts: false,
  });
}

/**
 * Every /api call names the client app (but the documentation's, when served); while the site is terminated
 * every /api call answers `gone`.
 */
function registerApiGate(app: FastifyInstance, settings: SettingsService, docs: boolean) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    const path = pathOf(request);
    // Webhooks come from parties, not the client app, and must land even while the site is terminated.
    if (!under(path, '/api') || (docs && under(path, '/api/docs')) || under(path, '/api/webhooks')) return;
    if (request.headers[APP_NAME_HEADER] !== APP_NAME) return reply.code(403).send({ message: 'UNAUTHORIZED' });
    if (await settings.flag('terminated')) {
      const body = path === '/api/lookup/active' ? { active: false, message: GONE } : { message: GONE };
      // A string body skips the route's response serializer, whose schema describes the live answer.
      return reply.code(200).type('application/json; charset=utf-8').send(JSON.stringify(body));
    }
  });
}

function registerHealth(app: FastifyInstance, db: Db) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    try {
      await sql`select 1`.execute(db);
      return { status: 'ok' };
    } catch (error) {
      request.log.warn({ err: error }, 'database not reachable');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
}

function registerErrorHandlers(app: FastifyInstance, config: Config) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError || error instanceof InvalidTokenError) {
      return reply.code(error.status).send(error.body());
    }
    // PostgreSQL aborted a transaction (serialization failure or deadlock) more often than transactionWithRetry
    // runs it again: that transaction wrote nothing and the Idempotency-Key was released, so this is an
    // operating error, not a bug; the member is told to try again (no code of its own in the spec's catalogue).
    if (isRetryableTransactionError(error)) {
      request.log.warn({ err: error, method: request.method, path: redactUrl(pathOf(request)) }, 'transaction aborted');
      return reply.code(503).header('retry-after', RETRY_AFTER_ABORTED_S).send({ message: 'INTERNAL_SERVER_ERROR' });
    }
    const status = error.statusCode ?? 500;
    // Fastify's own refusals: malformed JSON, a body over the limit, an unsupported content type.
    if (status >= 400 && status < 500) return reply.code(status).send({ message: 'KEY_INVALID' });
    request.log.error({ err: error, method: request.method, path: redactUrl(pathOf(request)) }, 'unexpected error');
    return reply.code(500).send({ message: 'INTERNAL_SERVER_ERROR' });
  });

  const spa = loadSpaPage(config.publicDir);
  const backofficeSpa = loadSpaPage(config.backofficeDir);
  const sendPage = (page: SpaPage, request: FastifyRequest, reply: FastifyReply) =>
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'cookie')
      .type('text/html; charset=utf-8')
      .send(page.html(request.headers.cookie, pathOf(request)));
  // The static files plugin leaves `/` alone (`index: false`), so every page goes through sendPage.
  if (spa) app.get('/', { schema: { hide: true } }, (request, reply) => sendPage(spa, request, reply));
  if (backofficeSpa) {
    app.get('/backoffice', { schema: { hide: true } }, (_request, reply) => reply.redirect(BACKOFFICE_PREFIX));
    app.get(BACKOFFICE_PREFIX, { schema: { hide: true } }, (request, reply) => sendPage(backofficeSpa, request, reply));
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = pathOf(request);
    const page = request.method === 'GET' || request.method === 'HEAD';
    const spaPath = page && !NON_SPA_PREFIXES.some((prefix) => under(path, prefix));
    // The back-office's pages fall back to its own index.html, never to the member app's.
    if (under(path, '/backoffice')) {
      if (spaPath && backofficeSpa) return sendPage(backofficeSpa, request, reply);
    } else if (spaPath && spa) return sendPage(spa, request, reply);
    return reply.code(404).send({ message: 'NO_DATA' });
  });
}

/** What the documentation describes: the public API and its files, never the back-office's or the sandbox's. */
const DOCUMENTED_PREFIXES = ['/api/', '/files/'];

/** The OpenAPI document and its UI at /api/docs (API_DOCS; off in production by default). */
async function registerDocs(app: FastifyInstance) {
  await app.register(swagger, {
    transformObject: (documentObject) => {
      const document = 'openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject;
      const paths = Object.entries(document.paths ?? {}).filter(([path]) =>
        DOCUMENTED_PREFIXES.some((prefix) => path.startsWith(prefix)),
      );
      return { ...document, paths: Object.fromEntries(paths) };
    },
    openapi: {
      info: { title: 'Member Wallet API', version: APP_VERSION },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          appName: { type: 'apiKey', in: 'header', name: 'X-App-Name' },
        },
      },
      security: [{ appName: [] }],
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // The UI's own policy (hashes of its inline scripts), still never framed, and usable over plain HTTP.
    staticCSP: true,
    transformStaticCSP: (header) =>
      header.replace("frame-ancestors 'self'", "frame-ancestors 'none'").replace('upgrade-insecure-requests;', ''),
  });
}

async function registerStatic(app: FastifyInstance, config: Config) {
  if (existsSync(config.mediaDir)) {
    await app.register(fastifyStatic, { root: config.mediaDir, prefix: '/media/', decorateReply: false });
  }
  // The back-office (apps/backoffice) first: its prefix is the more specific one, and it decorates nothing.
  if (existsSync(config.backofficeDir)) {
    await app.register(fastifyStatic, {
      ...builtAppFiles(config.backofficeDir, BACKOFFICE_PREFIX),
      decorateReply: false,
    });
  } else {
    app.log.warn(
      { backofficeDir: config.backofficeDir },
      'No built back-office found: /backoffice serves its API only',
    );
  }
  if (!existsSync(config.publicDir)) {
    app.log.warn({ publicDir: config.publicDir }, 'No built SPA found: serving the API only');
    return;
  }
  await app.register(fastifyStatic, builtAppFiles(config.publicDir, '/'));
}

/** Where the back-office's build is served; its API lives under `/backoffice/api`, never falling back to it. */
const BACKOFFICE_PREFIX = '/backoffice/';

/** The files of a Vite build (the member app's or the back-office's) under `prefix`. */
function builtAppFiles(root: string, prefix: string): FastifyStaticOptions {
  return {
    root,
    prefix,
    // The build writes .br and .gz copies beside each asset (scripts/precompress.mjs); they are sent to
    // browsers that accept them, with Vary: Accept-Encoding.
    preCompressed: true,
    // index.html is answered by the SPA fallback (registerErrorHandlers), in the reader's language.
    index: false,
    cacheControl: false,
    setHeaders: (response, filePath) => {
      // The same URL answers brotli, gzip or plain bytes: caches must key on Accept-Encoding.
      response.setHeader('vary', 'accept-encoding');
      if (filePath.includes(`${sep}assets${sep}`)) {
        response.setHeader('cache-control', 'public, max-age=31536000, immutable');
      } else if (filePath.endsWith('index.html')) response.setHeader('cache-control', 'no-cache');
    },
  };
}
