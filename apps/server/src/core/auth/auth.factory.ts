import { API } from '@member-wallet/contract/api-paths';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { DeviceCookies } from '../../lib/device-cookie.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { AccountRepository } from '../account/account.repository.ts';
import { SessionRepository } from './auth.repository.ts';
import { AuthService, type AuthServiceDeps, type LoginBlocks } from './auth.service.ts';
import { AuthKeysRepository } from './auth-keys.repository.ts';

/** Members' sessions: built with the Core, whose members' router it authenticates. */
export function createAuthService(
  config: Config,
  deps: {
    db: Db;
    members: AccountRepository;
    passwords: PasswordHasher;
    limiter: RateLimiter;
    clock: Clock;
    blocks: LoginBlocks;
    people: AuthServiceDeps['people'];
  },
): AuthService {
  return new AuthService({
    sessions: new SessionRepository(deps.db),
    accounts: deps.members,
    passwords: deps.passwords,
    limiter: deps.limiter,
    clock: deps.clock,
    devices: new DeviceCookies(new AuthKeysRepository(deps.db), {
      space: 'member',
      name: 'mw_device',
      path: API.login,
    }),
    sessionTtlHours: config.sessions.ttlHours,
    rememberTtlDays: config.sessions.rememberTtlDays,
    blocks: deps.blocks,
    people: deps.people,
  });
}
