import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { auditPage, auditQuery } from '@member-wallet/contract/backoffice/audit';
import {
  operatorLoginRequest,
  operatorLoginResponse,
  operatorProfile,
} from '@member-wallet/contract/backoffice/operators';
import { sandboxStatus } from '@member-wallet/contract/backoffice/sandbox';
import { messageResponse } from '@member-wallet/contract/http';
import type { AuditLog } from '../../core/operator/audit-log.ts';
import type { OperatorService } from '../../core/operator/operator.service.ts';
import type { OperatorRouter } from '../../core/operator/operator-router.ts';

const tags = ['backoffice'];

export function operatorRoutes(route: OperatorRouter, operators: OperatorService, audit: AuditLog) {
  route({
    method: 'POST',
    url: BACKOFFICE_API.login,
    auth: false,
    roles: 'public',
    summary: 'Operator sign-in with password and TOTP code',
    tags,
    body: operatorLoginRequest,
    response: operatorLoginResponse,
    handler: async ({ body, request, reply }) => {
      const { session, deviceCookie } = await operators.login({
        ...body,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        cookies: request.headers.cookie,
      });
      reply.header('set-cookie', operators.deviceCookieHeader(deviceCookie, request.protocol === 'https'));
      return session;
    },
  });
  route({
    method: 'POST',
    url: BACKOFFICE_API.logout,
    auth: true,
    roles: 'any',
    summary: 'Revoke the presented operator token',
    tags,
    response: messageResponse,
    handler: async ({ auth, request }) => {
      await operators.logout(auth, request.ip);
      return { message: 'OK' };
    },
  });
  route({
    method: 'GET',
    url: BACKOFFICE_API.me,
    auth: true,
    roles: 'any',
    summary: 'The signed-in operator',
    tags,
    response: operatorProfile,
    handler: async ({ auth }) => ({
      id: String(auth.operatorId),
      username: auth.username,
      displayName: auth.displayName,
      role: auth.role,
    }),
  });
  route({
    method: 'GET',
    url: BACKOFFICE_API.audit,
    auth: true,
    roles: ['admin'],
    summary: 'The audit log, newest first (read only: nothing in the API changes it)',
    tags,
    query: auditQuery,
    response: auditPage,
    handler: ({ query }) => audit.page(query),
  });
}

/**
 * Whether sandbox mode is on, for the back-office's menu: the sandbox controls (src/sandbox/, mounted only then)
 * answer 404 otherwise (docs/backoffice/sandbox.md); and whether any party answers from its sandbox, for its
 * SANDBOX mark (docs/parties/README.md, The sandbox label).
 */
export function sandboxStatusRoute(route: OperatorRouter, sandbox: boolean, active: () => Promise<boolean>) {
  route({
    method: 'GET',
    url: BACKOFFICE_API.sandbox,
    auth: true,
    roles: 'any',
    summary: 'Whether sandbox mode is on (the sandbox controls exist only then) and any party is the sandbox',
    tags: ['backoffice', 'sandbox'],
    response: sandboxStatus,
    handler: async () => ({ sandbox, active: await active() }),
  });
}
