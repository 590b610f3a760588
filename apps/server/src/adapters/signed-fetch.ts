import type { Clock } from '../lib/clock.ts';
import { requestPayload, type SignatureHeaderNames, signedHeaders } from './hmac-signature.ts';

/** Where an HTTP adapter finds its party and how it signs: the options each such adapter is made with. */
export interface SignedPartyOptions {
  /** Read at call time: in sandbox mode the base URL is this server's own, known only after listen. */
  baseUrl: () => string;
  secret: string;
  clock: Clock;
  timeoutMs?: number;
}

/** A party our HTTP adapter calls with signed JSON requests (adapters/hmac-signature.ts). */
export interface SignedParty extends SignedPartyOptions {
  /** The party's names for the timestamp and signature headers. */
  headerNames: SignatureHeaderNames;
  timeoutMs: number;
}

/** The party of an adapter's options, under the party's header names, waiting `timeoutMs` unless they say. */
export function signedParty(
  options: SignedPartyOptions,
  headerNames: SignatureHeaderNames,
  timeoutMs: number,
): SignedParty {
  const { baseUrl, secret, clock } = options;
  return { baseUrl, secret, clock, headerNames, timeoutMs: options.timeoutMs ?? timeoutMs };
}

/** One call to the party. */
export interface SignedRequest {
  method: 'GET' | 'POST';
  /** What follows the base URL: a path, with its query if any. */
  path: string;
  /** The JSON text of a POST; '' for a GET. */
  body: string;
  /** The error to throw when the party cannot be reached (its outcome is unknown), given the URL called. */
  unreachable: (cause: unknown, url: URL) => Error;
}

/** The party's answer: the HTTP status and the parsed JSON object, or null when the body was not JSON. */
export interface PartyAnswer {
  status: number;
  ok: boolean;
  answer: Record<string, unknown> | null;
}

/**
 * Calls the party: `{base}{path}`, signed over the method, path with query and body, with a time-out. What the
 * answer means (a refusal, a not found, an unknown outcome) is the adapter's to say.
 */
export async function callSignedParty(party: SignedParty, request: SignedRequest): Promise<PartyAnswer> {
  const { method, body } = request;
  const url = new URL(`${party.baseUrl().replace(/\/+$/, '')}${request.path}`);
  const payload = requestPayload(method, url.pathname + url.search, body);
  const headers = signedHeaders(party.headerNames, party.secret, party.clock.now().getTime(), payload);
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: { ...headers, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
      ...(method === 'POST' ? { body } : {}),
      signal: AbortSignal.timeout(party.timeoutMs),
    });
  } catch (error) {
    throw request.unreachable(error, url);
  }
  const parsed: unknown = await response.json().catch(() => null);
  const answer = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  return { status: response.status, ok: response.ok, answer };
}
