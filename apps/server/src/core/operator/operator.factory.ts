import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { DeviceCookies } from '../../lib/device-cookie.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { SecretBox } from '../../lib/secret-box.ts';
import { AuthKeysRepository } from '../auth/auth-keys.repository.ts';
import { AuditLog } from './audit-log.ts';
import { FourEyesRepository } from './four-eyes.repository.ts';
import { FourEyes } from './four-eyes.ts';
import { OperatorRepository } from './operator.repository.ts';
import { OperatorService } from './operator.service.ts';
import { PendingChangeRepository } from './pending-change.repository.ts';
import { PendingChanges } from './pending-change.service.ts';

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
    secrets: new SecretBox(config.operators.secretKey),
    sessionHours: config.operators.sessionHours,
    issuer: TOTP_ISSUER,
  });
  const fourEyes = new FourEyes(new FourEyesRepository());
  const changes = new PendingChanges({ ...deps, audit, repository: new PendingChangeRepository(), fourEyes });
  return { service, audit, fourEyes, changes };
}
