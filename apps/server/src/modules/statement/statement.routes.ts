import { statementRequest, statementResponse } from '@member-wallet/contract/statement';
import type { Db } from '../../db/database.ts';
import type { Router } from '../../lib/route.ts';
import { StatementRepository } from './statement.repository.ts';
import { StatementService } from './statement.service.ts';

/** `POST /api/statement` (docs/ledger.md, Statement): the caller's own rows only, the member from the token. */
export function statementRoutes(route: Router, db: Db) {
  const statements = new StatementService(db, new StatementRepository());
  route({
    method: 'POST',
    url: '/api/statement',
    auth: true,
    summary: "One page of the member's statement, newest first, with the number of rows in all",
    tags: ['wallet'],
    body: statementRequest,
    response: statementResponse,
    handler: ({ body, auth }) => statements.statement(auth.memberId, body),
  });
}
