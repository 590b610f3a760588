import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import {
  personMatchCsvQuery,
  personMatchDecision,
  personMatchPage,
  personMatchQuery,
  personMatchResponse,
} from '@member-wallet/contract/backoffice/person-matches';
import { z } from 'zod/mini';
import { actorOf } from '../../core/operator/operator.service.ts';
import type { OperatorRouter } from '../../core/operator/operator-router.ts';
import { csvStream, sendCsv } from '../../lib/csv.ts';
import { parseInput } from '../../lib/route.ts';
import type { PersonBackofficeService } from './person.backoffice.service.ts';

const tags = ['backoffice'];
/** Who is one person decides blocks, bonuses and commission: the roles that look after members and money. */
const REVIEW_ROLES = ['admin', 'support', 'finance'] as const;

/** The CSV export's columns: times in ISO 8601 (UTC), signals joined by spaces. */
const CSV_HEADER = [
  'id',
  'memberId',
  'memberPhone',
  'memberBankCode',
  'memberBankAccountNo',
  'memberBankAccountName',
  'memberRegistrationIp',
  'memberBlock',
  'otherId',
  'otherPhone',
  'otherBankCode',
  'otherBankAccountNo',
  'otherBankAccountName',
  'otherRegistrationIp',
  'otherBlock',
  'signals',
  'status',
  'foundAt',
  'decidedBy',
  'decidedAt',
  'note',
] as const;

/** `:id` is the match's id. */
const idParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });

/** The "possible same person" queue (docs/backoffice/person-matches.md): list, export, decide. */
export function personMatchRoutes(route: OperatorRouter, matches: PersonBackofficeService) {
  route({
    method: 'GET',
    url: BACKOFFICE_API.personMatches,
    auth: true,
    roles: REVIEW_ROLES,
    summary: 'Accounts found alike, newest first, with the signals seen; status=open is the queue',
    tags,
    query: personMatchQuery,
    response: personMatchPage,
    handler: ({ query }) => matches.page(query),
  });
  route({
    method: 'GET',
    url: BACKOFFICE_API.personMatchesCsv,
    auth: true,
    roles: REVIEW_ROLES,
    summary: 'Every match of the filter as CSV (UTF-8 with a BOM), newest first, streamed',
    tags,
    query: personMatchCsvQuery,
    response: z.string(),
    handler: async ({ query, reply }) => {
      const rows = csvStream(CSV_HEADER, matches.all(query), (match) => [
        match.id,
        ...[match.member, match.other].flatMap((side) => [
          side.id,
          side.phone,
          side.bankCode,
          side.bankAccountNo,
          side.bankAccountName,
          side.registrationIp,
          side.block,
        ]),
        match.signals.join(' '),
        match.status,
        match.foundAt,
        match.decidedBy,
        match.decidedAt,
        match.note,
      ]);
      return sendCsv(reply, `person-matches-${query.status ?? 'all'}.csv`, rows);
    },
  });
  route({
    method: 'POST',
    url: BACKOFFICE_API.personMatchDecide,
    auth: true,
    roles: REVIEW_ROLES,
    summary: 'Decide an open match: the same person (link, for good) or different people (dismiss)',
    tags,
    body: personMatchDecision,
    response: personMatchResponse,
    handler: ({ request, auth, body }) => matches.decide(parseInput(idParams, request.params).id, actorOf(auth), body),
  });
}
