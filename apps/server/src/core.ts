import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { Clock } from './lib/clock.ts';
import type { PasswordHasher } from './lib/passwords.ts';
import type { RateLimiter } from './lib/rate-limiter.ts';
import type { Router } from './lib/route.ts';
import type { AccountRepository } from './modules/account/account.repository.ts';
import type { IdempotencyService } from './modules/ledger/idempotency.service.ts';
import type { LedgerService } from './modules/ledger/ledger.service.ts';
import type { AuditLog } from './modules/operator/audit-log.ts';
import type { OperatorRouter } from './modules/operator/operator-router.ts';
import type { SettingsService } from './modules/settings/settings.service.ts';

/**
 * What is built once, in app.ts, and handed to every module's `register<Name>(app, core, deps?)`
 * (docs/architecture.md, One module shape). A module builds its own repositories and services from it; what
 * it needs of another module (the bonus rules a withdrawal obeys, say) comes in its third argument, named by
 * the interface it uses, so every edge between modules is visible in app.ts.
 */
export interface Core {
  config: Config;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Shared through Redis when REDIS_URL is set, so every node counts the same requests. */
  limiter: RateLimiter;
  settings: SettingsService;
  /** The one way money moves: balanced entries under an idempotency key (docs/ledger.md). */
  ledger: LedgerService;
  /** Replays of a member's money request answer the first answer (Idempotency-Key). */
  idempotency: IdempotencyService;
  passwords: PasswordHasher;
  /** Members by id or phone: every module that reads the member of a session. */
  members: AccountRepository;
  /** The members' API router (lib/route.ts). */
  route: Router;
  /** The operators' API router and the audit log every operator's action is written to. */
  backoffice: { route: OperatorRouter; audit: AuditLog };
  /** This server's own address, for the sandbox parties reached over real HTTP. Known only after listen. */
  ownBaseUrl: () => string;
}
