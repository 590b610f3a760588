import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import {
  slipCreditRequest,
  slipDismissRequest,
  slipReviewCsvQuery,
  slipReviewPage,
  slipReviewQuery,
  slipReviewResponse,
} from '@member-wallet/contract/backoffice/slips';
import {
  bankTransferAssignRequest,
  bankTransferCsvQuery,
  bankTransferPage,
  bankTransferQuery,
  bankTransferRefundRequest,
  bankTransferSettleResponse,
} from '@member-wallet/contract/backoffice/suspense';
import { z } from 'zod/mini';
import { actorOf } from '../../core/operator/operator.service.ts';
import type { OperatorRouter } from '../../core/operator/operator-router.ts';
import { csvStream, sendCsv } from '../../lib/csv.ts';
import { parseInput } from '../../lib/route.ts';
import type { SlipReviewService } from './slips.backoffice.service.ts';
import type { SuspenseService } from './suspense.backoffice.service.ts';

const tags = ['backoffice'];
const MONEY_ROLES = ['admin', 'finance'] as const;
const idParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });

const TRANSFER_CSV_HEADER = [
  'id',
  'createdAt',
  'reference',
  'reason',
  'senderBankCode',
  'senderAccountNo',
  'operatorAccountNo',
  'amountMinor',
  'currency',
  'transferredAt',
  'state',
  'settledAs',
  'settledBy',
  'settledAt',
  'memberId',
  'memberPhone',
  'memberName',
  'note',
] as const;

const SLIP_CSV_HEADER = [
  'id',
  'createdAt',
  'memberId',
  'memberPhone',
  'memberName',
  'reason',
  'amountMinor',
  'currency',
  'sendingBank',
  'reference',
  'review',
  'reviewedBy',
  'reviewedAt',
  'reviewNote',
] as const;

/** Bank transfers in suspense (docs/backoffice/deposits.md): list, export, assign to a member, refund to the sender. */
export function suspenseBackofficeRoutes(route: OperatorRouter, suspense: SuspenseService) {
  route({
    method: 'GET',
    url: BACKOFFICE_API.bankTransfers,
    auth: true,
    roles: MONEY_ROLES,
    summary: 'Bank transfers the matcher put in suspense, newest first; status=open is the queue',
    tags,
    query: bankTransferQuery,
    response: bankTransferPage,
    handler: ({ query }) => suspense.page(query),
  });
  route({
    method: 'GET',
    url: BACKOFFICE_API.bankTransfersCsv,
    auth: true,
    roles: MONEY_ROLES,
    summary: 'Every bank transfer in suspense of the filter as CSV (UTF-8 with a BOM), newest first, streamed',
    tags,
    query: bankTransferCsvQuery,
    response: z.string(),
    handler: async ({ query, reply }) => {
      const rows = csvStream(TRANSFER_CSV_HEADER, suspense.all(query), (t) => [
        t.id,
        t.createdAt,
        t.reference,
        t.reason,
        t.sender.bankCode,
        t.sender.accountNo,
        t.operatorAccountNo,
        t.amountMinor,
        t.currency,
        t.transferredAt,
        t.state,
        t.settledAs,
        t.settledBy,
        t.settledAt,
        t.member?.id,
        t.member?.phone,
        t.member?.name,
        t.note,
      ]);
      return sendCsv(reply, `bank-transfers-${query.status ?? 'all'}.csv`, rows);
    },
  });
  route({
    method: 'POST',
    url: BACKOFFICE_API.bankTransferAssign,
    auth: true,
    roles: MONEY_ROLES,
    summary: "Credit a transfer in suspense to a member's wallet, once",
    tags,
    body: bankTransferAssignRequest,
    response: bankTransferSettleResponse,
    handler: async ({ request, auth, body }) => {
      const { id } = parseInput(idParams, request.params);
      return suspense.view(await suspense.assign(id, body.memberId, body.note ?? null, actorOf(auth)));
    },
  });
  route({
    method: 'POST',
    url: BACKOFFICE_API.bankTransferRefund,
    auth: true,
    roles: MONEY_ROLES,
    summary: "Send a transfer in suspense back to the sender's account through the payout party, once",
    tags,
    body: bankTransferRefundRequest,
    response: bankTransferSettleResponse,
    handler: async ({ request, auth, body }) => {
      const { id } = parseInput(idParams, request.params);
      return suspense.view(await suspense.refund(id, body.reason, actorOf(auth), body.accountNo));
    },
  });
}

/** Slips to review (docs/backoffice/deposits.md): list with pictures, export, credit to the member, dismiss. */
export function slipReviewRoutes(route: OperatorRouter, reviews: SlipReviewService) {
  route({
    method: 'GET',
    url: BACKOFFICE_API.slips,
    auth: true,
    roles: MONEY_ROLES,
    summary: 'Slips refused with a verified amount (NOT_MATCH, EXPIRED_SLIP), newest first; review=needed is the queue',
    tags,
    query: slipReviewQuery,
    response: slipReviewPage,
    handler: ({ query }) => reviews.page(query),
  });
  route({
    method: 'GET',
    url: BACKOFFICE_API.slipsCsv,
    auth: true,
    roles: MONEY_ROLES,
    summary: 'Every slip to review of the filters as CSV (UTF-8 with a BOM), newest first, streamed',
    tags,
    query: slipReviewCsvQuery,
    response: z.string(),
    handler: async ({ query, reply }) => {
      const rows = csvStream(SLIP_CSV_HEADER, reviews.all(query), (s) => [
        s.id,
        s.createdAt,
        s.member.id,
        s.member.phone,
        s.member.name,
        s.reason,
        s.amountMinor,
        s.currency,
        s.sendingBank,
        s.reference,
        s.review,
        s.reviewedBy,
        s.reviewedAt,
        s.reviewNote,
      ]);
      return sendCsv(reply, `slips-${query.review ?? 'all'}${query.reason ? `-${query.reason}` : ''}.csv`, rows);
    },
  });
  route({
    method: 'POST',
    url: BACKOFFICE_API.slipCredit,
    auth: true,
    roles: MONEY_ROLES,
    summary: "Credit a refused slip's transfer to its member, once",
    tags,
    body: slipCreditRequest,
    response: slipReviewResponse,
    handler: async ({ request, auth, body }) => {
      const { id } = parseInput(idParams, request.params);
      return reviews.view(await reviews.credit(id, body.note ?? null, actorOf(auth)));
    },
  });
  route({
    method: 'POST',
    url: BACKOFFICE_API.slipDismiss,
    auth: true,
    roles: MONEY_ROLES,
    summary: 'Mark a refused slip reviewed without money, with a reason',
    tags,
    body: slipDismissRequest,
    response: slipReviewResponse,
    handler: async ({ request, auth, body }) => {
      const { id } = parseInput(idParams, request.params);
      return reviews.view(await reviews.dismiss(id, body.reason, actorOf(auth)));
    },
  });
}
