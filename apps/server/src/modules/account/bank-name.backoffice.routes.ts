import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import {
  bankNameChangeApproveRequest,
  bankNameChangeCsvQuery,
  bankNameChangePage,
  bankNameChangeQuery,
  bankNameChangeRejectRequest,
  bankNameChangeResponse,
} from '@member-wallet/contract/backoffice/bank-name-changes';
import { z } from 'zod/mini';
import { actorOf } from '../../core/operator/operator.service.ts';
import type { OperatorRouter } from '../../core/operator/operator-router.ts';
import { csvStream, sendCsv } from '../../lib/csv.ts';
import { parseInput } from '../../lib/route.ts';
import type { BankNameReviewService } from './bank-name.backoffice.service.ts';

const tags = ['backoffice'];
/**
 * The account name is what a payout is made out to and what automatic deposits are matched by: the roles that
 * decide on money (as for invite links held for review and withdrawals).
 */
const MONEY_ROLES = ['admin', 'finance'] as const;

/** The CSV export's columns: times in ISO 8601 (UTC). */
const CSV_HEADER = [
  'id',
  'memberId',
  'memberPhone',
  'memberName',
  'bankCode',
  'bankAccountNo',
  'nameFrom',
  'nameTo',
  'status',
  'requestedAt',
  'decidedBy',
  'decidedAt',
  'reason',
] as const;

/** `:id` is the request's id. */
const idParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });

/** Bank account name changes waiting for an operator (docs/backoffice/bank-name-changes.md): list, export, approve, reject. */
export function bankNameReviewRoutes(route: OperatorRouter, reviews: BankNameReviewService) {
  route({
    method: 'GET',
    url: BACKOFFICE_API.bankNameChanges,
    auth: true,
    roles: MONEY_ROLES,
    summary: 'Bank account name changes that are not a spelling, newest first; status=pending is the queue',
    tags,
    query: bankNameChangeQuery,
    response: bankNameChangePage,
    handler: ({ query }) => reviews.page(query),
  });
  route({
    method: 'GET',
    url: BACKOFFICE_API.bankNameChangesCsv,
    auth: true,
    roles: MONEY_ROLES,
    summary: 'Every bank account name change of the filter as CSV (UTF-8 with a BOM), newest first, streamed',
    tags,
    query: bankNameChangeCsvQuery,
    response: z.string(),
    handler: async ({ query, reply }) => {
      const rows = csvStream(CSV_HEADER, reviews.all(query), (change) => [
        change.id,
        change.member.id,
        change.member.phone,
        change.member.name,
        change.bankCode,
        change.member.bankAccountNo,
        change.nameFrom,
        change.nameTo,
        change.status,
        change.requestedAt,
        change.decidedBy,
        change.decidedAt,
        change.reason,
      ]);
      return sendCsv(reply, `bank-name-changes-${query.status ?? 'all'}.csv`, rows);
    },
  });
  route({
    method: 'POST',
    url: BACKOFFICE_API.bankNameChangeApprove,
    auth: true,
    roles: MONEY_ROLES,
    summary: "Approve a bank account name change: the member's account name becomes the one asked for",
    tags,
    body: bankNameChangeApproveRequest,
    response: bankNameChangeResponse,
    handler: ({ request, auth, body }) =>
      reviews.approve(parseInput(idParams, request.params).id, actorOf(auth), body.note),
  });
  route({
    method: 'POST',
    url: BACKOFFICE_API.bankNameChangeReject,
    auth: true,
    roles: MONEY_ROLES,
    summary: "Reject a bank account name change with a reason: the member's account name stays",
    tags,
    body: bankNameChangeRejectRequest,
    response: bankNameChangeResponse,
    handler: ({ request, auth, body }) =>
      reviews.reject(parseInput(idParams, request.params).id, actorOf(auth), body.reason),
  });
}
