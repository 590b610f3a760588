import { type ErrorCode, isErrorCode } from '@member-wallet/contract/error-codes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import type * as zc from 'zod/v4/core';
import { AppError } from './errors.ts';

/** Who is calling an `auth: true` route. The member id only ever comes from the bearer token. */
export interface AuthContext {
  memberId: bigint;
  sessionId: bigint;
  /** The member's currency, fixed at registration: read with the session, so money calls need no member row. */
  currency: string;
  /**
   * A limited session of a member in a time-out or self-exclusion (docs/safer-play.md): only routes declared
   * `limited: true` admit it; every other answers this code (403).
   */
  limitedBy: 'TIMED_OUT' | 'SELF_EXCLUDED' | null;
}

/** What the router tells the authenticator of the route being called. */
export interface RouteAdmission {
  /** The route admits a limited session (docs/safer-play.md). */
  limited: boolean;
}

export type Authenticator<Auth = AuthContext> = (request: FastifyRequest, route: RouteAdmission) => Promise<Auth>;

interface RouteContext<Body, Query, Auth> {
  request: FastifyRequest;
  reply: FastifyReply;
  body: Body;
  query: Query;
  auth: Auth;
}

export interface RouteDefinition<
  BodySchema extends zc.$ZodType | undefined,
  QuerySchema extends zc.$ZodType | undefined,
  ResponseSchema extends zc.$ZodType,
  Authenticated extends boolean,
  Auth = AuthContext,
  AcceptedSchema extends zc.$ZodType | undefined = undefined,
> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  auth: Authenticated;
  summary: string;
  tags: string[];
  body?: BodySchema;
  query?: QuerySchema;
  response: ResponseSchema;
  /** A member's route that a limited session may call (withdrawals, the balance, safer play's status). */
  limited?: boolean;
  /** The handler may answer 202 (accepted, waiting for a second operator) with the same shape as its 200. */
  accepted?: boolean;
  /** The handler may answer 202 (waiting for a second operator) with this shape, another than its 200's. */
  acceptedResponse?: AcceptedSchema;
  /** Checks the caller before the input is read (the back-office's roles): throws to refuse. */
  authorize?: (auth: Auth) => void;
  handler: (
    context: RouteContext<
      BodySchema extends zc.$ZodType ? zc.output<BodySchema> : undefined,
      QuerySchema extends zc.$ZodType ? zc.output<QuerySchema> : undefined,
      Authenticated extends true ? Auth : null
    >,
  ) => Promise<zc.input<ResponseSchema> | (AcceptedSchema extends zc.$ZodType ? zc.input<AcceptedSchema> : never)>;
}

/** The body of every error answer, for the OpenAPI document and the error serializer. */
const ERROR_BODY_SCHEMA = {
  type: 'object',
  properties: {
    message: { type: 'string' },
    detail: { type: 'string' },
    fields: { type: 'object', additionalProperties: { type: 'string' } },
    session: {
      type: 'object',
      properties: { token: { type: 'string' }, expiresAt: { type: 'string' } },
      required: ['token', 'expiresAt'],
    },
  },
  required: ['message'],
};

/** Each schema's JSON Schema text per direction, made once per process (zod's conversion is a test app's cost). */
const jsonSchemas = new WeakMap<zc.$ZodType, { input?: string; output?: string }>();

/** A schema's JSON Schema, a fresh object each call (Fastify and the OpenAPI plugin may change what they get). */
export function jsonSchema(schema: zc.$ZodType, io: 'input' | 'output'): Record<string, unknown> {
  let texts = jsonSchemas.get(schema);
  if (!texts) {
    texts = {};
    jsonSchemas.set(schema, texts);
  }
  if (texts[io] === undefined) {
    const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, target: 'draft-7', unrepresentable: 'any' });
    texts[io] = JSON.stringify(rest);
  }
  return JSON.parse(texts[io]);
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * Turns zod issues into `{ message, fields }`: a rule's own code when the issue carries one, `KEY_MISSING`
 * for an absent field, else `KEY_INVALID`. `message` is the first field's code.
 */
