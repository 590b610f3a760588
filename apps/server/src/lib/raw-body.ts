import type { FastifyInstance, FastifyRequest } from 'fastify';

const rawBodies = new WeakMap<FastifyRequest, string>();

/**
 * Makes the JSON parser of `instance` (an encapsulated plugin: the rest of the app keeps Fastify's own) keep the
 * body's exact text, which a signature is computed over: a re-serialised object need not match it byte for byte.
 */
export function keepRawJsonBody(instance: FastifyInstance): void {
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
