import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { DeviceCookies } from '../../lib/device-cookie.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { SecretBox } from '../../lib/secret-box.ts';
import { AuditLog } from './audit-log.ts';
import { OperatorRepository } from './operator.repository.ts';
import { operatorRoutes, sandboxStatusRoute } from './operator.routes.ts';
import { OperatorService } from './operator.service.ts';
import { createOperatorRouter, type OperatorEndpoint } from './operator-router.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The back-office: operator accounts (for tests and the create-operator command) and its endpoints. */
    backoffice: { operators: OperatorService; audit: AuditLog; endpoints: readonly OperatorEndpoint[] };
  }
}

/** What an authenticator app shows beside an operator's codes. */
export const TOTP_ISSUER = 'Member Wallet back-office';

export function createOperatorService(
  config: Config,
  deps: { db: Db; clock: Clock; limiter: RateLimiter; passwords: PasswordHasher },
) {
  const audit = new AuditLog(deps.db);
  const service = new OperatorService({
    ...deps,
    devices: new DeviceCookies(deps.db, { space: 'operator', name: 'mw_op_device', path: BACKOFFICE_API.login }),
    repository: new OperatorRepository(deps.db),
    audit,
    secrets: new SecretBox(config.operatorSecretKey),
    sessionHours: config.operatorSessionHours,
    issuer: TOTP_ISSUER,
  });
  return { service, audit };
}

/**
 * The back-office's API (docs/backoffice/README.md): operator sign-in, sessions, roles and the audit log. Answers the
 * operator router, for the back-office's other modules to add their routes to, and the endpoint list.
 */
export function registerOperators(
  app: FastifyInstance,
  config: Config,
  deps: { db: Db; clock: Clock; limiter: RateLimiter; passwords: PasswordHasher },
) {
  const { service, audit } = createOperatorService(config, deps);
  const router = createOperatorRouter(app, (request) => service.authenticate(request.headers.authorization));
  operatorRoutes(router.route, service, audit);
  sandboxStatusRoute(router.route, config.sandbox);
  app.decorate('backoffice', { operators: service, audit, endpoints: router.endpoints });
  return { service, audit, route: router.route };
}
