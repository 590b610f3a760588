import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { PushSender } from './adapters/push/push-sender.ts';
import type { SlipVerifier } from './adapters/slip-verifier/slip-verifier.ts';
import type { SmsSender } from './adapters/sms/sms-sender.ts';
import type { Config } from './config.ts';
import { AccountRepository } from './core/account/account.repository.ts';
import { createAuthService } from './core/auth/auth.factory.ts';
import { ProviderRegistry } from './core/games/provider-registry.ts';
import { IdempotencyRepository } from './core/ledger/idempotency.repository.ts';
import { IdempotencyService } from './core/ledger/idempotency.service.ts';
import { LedgerRepository } from './core/ledger/ledger.repository.ts';
import { LedgerService } from './core/ledger/ledger.service.ts';
import type { AuditLog } from './core/operator/audit-log.ts';
import type { FourEyes } from './core/operator/four-eyes.ts';
import { createOperatorService } from './core/operator/operator.factory.ts';
import { createOperatorRouter, type OperatorRouter } from './core/operator/operator-router.ts';
import type { PendingChanges } from './core/operator/pending-change.service.ts';
import { PersonRepository } from './core/person/person.repository.ts';
import { PersonService } from './core/person/person.service.ts';
import { SaferPlayGate } from './core/safer-play/safer-play.gate.ts';
import { SaferPlayRepository } from './core/safer-play/safer-play.repository.ts';
import { SettingsRepository } from './core/settings/settings.repository.ts';
import { SettingsService } from './core/settings/settings.service.ts';
import { createDatabase, migrateToLatest } from './db/connect.ts';
import type { Db } from './db/database.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { AppError } from './lib/errors.ts';
import { InProcessJobs } from './lib/jobs/in-process-jobs.ts';
import type { JobRunner } from './lib/jobs/job-runner.ts';
import { JobRuns } from './lib/jobs/job-runs.ts';
import { PgBossJobs } from './lib/jobs/pg-boss-jobs.ts';
import { siteTimeZone } from './lib/local-calendar.ts';
import { MemberEvents } from './lib/member-events.ts';
import { type Argon2Parameters, OWASP_ARGON2, PasswordHasher } from './lib/passwords.ts';
import { MemoryRateLimiter, type RateLimiter, RedisRateLimiter } from './lib/rate-limiter.ts';
import { createRouter, type Router } from './lib/route.ts';
import { SandboxAdapters } from './lib/sandbox-label.ts';

/**
 * What is built once, in app.ts, and handed to every module's `register<Name>(app, core, deps?)`
 * (docs/architecture.md, Module edges), each naming the parts it takes (`core: Pick<Core, 'db' | 'ledger'>`). A
 * module builds its own repositories and services from them; what it needs of another module (the bonus rules a
 * withdrawal obeys, say) comes in its third argument, named by the interface it uses, so every edge between
 * modules is visible in app.ts.
 */
export interface Core {
  config: Config;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Shared through Redis when REDIS_URL is set, so every node counts the same requests. */
  limiter: RateLimiter;
  settings: SettingsService;
  /**
   * The one way money moves: balanced entries under an idempotency key (docs/ledger.md). The only ledger: a
   * caller standing at another time passes it as the entry's `at`.
   */
  ledger: LedgerService;
  /** The game providers' adapters, as configured: the transfers' and the promotions' one registry. */
  providers: ProviderRegistry;
  /**
   * A member's money news (docs/live.md): the ledger announces each committed wallet change; a module a change
   * of a member's request that moves no money. The live sockets listen; another channel may subscribe too.
   */
  memberEvents: MemberEvents;
  /** Replays of a member's money request answer the first answer (Idempotency-Key). */
  idempotency: IdempotencyService;
  /**
   * The member's own limits and blocks (docs/safer-play.md), checked in the transaction of every deposit (by the
   * ledger) and every transfer into a game account; the paths that cannot refuse money hold it with it.
   */
  saferPlay: SaferPlayGate;
  /** The person behind the accounts (docs/accounts.md, One person behind the accounts). */
  people: PersonService;
  passwords: PasswordHasher;
  /** Members by id or phone: every module that reads the member of a session. */
  members: AccountRepository;
  /** The members' API router (lib/route.ts). */
  route: Router;
  /** The operators' API router and the audit log every operator's action is written to. */
  backoffice: {
    route: OperatorRouter;
    audit: AuditLog;
    /** The approval rules (docs/backoffice/four-eyes.md) and the changes that wait for a second admin. */
    fourEyes: FourEyes;
    changes: PendingChanges;
  };
  /** This server's own address, for the sandbox parties reached over real HTTP. Known only after listen. */
  ownBaseUrl: () => string;
  /** The parties chosen at their sandbox: what labels their answers and turns the apps' SANDBOX mark on. */
  sandboxAdapters: SandboxAdapters;
}

/** Things tests (and only tests) replace. */
export interface AppDeps {
  clock?: Clock;
  logStream?: DestinationStream;
  argon2?: Argon2Parameters;
  smsSender?: SmsSender;
  /** Tests: a slip verifier in place of SLIP_VERIFIER's (answers no vendor gives, such as captcha_failed). */
  slipVerifier?: SlipVerifier;
  /** Tests: a recording push service in place of web-push's (docs/app.md, Notifications). */
  pushSender?: PushSender;
  /** An embedded database starts as a copy of this PGlite data directory dump (tests: a migrated template). */
  pgliteDataDir?: Blob;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's database, for the readiness probe's tests and operational scripts. */
    db: Db;
    /** The site settings, for tests and the back-office's settings screens. */
    siteSettings: SettingsService;
  }
}

