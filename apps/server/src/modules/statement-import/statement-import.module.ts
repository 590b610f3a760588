import type { FastifyInstance } from 'fastify';
import type { Core } from '../../core.ts';
import { StatementImportRepository } from './statement-import.repository.ts';
import { statementImportRoutes } from './statement-import.routes.ts';
import { StatementImportService, type TransferRecorder } from './statement-import.service.ts';

/**
 * Statement files an operator uploads (docs/backoffice/statement-import.md): read whole, previewed, then each
 * credit line recorded as the bank feed records a transfer. `recorder`: the bank feed's matcher, so a line is
 * matched to a member or put in suspense by the same rule, once per reference.
 */
export function registerStatementImports(
  _app: FastifyInstance,
  core: Pick<Core, 'backoffice' | 'clock' | 'db'>,
  deps: { recorder: TransferRecorder },
): void {
  const service = new StatementImportService({
    db: core.db,
    repository: new StatementImportRepository(),
    recorder: deps.recorder,
    audit: core.backoffice.audit,
    clock: core.clock,
  });
  statementImportRoutes(core.backoffice.route, service);
}
