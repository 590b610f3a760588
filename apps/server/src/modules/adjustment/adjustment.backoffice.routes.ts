import {
  adjustmentCsvQuery,
  adjustmentPage,
  adjustmentQuery,
  adjustmentRejectRequest,
  adjustmentRequest,
  adjustmentResponse,
} from '@member-wallet/contract/backoffice/adjustments';
import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { z } from 'zod/mini';
import { actorOf } from '../../core/operator/operator.service.ts';
import type { OperatorRouter } from '../../core/operator/operator-router.ts';
import { csvStream, sendCsv } from '../../lib/csv.ts';
import { parseInput } from '../../lib/route.ts';
import type { AdjustmentService } from './adjustment.service.ts';

const tags = ['backoffice'];
const MONEY_ROLES = ['admin', 'finance'] as const;
/** The CSV export's columns: amounts in signed minor units as the API gives them, times in ISO 8601 (UTC). */
const CSV_HEADER = [
  'id',
  'requestedAt',
  'memberId',
  'memberPhone',
  'memberName',
  'amountMinor',
  'currency',
  'reason',
  'status',
  'requestedBy',
  'reviewedBy',
  'reviewedAt',
  'reviewReason',
  'entryId',
  'bonusWinMultiple',
  'bonusPercentFail',
] as const;

const idParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });

/** Manual adjustments in the back-office (docs/backoffice/members.md, Manual adjustments): ask, list, export, review. */
export function adjustmentBackofficeRoutes(route: OperatorRouter, adjustments: AdjustmentService) {
  route({
    method: 'POST',
    url: BACKOFFICE_API.memberAdjustments,
    auth: true,
    roles: MONEY_ROLES,
    summary:
      "Credit (amountMinor > 0) or debit (< 0) a member's wallet with a reason: applied at once up to the " +
      "currency's approval amount, else awaiting a second operator. A retry with the same requestId moves nothing. " +
      'A credit with asBonus {winMultiple, percentFail} runs as the member’s bonus once applied (BONUS_REMAINING ' +
      'while one runs)',
    tags,
    body: adjustmentRequest,
    response: adjustmentResponse,
    handler: ({ request, auth, body }) =>
      adjustments.request(parseInput(idParams, request.params).id, body, actorOf(auth)),
  });
  route({
    method: 'GET',
    url: BACKOFFICE_API.adjustments,
    auth: true,
    roles: MONEY_ROLES,
    summary: 'Manual adjustments, newest first; status=awaiting is the approval queue',
    tags,
    query: adjustmentQuery,
    response: adjustmentPage,
    handler: ({ query }) => adjustments.page(query),
  });
  route({
    method: 'GET',
    url: BACKOFFICE_API.adjustmentsCsv,
    auth: true,
    roles: MONEY_ROLES,
    summary: 'Every manual adjustment of the filter as CSV (UTF-8 with a BOM), newest first, streamed',
    tags,
    query: adjustmentCsvQuery,
    response: z.string(),
    handler: async ({ query, reply }) => {
      const rows = csvStream(CSV_HEADER, adjustments.all(query), (a) => [
        a.id,
        a.requestedAt,
        a.member.id,
        a.member.phone,
        a.member.name,
        a.amountMinor,
        a.currency,
        a.reason,
        a.status,
        a.requestedBy,
        a.reviewedBy,
        a.reviewedAt,
        a.reviewReason,
        a.entryId,
        a.asBonus?.winMultiple ?? null,
        a.asBonus?.percentFail ?? null,
      ]);
      const name = `adjustments-${query.status ?? 'all'}.csv`;
      return sendCsv(reply, name, rows);
    },
  });
  route({
    method: 'POST',
    url: BACKOFFICE_API.adjustmentApprove,
    auth: true,
    roles: MONEY_ROLES,
    summary:
      'Approve an adjustment awaiting a second operator (not its requester): the money moves, once; one paid as a ' +
      'bonus answers BONUS_REMAINING while the member runs a bonus, and stays awaiting',
    tags,
    response: adjustmentResponse,
    handler: ({ request, auth }) => adjustments.approve(parseInput(idParams, request.params).id, actorOf(auth)),
  });
  route({
    method: 'POST',
    url: BACKOFFICE_API.adjustmentReject,
    auth: true,
    roles: MONEY_ROLES,
    summary: 'Reject an adjustment awaiting a second operator (not its requester), with a reason: no money moves',
    tags,
    body: adjustmentRejectRequest,
    response: adjustmentResponse,
    handler: ({ request, auth, body }) =>
      adjustments.reject(parseInput(idParams, request.params).id, actorOf(auth), body.reason),
  });
}
