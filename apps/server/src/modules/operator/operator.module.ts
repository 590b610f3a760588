import type { FastifyInstance } from 'fastify';
import type { AuditLog } from '../../core/operator/audit-log.ts';
import { TOTP_ISSUER } from '../../core/operator/operator.factory.ts';
import type { OperatorService } from '../../core/operator/operator.service.ts';
import type { OperatorEndpoint } from '../../core/operator/operator-router.ts';
import type { Core } from '../../core.ts';
import { SecretBox } from '../../lib/secret-box.ts';
import { auditCsvRoutes } from './audit.backoffice.routes.ts';
import { EnrolmentService } from './enrolment.service.ts';
import { operatorRoutes, sandboxStatusRoute } from './operator.routes.ts';
import { OperatorAccountsRepository } from './operator-accounts.repository.ts';
import { enrolmentRoutes, operatorAccountsRoutes, ownAccountRoutes } from './operator-accounts.routes.ts';
import { OperatorAccountsService } from './operator-accounts.service.ts';
import { operatorRoleChange } from './operator-role.change.ts';
import { pendingChangeRoutes } from './pending-change.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The back-office: operator accounts (for tests and the create-operator command) and its endpoints. */
    backoffice: { operators: OperatorService; audit: AuditLog; endpoints: readonly OperatorEndpoint[] };
  }
}

/**
 * The back-office's API (docs/backoffice/README.md): operator sign-in, sessions, roles, operator accounts and
 * their enrolment (docs/backoffice/operators.md), the audit log and its export, and whether sandbox mode is on
 * and any party is the sandbox. The operator service and router were built with the Core, whose back-office
 * router the other modules add their operators' routes to.
 */
export function registerOperators(
  app: FastifyInstance,
  core: Pick<Core, 'backoffice' | 'clock' | 'config' | 'db' | 'limiter' | 'passwords' | 'sandboxAdapters'>,
  deps: { operators: OperatorService; endpoints: readonly OperatorEndpoint[] },
): void {
  const { route, audit } = core.backoffice;
  operatorRoutes(route, deps.operators, audit);
  const { db, clock, limiter, passwords } = core;
  const secrets = new SecretBox(core.config.operators.secretKey);
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