export function validationError(issues: readonly zc.$ZodIssue[], input: unknown): AppError {
  const fields: Record<string, ErrorCode> = {};
  let rootCode: ErrorCode | undefined;
  for (const issue of issues) {
    const missing = valueAt(input, issue.path) === undefined;
    const code: ErrorCode = isErrorCode(issue.message) ? issue.message : missing ? 'KEY_MISSING' : 'KEY_INVALID';
    const field = issue.path.map(String).join('.');
    if (field === '') rootCode ??= code;
    else fields[field] ??= code;
  }
  const first = Object.values(fields)[0];
  if (!first) return new AppError(rootCode === 'KEY_MISSING' ? 'KEY_INVALID' : (rootCode ?? 'KEY_INVALID'));
  return new AppError(first, fields);
}

export function parseInput<Schema extends zc.$ZodType>(schema: Schema, input: unknown): zc.output<Schema> {
  const result = z.safeParse(schema, input);
  if (!result.success) throw validationError(result.error.issues, input);
  return result.data;
}

/**
 * Declares a route from zod schemas. The request schemas validate input (zod, not ajv); the response schema,
 * as JSON Schema, drives Fastify's serializer, so a field the schema does not list can never leave the server.
 * The same JSON Schemas feed the OpenAPI document.
 */
export function createRouter<Auth = AuthContext>(app: FastifyInstance, authenticate: Authenticator<Auth>) {
  return function route<
    BodySchema extends zc.$ZodType | undefined = undefined,
    QuerySchema extends zc.$ZodType | undefined = undefined,
    ResponseSchema extends zc.$ZodType = zc.$ZodType,
    Authenticated extends boolean = boolean,
    AcceptedSchema extends zc.$ZodType | undefined = undefined,
  >(definition: RouteDefinition<BodySchema, QuerySchema, ResponseSchema, Authenticated, Auth, AcceptedSchema>): void {
    const { body, query, response, acceptedResponse } = definition;
    app.route({
      method: definition.method,
      url: definition.url,
      schema: {
        summary: definition.summary,
        tags: definition.tags,
        ...(definition.auth ? { security: [{ bearer: [] }] } : {}),
        ...(body ? { body: jsonSchema(body, 'input') } : {}),
        ...(query ? { querystring: jsonSchema(query, 'input') } : {}),
        response: {
          200: jsonSchema(response, 'output'),
          ...(definition.accepted ? { 202: jsonSchema(response, 'output') } : {}),
          ...(acceptedResponse ? { 202: jsonSchema(acceptedResponse, 'output') } : {}),
          '4XX': ERROR_BODY_SCHEMA,
          '5XX': ERROR_BODY_SCHEMA,
        },
      },
      handler: async (request, reply) => {
        const auth = definition.auth ? await authenticate(request, { limited: definition.limited === true }) : null;
        if (auth !== null) definition.authorize?.(auth);
        const context = {
          request,
          reply,
          auth,
          body: body ? parseInput(body, request.body) : undefined,
          query: query ? parseInput(query, request.query) : undefined,
        };
        return definition.handler(context as unknown as Parameters<typeof definition.handler>[0]);
      },
    });
  };
}

/**
 * A route that names the roles it admits (the back-office's): `public` takes no token, `any` every signed-in
 * caller, else the roles listed.
 */
export type RoleRouteDefinition<
  BodySchema extends zc.$ZodType | undefined,
  QuerySchema extends zc.$ZodType | undefined,
  ResponseSchema extends zc.$ZodType,
  Authenticated extends boolean,
  Auth,
  Role extends string,
  AcceptedSchema extends zc.$ZodType | undefined = undefined,
> = RouteDefinition<BodySchema, QuerySchema, ResponseSchema, Authenticated, Auth, AcceptedSchema> & {
  roles: Authenticated extends true ? 'any' | readonly Role[] : 'public';
};

/** A router of such routes: the back-office's (core/operator/operator-router.ts) is one. */
export type RoleRouter<Auth, Role extends string> = <
  BodySchema extends zc.$ZodType | undefined = undefined,
  QuerySchema extends zc.$ZodType | undefined = undefined,
  ResponseSchema extends zc.$ZodType = zc.$ZodType,
  Authenticated extends boolean = boolean,
  AcceptedSchema extends zc.$ZodType | undefined = undefined,
>(
  definition: RoleRouteDefinition<BodySchema, QuerySchema, ResponseSchema, Authenticated, Auth, Role, AcceptedSchema>,
) => void;

/** The member API's router: `auth: true` routes take a member session. */
export type Router = ReturnType<typeof createRouter<AuthContext>>;
