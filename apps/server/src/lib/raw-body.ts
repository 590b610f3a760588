import type { FastifyInstance, FastifyRequest } from 'fastify';
import { InvalidTokenError } from './errors.ts';
import { createRouter, type Router } from './route.ts';

const rawBodies = new WeakMap<FastifyRequest, string>();

/**
 * Makes the JSON parser of `instance` (an encapsulated plugin: the rest of the app keeps Fastify's own) keep the
 * body's exact text, which a signature is computed over: a re-serialised object need not match it byte for byte.
 */
function keepRawJsonBody(instance: FastifyInstance): void {
  instance.removeContentTypeParser('application/json');
  instance.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    rawBodies.set(request, text);
    try {
      done(null, text === '' ? undefined : JSON.parse(text));
    } catch (error) {
      Object.assign(error as Error, { statusCode: 400 });
      done(error as Error, undefined);
    }
  });
}

/** The body's text as it arrived ('' when there was none). */
export function rawBodyOf(request: FastifyRequest): string {
  return rawBodies.get(request) ?? '';
}

/**
 * Routes a party calls with a signed body (webhooks, and the sandbox parties' APIs): an encapsulated plugin whose
 * JSON parser keeps the raw body the signature covers, and a router of routes that take no session (`auth: true`
 * is refused); each handler checks the party's signature itself.
 */
export async function registerSignedRoutes(app: FastifyInstance, routes: (route: Router) => void): Promise<void> {
  await app.register(async (instance) => {
    keepRawJsonBody(instance);
    routes(
      createRouter(instance, async () => {
        throw new InvalidTokenError();
      }),
    );
  });
}
