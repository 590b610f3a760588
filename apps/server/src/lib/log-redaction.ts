import type { FastifyRequest } from 'fastify';

/**
 * Paths whose segments are secrets: auto-login URLs carry game usernames and passwords (spec section 7), the
 * game-account path names what the member holds, and a sandbox game launch link carries a session token.
 * Only the prefix is ever logged. The sandbox provider, when it runs in this process, names usernames in its
 * paths: that segment is cut too.
 */
const SECRET_PATH_PREFIXES = ['/api/autoLogin/', '/api/wallet/account/'];
const SECRET_QUERY_PREFIXES = ['/sandbox/games/'];

export function redactUrl(url: string): string {
  const lower = url.toLowerCase();
  for (const prefix of SECRET_PATH_PREFIXES) {
    if (lower.startsWith(prefix.toLowerCase())) return `${prefix}[redacted]`;
  }
  // The in-process sandbox provider's own paths name the provider-side username.
  const sandboxAccount = /^(\/sandbox\/games\/[^/?]+\/accounts\/)[^/?]+/i;
  if (sandboxAccount.test(url)) return url.replace(sandboxAccount, '$1[redacted]');
  const query = url.indexOf('?');
  if (query >= 0 && SECRET_QUERY_PREFIXES.some((prefix) => lower.startsWith(prefix))) {
    return `${url.slice(0, query)}?[redacted]`;
  }
  return url;
}

/** Fastify's request serializer, with the URL redacted: the `incoming request` line logs `req.url`. */
export function requestSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
