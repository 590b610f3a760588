import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Core } from '../../core.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { DeviceCookies } from '../../lib/device-cookie.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { SecretBox } from '../../lib/secret-box.ts';
import { AuthKeysRepository } from '../auth/auth-keys.repository.ts';
import { auditCsvRoutes } from './audit.backoffice.routes.ts';
import { AuditLog } from './audit-log.ts';
import { EnrolmentService } from './enrolment.service.ts';
import { FourEyesRepository } from './four-eyes.repository.ts';
import { FourEyes } from './four-eyes.ts';
import { OperatorRepository } from './operator.repository.ts';
import { operatorRoutes, sandboxStatusRoute } from './operator.routes.ts';
import { OperatorService } from './operator.service.ts';
import { OperatorAccountsRepository } from './operator-accounts.repository.ts';
import { enrolmentRoutes, operatorAccountsRoutes, ownAccountRoutes } from './operator-accounts.routes.ts';
import { OperatorAccountsService } from './operator-accounts.service.ts';
import { operatorRoleChange } from './operator-role.change.ts';
import type { OperatorEndpoint } from './operator-router.ts';
import { PendingChangeRepository } from './pending-change.repository.ts';
import { pendingChangeRoutes } from './pending-change.routes.ts';
import { PendingChanges } from './pending-change.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The back-office: operator accounts (for tests and the create-operator command) and its endpoints. */
    backoffice: { operators: OperatorService; audit: AuditLog; endpoints: readonly OperatorEndpoint[] };
  }
}

/** The operators' sign-in and enrolment calls: where their device cookie is sent. */
export const OPERATOR_AUTH_PATH = '/backoffice/api/auth';

/** What an authenticator app shows beside an operator's codes. */
export const TOTP_ISSUER = 'Member Wallet back-office';

export function createOperatorService(
  config: Config,
  deps: { db: Db; clock: Clock; limiter: RateLimiter; passwords: PasswordHasher },
) {
  const audit = new AuditLog(deps.db);
  const service = new OperatorService({
    ...deps,
    devices: new DeviceCookies(new AuthKeysRepository(deps.db), {
      space: 'operator',
      name: 'mw_op_device',
      // Sent to the enrolment calls too, which refuse the device of the admin who made the link.
      path: OPERATOR_AUTH_PATH,
    }),
    repository: new OperatorRepository(deps.db),
    audit,
    secrets: new SecretBox(config.operatorSecretKey),
    sessionHours: config.operatorSessionHours,
    issuer: TOTP_ISSUER,
  });
  const fourEyes = new FourEyes(new FourEyesRepository());
  const changes = new PendingChanges({ ...deps, audit, repository: new PendingChangeRepository(), fourEyes });
  return { service, audit, fourEyes, changes };
}

/**
 * The back-office's API (docs/backoffice/README.md): operator sign-in, sessions, roles, operator accounts and
 * their enrolment (docs/backoffice/operators.md), the audit log and its export, and whether sandbox mode is on
 * and any party is the sandbox. The operator service and router were built with the Core, whose back-office
 * router the other modules add their operators' routes to.
 */
export function registerOperators(
  app: FastifyInstance,
  core: Core,
  deps: { operators: OperatorService; endpoints: readonly OperatorEndpoint[] },
): void {
  const { route, audit } = core.backoffice;
  operatorRoutes(route, deps.operators, audit);
  const { db, clock, limiter, passwords } = core;
  const secrets = new SecretBox(core.config.operatorSecretKey);
  const repository = new OperatorAccountsRepository(db);
  const { fourEyes, changes } = core.backoffice;
  const accounts = new OperatorAccountsService({ db, clock, audit, secrets, repository, fourEyes, changes });
  changes.define('operator.role', operatorRoleChange(repository, fourEyes));
  pendingChangeRoutes(route, changes);
  operatorAccountsRoutes(route, accounts);
  ownAccountRoutes(route, accounts);
  enrolmentRoutes(
    route,
    new EnrolmentService({
      ...{ db, clock, audit, secrets, repository, passwords, limiter },
      issuer: TOTP_ISSUER,
      operators: deps.operators,
    }),
  );
  auditCsvRoutes(route, audit);
  sandboxStatusRoute(route, core.config.sandbox, () => core.sandboxAdapters.active());
  app.decorate('backoffice', { operators: deps.operators, audit, endpoints: deps.endpoints });
}
