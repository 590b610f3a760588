import type { FastifyInstance } from 'fastify';
import type { Core } from '../../core.ts';
import { DepositsBackofficeRepository } from './deposits.backoffice.repository.ts';
import { depositsBackofficeRoutes } from './deposits.backoffice.routes.ts';

export type { DepositsBackofficeRepository } from './deposits.backoffice.repository.ts';
export { accountFits, accountPatterns, accountsAgree, nameFits } from './masked-match.ts';

/** The back-office's lists of every deposit and QR code, and their CSV (docs/backoffice/deposits.md). */
export function registerDeposits(
  _app: FastifyInstance,
  core: Pick<Core, 'backoffice' | 'db'>,
): DepositsBackofficeRepository {
  const deposits = new DepositsBackofficeRepository(core.db);
  depositsBackofficeRoutes(core.backoffice.route, deposits);
  return deposits;
}
