import { OPERATOR_PASSWORD_MAX, OPERATOR_ROLES } from '@member-wallet/contract/backoffice/operators';
import { z } from 'zod/mini';
import { AppError } from '../lib/errors.ts';
import type { Router } from '../lib/route.ts';
import { OperatorError, type OperatorService } from '../modules/operator/operator.service.ts';

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
export function sandboxOperatorRoutes(route: Router, operators: OperatorService) {
  route({
    method: 'POST',
    url: '/sandbox/operators',
    auth: false,
    summary: 'Sandbox: create an operator and answer its TOTP secret',
    tags: ['sandbox'],
    body: sandboxOperatorRequest,
    response: sandboxOperatorResponse,
    handler: async ({ body }) => {
      try {
        const created = await operators.create({ operatorId: null, username: 'system' }, body);
        return {
          id: String(created.id),
          username: created.username,
          role: created.role,
          totpSecret: created.totpSecret,
        };
      } catch (error) {
        if (!(error instanceof OperatorError)) throw error;
        if (error.code) throw new AppError(error.code, 400, { password: error.code });
        throw new AppError('KEY_INVALID', 400, { username: 'KEY_INVALID' });
      }
    },
  });
}
