import type { FastifyRequest } from 'fastify';
import { requestPayload, type SignatureHeaderNames, verifySignature } from '../adapters/hmac-signature.ts';
import type { Clock } from '../lib/clock.ts';
import { InvalidTokenError } from '../lib/errors.ts';
import { rawBodyOf } from '../lib/raw-body.ts';

/**
 * Refuses (InvalidTokenError) a request to a sandbox party that our adapter did not sign with the party's secret
 * under the party's header names, as a real party would (adapters/hmac-signature.ts): method, path with query and
 * the raw body as received ('' for a GET, or where the route does not keep raw bodies).
 */
export function checkSignedRequest(
  names: SignatureHeaderNames,
  secret: string,
  clock: Clock,
  request: FastifyRequest,
): void {
  const payload = requestPayload(request.method, request.url, rawBodyOf(request));
  if (verifySignature(names, secret, clock.now().getTime(), request.headers, payload) !== 'ok') {
    throw new InvalidTokenError();
  }
}
