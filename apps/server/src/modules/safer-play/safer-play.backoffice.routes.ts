import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import {
  memberSaferPlayQuery,
  memberSaferPlayResponse,
  watchCloseRequest,
  watchCloseResponse,
  watchListPage,
  watchListQuery,
} from '@member-wallet/contract/backoffice/safer-play';
import { z } from 'zod/mini';
import { actorOf } from '../../core/operator/operator.service.ts';
import type { OperatorRouter } from '../../core/operator/operator-router.ts';
import { parseInput } from '../../lib/route.ts';
import type { SaferPlayBackofficeService } from './safer-play.backoffice.service.ts';

const tags = ['backoffice'];
/** Closing a watch-list item is looking after a member: the roles that help members. Finance reads the list. */
const CARE_ROLES = ['admin', 'support'] as const;
const idParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });

/**
 * Safer play for operators (issue 23, Operator side): a member's safer play, read by every role, and the watch
 * list. There is deliberately no route that changes a member's limits or lifts a block.
 */
export function saferPlayBackofficeRoutes(route: OperatorRouter, service: SaferPlayBackofficeService) {
  route({
    method: 'GET',
    url: BACKOFFICE_API.memberSaferPlay,
    auth: true,
    roles: 'any',
    summary: "A member's safer play: limits in force and pending, reality check, block, history (read-only)",
    tags,
    query: memberSaferPlayQuery,
    response: memberSaferPlayResponse,
    handler: ({ request, query }) => service.member(parseInput(idParams, request.params).id, query),
  });
  route({
    method: 'GET',
    url: BACKOFFICE_API.watchList,
    auth: true,
    roles: 'any',
    summary: 'Members the watch rules raised, newest first; state=open (the default) is the queue',
    tags,
    query: watchListQuery,
    response: watchListPage,
    handler: ({ query }) => service.watchList(query),
  });
  route({
    method: 'POST',
    url: BACKOFFICE_API.watchListClose,
    auth: true,
    roles: CARE_ROLES,
    summary: 'Close a watch-list item with a note (audited); an item already closed stays as it is',
    tags,
    body: watchCloseRequest,
    response: watchCloseResponse,
    handler: ({ request, auth, body }) =>
      service.close(parseInput(idParams, request.params).id, body.note, actorOf(auth), request.ip),
  });
}
