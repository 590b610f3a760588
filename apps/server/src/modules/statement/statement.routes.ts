import { statementRequest, statementResponse } from '@member-wallet/contract/statement';
import type { Router } from '../../lib/route.ts';
import type { StatementService } from './statement.service.ts';

/** `POST /api/statement` (docs/ledger.md, Statement): the caller's own rows only, the member from the token. */
export function statementRoutes(route: Router, statements: StatementService) {
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
