import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import {
  inviteReviewCsvQuery,
  inviteReviewPage,
  inviteReviewQuery,
  inviteReviewRejectRequest,
  inviteReviewReleaseRequest,
  inviteReviewResponse,
} from '@member-wallet/contract/backoffice/invite-reviews';
import { z } from 'zod/mini';
import { actorOf } from '../../core/operator/operator.service.ts';
import type { OperatorRouter } from '../../core/operator/operator-router.ts';
import { csvStream, sendCsv } from '../../lib/csv.ts';
import { parseInput } from '../../lib/route.ts';
import type { InviteReviewService } from './invite.backoffice.service.ts';

const tags = ['backoffice'];
/** Held links are money the programme would pay: the roles that decide on money. */
const MONEY_ROLES = ['admin', 'finance'] as const;
/** The CSV export's columns: amounts in minor units as the API gives them, times in ISO 8601 (UTC). */
const CSV_HEADER = [
  'inviteeId',
  'inviteePhone',
  'inviteeName',
  'inviterId',
  'inviterPhone',
  'inviterName',
  'reasons',
  'status',
  'currency',
  'heldMinor',
  'forfeitedMinor',
  'openMinor',
  'heldAt',
  'decidedBy',
  'decidedAt',
  'note',
] as const;

/** `:id` is the invitee's public id. */
const idParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });

/** Invite links held for review (docs/backoffice/invite-reviews.md): list, export, release, reject. */
export function inviteReviewRoutes(route: OperatorRouter, reviews: InviteReviewService) {
  route({
    method: 'GET',
    url: BACKOFFICE_API.inviteReviews,
    auth: true,
    roles: MONEY_ROLES,
    summary: 'Invite links held for review (self-referral matches), newest invitee first; status=held is the queue',
    tags,
    query: inviteReviewQuery,
    response: inviteReviewPage,
    handler: ({ query }) => reviews.page(query),
  });
  route({
    method: 'GET',
    url: BACKOFFICE_API.inviteReviewsCsv,
    auth: true,
    roles: MONEY_ROLES,
    summary: 'Every reviewed invite link of the filter as CSV (UTF-8 with a BOM), newest invitee first, streamed',
    tags,
    query: inviteReviewCsvQuery,
    response: z.string(),
    handler: async ({ query, reply }) => {
      const rows = csvStream(CSV_HEADER, reviews.all(query), (review) => [
        review.invitee.id,
        review.invitee.phone,
        review.invitee.name,
        review.inviter.id,
        review.inviter.phone,
        review.inviter.name,
        review.reasons.join(' '),
        review.status,
        review.currency,
        review.heldMinor,
        review.forfeitedMinor,
        review.openMinor,
        review.heldAt,
        review.decidedBy,
        review.decidedAt,
        review.note,
      ]);
      return sendCsv(reply, `invite-reviews-${query.status ?? 'all'}.csv`, rows);
    },
  });
  route({
    method: 'POST',
    url: BACKOFFICE_API.inviteReviewRelease,
    auth: true,
    roles: MONEY_ROLES,
    summary:
      'Release a held invite link: its held accruals become collectable by the inviter, and later ones accrue so',
    tags,
    body: inviteReviewReleaseRequest,
    response: inviteReviewResponse,
    handler: ({ request, auth, body }) =>
      reviews.release(parseInput(idParams, request.params).id, actorOf(auth), body.note),
  });
  route({
    method: 'POST',
    url: BACKOFFICE_API.inviteReviewReject,
    auth: true,
    roles: MONEY_ROLES,
    summary:
      'Reject a held invite link with a reason: its held accruals are forfeited, and the invitee accrues no more',
    tags,
    body: inviteReviewRejectRequest,
    response: inviteReviewResponse,
    handler: ({ request, auth, body }) =>
      reviews.reject(parseInput(idParams, request.params).id, actorOf(auth), body.reason),
  });
}
