import { OPERATOR_PASSWORD_MAX, OPERATOR_ROLES } from '@member-wallet/contract/backoffice/operators';
import { z } from 'zod/mini';
import type { Router } from '../lib/route.ts';
import type { SandboxPorts } from './ports.ts';

const sandboxOperatorRequest = z.object({
  username: z.string().check(z.minLength(3), z.maxLength(32)),
  role: z.enum(OPERATOR_ROLES),
  password: z.string().check(z.minLength(1), z.maxLength(OPERATOR_PASSWORD_MAX)),
});

const sandboxOperatorResponse = z.object({
  id: z.string(),
  username: z.string(),
  role: z.enum(OPERATOR_ROLES),
  totpSecret: z.string(),
});

/**
 * Sandbox only: creates an operator as `npm run operator:create` does and answers its TOTP secret, so that
 * end-to-end tests can sign in to the back-office. Never mounted outside sandbox mode (SANDBOX), where the
 * command line is the only way to make an operator (docs/backoffice/README.md).
 */
export function sandboxOperatorRoutes(route: Router, createOperator: SandboxPorts<unknown>['createOperator']) {
  route({
    method: 'POST',
    url: '/sandbox/operators',
    auth: false,
    summary: 'Sandbox: create an operator and answer its TOTP secret',
    tags: ['sandbox'],
    body: sandboxOperatorRequest,
    response: sandboxOperatorResponse,
    handler: ({ body }) => createOperator(body),
  });
}
