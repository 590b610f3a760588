import type { OperatorRole } from '@member-wallet/contract/backoffice/operators';
import type { FastifyInstance } from 'fastify';
import type * as zc from 'zod/v4/core';
import { createRouter, type RoleRouteDefinition, type RoleRouter } from '../../lib/route.ts';
import { type OperatorContext, requireRole } from './operator.service.ts';

/** Every operator endpoint and the roles it admits: the role matrix test walks this list. */
export interface OperatorEndpoint {
  method: string;
  url: string;
  /** `public`: no token (sign-in); `any`: every signed-in operator; else the roles admitted. */
  roles: 'public' | 'any' | readonly OperatorRole[];
}

/**
 * The back-office's router: operator tokens only (a member's is refused before any handler runs), and each
 * route names the roles it admits, checked before its handler. Routes live under `/backoffice/api`.
 */
export function createOperatorRouter(
  app: FastifyInstance,
  authenticate: (request: { headers: { authorization?: string } }) => Promise<OperatorContext>,
) {
  const route = createRouter<OperatorContext>(app, (request) => authenticate(request));
  const endpoints: OperatorEndpoint[] = [];
  function operatorRoute<
    BodySchema extends zc.$ZodType | undefined = undefined,
    QuerySchema extends zc.$ZodType | undefined = undefined,
    ResponseSchema extends zc.$ZodType = zc.$ZodType,
    Authenticated extends boolean = boolean,
    AcceptedSchema extends zc.$ZodType | undefined = undefined,
  >(
    definition: RoleRouteDefinition<
      BodySchema,
      QuerySchema,
      ResponseSchema,
      Authenticated,
      OperatorContext,
      OperatorRole,
      AcceptedSchema
    >,
  ): void {
    if (!definition.url.startsWith('/backoffice/api/'))
      throw new Error(`operator route outside /backoffice/api: ${definition.url}`);
    const { roles, ...rest } = definition;
    endpoints.push({ method: definition.method, url: definition.url, roles });
    route<BodySchema, QuerySchema, ResponseSchema, Authenticated, AcceptedSchema>({
      ...rest,
      // Before the input is read: a refused role learns nothing of what the route accepts.
      authorize: (auth) => {
        if (roles !== 'public' && roles !== 'any') requireRole(auth, roles);
      },
    });
  }
  return { route: operatorRoute, endpoints: endpoints as readonly OperatorEndpoint[] };
}

export type OperatorRouter = RoleRouter<OperatorContext, OperatorRole>;
