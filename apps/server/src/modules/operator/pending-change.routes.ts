import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import {
  pendingChangeList,
  pendingChangeQuery,
  pendingChangeRejectRequest,
  pendingChangeResponse,
} from '@member-wallet/contract/backoffice/pending-changes';
import { z } from 'zod/mini';
import { callerOf } from '../../core/operator/operator.service.ts';
import type { OperatorRouter } from '../../core/operator/operator-router.ts';
import type { PendingChanges } from '../../core/operator/pending-change.service.ts';
import { AppError } from '../../lib/errors.ts';
import { parseInput } from '../../lib/route.ts';

const tags = ['backoffice'];
const ADMIN = ['admin'] as const;
const idParams = z.object({ id: z.string().check(z.maxLength(20)) });

/** A change's id from the path; any other shape is no row (404), as an unknown id is. */
function idOf(params: unknown): bigint {
  const { id } = parseInput(idParams, params);
  if (!/^[1-9]\d{0,17}$/.test(id)) throw new AppError('NO_DATA');
  return BigInt(id);
}

/**
 * Changes waiting for a second admin (docs/backoffice/four-eyes.md): admins list, approve and reject them; their
 * proposer withdraws them.
 */
export function pendingChangeRoutes(route: OperatorRouter, changes: PendingChanges) {
  route({
    method: 'GET',
    url: BACKOFFICE_API.pendingChanges,
    auth: true,
    roles: ADMIN,
    summary: 'Changes of a status (pending by default), newest first: settings that bound money, roles that approve it',
    tags,
    query: pendingChangeQuery,
    response: pendingChangeList,
    handler: async ({ query }) => ({ changes: await changes.list(query.status) }),
  });
  route({
    method: 'POST',
    url: BACKOFFICE_API.pendingChangeApprove,
    auth: true,
    roles: ADMIN,
    summary: "Approve another admin's change: applied now, checked again against the deployment's ceilings",
    tags,
    response: pendingChangeResponse,
    handler: async ({ auth, request }) => ({
      change: await changes.approve(idOf(request.params), callerOf(auth, request)),
    }),
  });
  route({
    method: 'POST',
    url: BACKOFFICE_API.pendingChangeReject,
    auth: true,
    roles: ADMIN,
    summary: "Reject another admin's change with a reason: nothing changes",
    tags,
    body: pendingChangeRejectRequest,
    response: pendingChangeResponse,
    handler: async ({ auth, body, request }) => ({
      change: await changes.reject(idOf(request.params), callerOf(auth, request), body.reason),
    }),
  });
  route({
    method: 'POST',
    url: BACKOFFICE_API.pendingChangeWithdraw,
    auth: true,
    roles: ADMIN,
    summary: 'Withdraw one of your own changes while it waits: nothing changes; 403 for anyone else',
    tags,
    response: pendingChangeResponse,
    handler: async ({ auth, request }) => ({
      change: await changes.withdraw(idOf(request.params), callerOf(auth, request)),
    }),
  });
}
