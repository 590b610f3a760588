import type { FastifyInstance } from 'fastify';
import type { Core } from '../../core.ts';
import type { LookupService } from '../lookup/lookup.module.ts';
import type { OtpService } from '../otp/otp.module.ts';
import { accountRoutes } from './account.routes.ts';
import { AccountService } from './account.service.ts';
import { bankNameReviewRoutes } from './bank-name.backoffice.routes.ts';
import { BankNameReviewService } from './bank-name.backoffice.service.ts';
import { BankNameRepository } from './bank-name.repository.ts';

export type { AccountService } from './account.service.ts';

/**
 * Registration, the member's profile and password (docs/accounts.md), and the operators' review of bank account
 * name changes that are not a spelling (docs/backoffice/bank-name-changes.md).
 */
export function registerAccount(
  _app: FastifyInstance,
  core: Pick<
    Core,
    'backoffice' | 'clock' | 'config' | 'db' | 'limiter' | 'members' | 'passwords' | 'people' | 'route' | 'settings'
  >,
  deps: { otp: OtpService; lookup: LookupService },
): AccountService {
  const bankNames = new BankNameRepository();
  const accounts = new AccountService({
    db: core.db,
    repository: core.members,
    bankNames,
    otp: deps.otp,
    lookup: deps.lookup,
    settings: core.settings,
    passwords: core.passwords,
    limiter: core.limiter,
    clock: core.clock,
    country: core.config.country,
    people: core.people,
  });
  accountRoutes(core.route, accounts, core.config.country);
  const reviews = new BankNameReviewService({
    db: core.db,
    repository: bankNames,
    audit: core.backoffice.audit,
    clock: core.clock,
  });
  bankNameReviewRoutes(core.backoffice.route, reviews);
  return accounts;
}
