import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import {
  withdrawalCsvQuery,
  withdrawalPage,
  withdrawalQuery,
  withdrawalRejectRequest,
  withdrawalReviewResponse,
} from '@member-wallet/contract/backoffice/withdrawals';
import { z } from 'zod/mini';
import { actorOf } from '../../core/operator/operator.service.ts';
import type { OperatorRouter } from '../../core/operator/operator-router.ts';
import { csvStream, sendCsv } from '../../lib/csv.ts';
import { parseInput } from '../../lib/route.ts';
import type { WithdrawalService } from './withdraw.service.ts';

const tags = ['backoffice'];
const MONEY_ROLES = ['admin', 'finance'] as const;
/** The CSV export's columns: amounts in minor units as the API gives them, times in ISO 8601 (UTC). */
const CSV_HEADER = [
  'id',
  'createdAt',
  'memberId',
  'memberPhone',
  'memberName',
  'amountMinor',
  'currency',
  'bankCode',
  'bankAccountNo',
  'bankAccountName',
  'status',
  'review',
  'reviewedBy',
  'reviewedAt',
  'failureReason',
] as const;

const idParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });

/** The withdrawals queue of the back-office (docs/backoffice/withdrawals.md): list, export, approve, reject. */
export function withdrawalReviewRoutes(route: OperatorRouter, withdrawals: WithdrawalService) {
  route({
    method: 'GET',
    url: BACKOFFICE_API.withdrawals,
    auth: true,
    roles: MONEY_ROLES,
    summary: 'Withdrawals, newest first; review=awaiting is the queue',
    tags,
    query: withdrawalQuery,
    response: withdrawalPage,
    handler: ({ query }) => withdrawals.backofficePage(query),
  });
  route({
    method: 'GET',
    url: BACKOFFICE_API.withdrawalsCsv,
    auth: true,
    roles: MONEY_ROLES,
    summary: 'Every withdrawal of the filters as CSV (UTF-8 with a BOM), newest first, streamed',
    tags,
    query: withdrawalCsvQuery,
    response: z.string(),
    handler: async ({ query, reply }) => {
      const rows = csvStream(CSV_HEADER, withdrawals.backofficeAll(query), (w) => [
        w.id,
        w.createdAt,
        w.member.id,
        w.member.phone,
        w.member.name,
        w.amountMinor,
        w.currency,
        w.bank.code,
        w.bank.accountNo,
        w.bank.accountName,
        w.status,
        w.review,
        w.reviewedBy,
        w.reviewedAt,
        w.failureReason,
      ]);
      const name = `withdrawals-${query.review ?? 'all'}${query.status ? `-${query.status}` : ''}.csv`;
      return sendCsv(reply, name, rows);
    },
  });
  route({
    method: 'POST',
    url: BACKOFFICE_API.withdrawalApprove,
    auth: true,
    roles: MONEY_ROLES,
    summary: 'Approve a withdrawal waiting for review: it is paid through the payout party, once',
    tags,
    response: withdrawalReviewResponse,
    handler: async ({ request, auth }) => {
      const { id } = parseInput(idParams, request.params);
      return withdrawals.backofficeReview(await withdrawals.approve(id, actorOf(auth)));
    },
  });
  route({
    method: 'POST',
    url: BACKOFFICE_API.withdrawalReject,
    auth: true,
    roles: MONEY_ROLES,
    summary: 'Reject a withdrawal waiting for review, with a reason: the money returns to the wallet, once',
    tags,
    body: withdrawalRejectRequest,
    response: withdrawalReviewResponse,
    handler: async ({ request, auth, body }) => {
      const { id } = parseInput(idParams, request.params);
      return withdrawals.backofficeReview(await withdrawals.reject(id, actorOf(auth), body.reason));
    },
  });
}
