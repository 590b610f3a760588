import type { FastifyInstance } from 'fastify';
import type { Core } from '../../core.ts';
import type { LookupService } from '../lookup/lookup.service.ts';
import { OtpRepository } from '../otp/otp.repository.ts';
import type { OtpService } from '../otp/otp.service.ts';
import { accountRoutes } from './account.routes.ts';
import { AccountService } from './account.service.ts';

/** Registration, the member's profile and password (docs/accounts.md). */
export function registerAccount(
  _app: FastifyInstance,
  core: Core,
  deps: { otp: OtpService; lookup: LookupService },
): AccountService {
  const accounts = new AccountService({
    db: core.db,
    repository: core.members,
    otpRepository: new OtpRepository(core.db),
    otp: deps.otp,
    lookup: deps.lookup,
    settings: core.settings,
    passwords: core.passwords,
    limiter: core.limiter,
    clock: core.clock,
    country: core.config.country,
  });
  accountRoutes(core.route, accounts, core.config.country);
  return accounts;
}