/**
 * Builds the Core once: the database (migrated), the clock, the rate limiter, the settings, the ledger and
 * idempotency services, and the two routers with what authenticates them (a member's session, an operator's),
 * answered beside the Core for the auth and operator modules to register their routes.
 */
export async function createCore(app: FastifyInstance, config: Config, deps: AppDeps) {
  const db = createDatabase(config.database, deps.pgliteDataDir, (error) =>
    app.log.warn({ err: error }, 'an idle database connection ended; the pool opens another when next needed'),
  );
  app.decorate('db', db);
  app.addHook('onClose', async () => {
    await db.destroy();
  });
  await migrateToLatest(db);
  const clock = deps.clock ?? systemClock;
  const recorder = { app, clock, runs: new JobRuns(db) };
  app.decorate<JobRunner>(
    'jobs',
    config.jobs.runner === 'pg-boss' && config.database.url
      ? new PgBossJobs(recorder, { connectionString: config.database.url, graceMs: config.server.shutdownGraceMs })
      : new InProcessJobs(recorder),
  );
  const limiter: RateLimiter = config.redis.url
    ? new RedisRateLimiter(config.redis.url, config.redis.keyPrefix)
    : new MemoryRateLimiter(clock);
  app.addHook('onClose', () => limiter.close());
  const settings = new SettingsService(new SettingsRepository(db), clock);
  app.decorate('siteSettings', settings);
  const passwords = new PasswordHasher(deps.argon2 ?? OWASP_ARGON2);
  const members = new AccountRepository(db);
  const memberEvents = new MemberEvents((error) => app.log.error({ err: error }, 'a member event listener failed'));
  const { ledger, saferPlay, personRepository } = createLedger(config, clock, memberEvents);
  const blocks = { blockOf: (memberId: bigint) => saferPlay.blockOf(db, memberId) };
  const people = new PersonService({ db, repository: personRepository, gate: saferPlay, clock });
  const auth = createAuthService(config, { db, members, passwords, limiter, clock, blocks, people });
  const operators = createOperatorService(config, { db, clock, limiter, passwords });
  const backoffice = createOperatorRouter(app, (request) =>
    operators.service.authenticate(request.headers.authorization),
  );
  const core: Core = {
    config,
    db,
    clock,
    log: app.log,
    limiter,
    settings,
    ledger,
    providers: createProviderRegistry(config, () => ownBaseUrl(app)),
    memberEvents,
    idempotency: new IdempotencyService({ repository: new IdempotencyRepository(db), clock }),
    saferPlay,
    people,
    passwords,
    members,
    route: createRouter(app, async (request, admission) => {
      const caller = await auth.authenticate(request.headers.authorization);
      if (caller.limitedBy && !admission.limited) throw new AppError(caller.limitedBy);
      return caller;
    }),
    backoffice: {
      route: backoffice.route,
      audit: operators.audit,
      fourEyes: operators.fourEyes,
      changes: operators.changes,
    },
    ownBaseUrl: () => ownBaseUrl(app),
    sandboxAdapters: new SandboxAdapters(config.sandbox),
  };
  return { core, auth, operators: { service: operators.service, endpoints: backoffice.endpoints } };
}

/**
 * The ledger with the check every deposit passes (the member's safer-play limits and blocks, which bind the
 * person), built once per process: by the Core, and by an operational script that moves money (the reconciler).
 * `events`: where committed wallet changes are announced (a script has no one to tell).
 */
export function createLedger(config: Config, clock: Clock, events?: MemberEvents) {
  const personRepository = new PersonRepository();
  const saferPlay = new SaferPlayGate({
    repository: new SaferPlayRepository(),
    people: personRepository,
    clock,
    timeZone: siteTimeZone(config.country),
  });
  const ledger = new LedgerService({
    repository: new LedgerRepository(),
    clock,
    ...(events ? { events } : {}),
    depositCheck: (trx, memberId, amountMinor) => saferPlay.assertDeposit(trx, memberId, amountMinor),
  });
  return { ledger, saferPlay, personRepository };
}

/** The adapters of the catalogue's game providers, as configured (once per process, like the ledger). */
export function createProviderRegistry(config: Config, ownBaseUrl: () => string): ProviderRegistry {
  return new ProviderRegistry({
    sandboxBaseUrl: () => config.games.sandboxBaseUrl?.replace(/\/+$/, '') ?? ownBaseUrl(),
    sandboxSecret: config.games.sandboxSecret,
    secrets: config.games.providerSecrets,
    timeoutMs: config.games.timeoutMs,
  });
}

/** This server's own address, for the sandbox parties it reaches over real HTTP. Known only after listen. */
export function ownBaseUrl(app: FastifyInstance): string {
  const address = app.server.address() as AddressInfo | null;
  if (!address || typeof address !== 'object') throw new Error('The server is not listening yet');
  const host = ['0.0.0.0', '::', ''].includes(address.address) ? '127.0.0.1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}
