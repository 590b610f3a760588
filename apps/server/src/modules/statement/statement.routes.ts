import { API } from '@member-wallet/contract/api-paths';
import type { Country } from '@member-wallet/contract/constants';
import { statementRequest, statementResponse } from '@member-wallet/contract/statement';
import { pickLocale } from '../../lib/locale.ts';
import type { Router } from '../../lib/route.ts';
import type { StatementService } from './statement.service.ts';

/**
 * `POST /api/statement` (docs/ledger.md, Statement): the caller's own rows only, the member from the token, their
 * descriptions in the language of the request's Accept-Language.
 */
export function statementRoutes(route: Router, statements: StatementService, country: Country) {
  route({
    method: 'POST',
    url: API.statement,
    auth: true,
    summary: "One page of the member's statement, newest first, with the number of rows in all",
    tags: ['wallet'],
    body: statementRequest,
    response: statementResponse,
    handler: ({ request, body, auth }) =>
      statements.statement(auth.memberId, body, pickLocale(request.headers['accept-language'], country)),
  });
}
