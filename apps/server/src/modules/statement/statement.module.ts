import type { FastifyInstance } from 'fastify';
import type { Core } from '../../core.ts';
import { StatementRepository } from './statement.repository.ts';
import { statementRoutes } from './statement.routes.ts';
import { StatementService } from './statement.service.ts';

/** The member's statement (docs/ledger.md, Statement). */
export function registerStatement(_app: FastifyInstance, core: Pick<Core, 'config' | 'db' | 'route'>): void {
  statementRoutes(core.route, new StatementService(core.db, new StatementRepository()), core.config.country);
}
