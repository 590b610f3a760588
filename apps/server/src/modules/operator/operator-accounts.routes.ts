import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import {
  createOperatorRequest,
  enrolmentCompleteRequest,
  enrolmentDetails,
  enrolmentRequest,
  operatorList,
  operatorSessions,
  operatorSummary,
  operatorWithLink,
  updateMeRequest,
  updateOperatorRequest,
} from '@member-wallet/contract/backoffice/operator-accounts';
import { operatorProfile } from '@member-wallet/contract/backoffice/operators';
import { messageResponse } from '@member-wallet/contract/http';
import { z } from 'zod/mini';
import { callerOf } from '../../core/operator/operator.service.ts';
import type { OperatorRouter } from '../../core/operator/operator-router.ts';
import { AppError } from '../../lib/errors.ts';
import { parseInput } from '../../lib/route.ts';
import type { EnrolmentService } from './enrolment.service.ts';
import type { OperatorAccountsService } from './operator-accounts.service.ts';

const tags = ['backoffice'];
const idParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });

/** An operator's or a session's id from the path; any other shape is no row (404), as an unknown id is. */
function idOf(params: unknown): bigint {
  const { id } = parseInput(idParams, params);
  if (!/^[1-9]\d{0,17}$/.test(id)) throw new AppError('NO_DATA');
  return BigInt(id);
}

/** Operator accounts (issue 24, docs/backoffice/operators.md): admins only, as `roles` says on each. */
export function operatorAccountsRoutes(route: OperatorRouter, accounts: OperatorAccountsService) {
  route({
    method: 'GET',
    url: BACKOFFICE_API.operators,
    auth: true,
    roles: ['admin'],
    summary: 'Every operator with role, state and last sign-in; admins first',
    tags,
    response: operatorList,
    handler: async () => ({ operators: await accounts.list() }),
  });
  route({
    method: 'POST',
    url: BACKOFFICE_API.operators,
    auth: true,
    roles: ['admin'],
    summary: 'Create an operator waiting for enrolment; answers its one-time enrolment link (24 h)',
    tags,
    body: createOperatorRequest,
    response: operatorWithLink,
    handler: ({ auth, body, request }) => accounts.create(auth, callerOf(auth, request), body),
  });
  route({
    method: 'PUT',
    url: BACKOFFICE_API.operator,
    auth: true,
    roles: ['admin'],
    summary:
      "Change an operator's role, state or display name; disabling ends their sessions (last-admin guard); a role " +
      'that adds a power to approve money answers 202 and waits for a second admin',
    tags,
    body: updateOperatorRequest,
    response: operatorSummary,
    accepted: true,
    handler: async ({ auth, body, request, reply }) => {
      const { operator, waiting } = await accounts.update(auth, callerOf(auth, request), idOf(request.params), body);
      if (waiting) reply.code(202);
      return operator;
    },
  });
  route({
    method: 'POST',
    url: BACKOFFICE_API.operatorReset,
    auth: true,
    roles: ['admin'],
    summary: 'Void the password and authenticator, end the sessions, answer a new enrolment link',
    tags,
    response: operatorWithLink,
    handler: ({ auth, request }) => accounts.reset(auth, callerOf(auth, request), idOf(request.params)),
  });
}

/** Every operator's own account: display name and signed-in devices. */
export function ownAccountRoutes(route: OperatorRouter, accounts: OperatorAccountsService) {
  route({
    method: 'PUT',
    url: BACKOFFICE_API.me,
    auth: true,
    roles: 'any',
    summary: 'Set or clear the display name members see in chat',
    tags,
    body: updateMeRequest,
    response: operatorProfile,
    handler: ({ auth, body, request }) => accounts.updateMe(auth, callerOf(auth, request), body.displayName),
  });
  route({
    method: 'GET',
    url: BACKOFFICE_API.sessions,
    auth: true,
    roles: 'any',
    summary: "The caller's live sessions, newest first, the current one marked",
    tags,
    response: operatorSessions,
    handler: ({ auth }) => accounts.sessions(auth),
  });
  route({
    method: 'DELETE',
    url: BACKOFFICE_API.session,
    auth: true,
    roles: 'any',
    summary: "End one of the caller's own sessions",
    tags,
    response: messageResponse,
    handler: async ({ auth, request }) => {
      await accounts.endSession(auth, callerOf(auth, request), idOf(request.params));
      return { message: 'OK' };
    },
  });
}

/** Enrolment by a one-time link: no session, the link's token is the key. */
export function enrolmentRoutes(route: OperatorRouter, enrolment: EnrolmentService) {
  route({
    method: 'POST',
    url: BACKOFFICE_API.enrolment,
    auth: false,
    roles: 'public',
    summary: "What an enrolment link shows: the operator and the authenticator's secret",
    tags,
    body: enrolmentRequest,
    response: enrolmentDetails,
    handler: ({ body, request }) => enrolment.details(body.token, request.ip),
  });
  route({
    method: 'POST',
    url: BACKOFFICE_API.enrolmentComplete,
    auth: false,
    roles: 'public',
    summary: 'Set the password, prove the authenticator with a code, and use the link up',
    tags,
    body: enrolmentCompleteRequest,
    response: messageResponse,
    handler: async ({ body, request }) => {
      await enrolment.complete(body, {
        ip: request.ip,
        authorization: request.headers.authorization,
        cookies: request.headers.cookie,
      });
      return { message: 'OK' };
    },
  });
}
