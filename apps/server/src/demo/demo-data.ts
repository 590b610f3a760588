import { registerRequest } from '@member-wallet/contract/account';
import type { Config } from '../config.ts';
import type { AccountRepository } from '../core/account/account.repository.ts';
import { parseInput } from '../lib/route.ts';
import type { AccountService } from '../modules/account/account.module.ts';

/**
 * Demo data on an empty database, created through the same service (and request schema) the API uses, so it
 * obeys every rule a real registration does.
 */
export async function seedDemoData(config: Config, accounts: AccountService, repository: AccountRepository) {
  if ((await repository.countMembers()) > 0) return false;
  const request = parseInput(registerRequest(config.country), {
    name: 'Demo Member',
    username: config.demoMember.phone,
    password: config.demoMember.password,
    bankCode: 'KBANK',
    bankAccountName: 'SOMCHAI JAIDEE',
    bankAccountNo: '1234567890',
  });
  await accounts.register(request, 'demo-seed');
  return true;
}
