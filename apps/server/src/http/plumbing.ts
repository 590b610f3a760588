import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import { APP_NAME, APP_NAME_HEADER } from '@member-wallet/contract/constants';
import { GONE } from '@member-wallet/contract/error-codes';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { isRetryableTransactionError } from '../db/transaction.ts';
import { AppError, InvalidTokenError } from '../lib/errors.ts';
import { redactUrl } from '../lib/log-redaction.ts';
import { loadSpaPage, type SpaPage } from '../lib/spa-page.ts';
import { BACKOFFICE_PREFIX } from './static.ts';

/** What the plumbing reads of the site settings: whether the site is terminated. */
interface SiteFlags {
  flag(name: 'terminated'): Promise<boolean>;
}

/** Retry-After of a request whose transaction PostgreSQL kept aborting: contention passes in moments. */
const RETRY_AFTER_ABORTED_S = 1;
/** Paths that never fall back to the SPA's index.html. */
const NON_SPA_PREFIXES = ['/api', '/backoffice/api', '/sandbox', '/media', '/files', '/healthz', '/readyz', '/metrics'];
function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? '/';
}

function under(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/**
 * Compression, security headers, the API gate, health probes, the error answers and the SPA fallback.
 * `sandboxActive`: whether a party answers from its sandbox (the pages say so for the SANDBOX mark).
 */
export function registerPlumbing(
  app: FastifyInstance,
  config: Config,
  settings: SiteFlags,
  db: Db,
  sandboxActive: () => Promise<boolean>,
) {
  registerCompression(app);
  registerSecurityHeaders(app, config);
  registerApiGate(app, settings, config.server.apiDocs);
  registerHealth(app, db);
  registerErrorHandlers(app, config, sandboxActive);
}

/**
 * JSON answers and pages of 1 KiB or more go out compressed to clients that accept it (the wallet answer is
 * about 5 KiB, under 1 KiB compressed). Brotli at quality 4 costs a fraction of a millisecond for a few KiB
 * and keeps most of the gain of its slow top quality; built assets are compressed once, at build time
 * (preCompressed below), and already-compressed types (video, images but SVG) are left alone.
 */
function registerCompression(app: FastifyInstance) {
  app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}

/**
 * The origins a chat socket may reach: this one, and a separate chat backend when configured (its http and ws
 * schemes both, since Socket.IO may poll before it upgrades).
 */
function connectSources(config: Config): string[] {
  if (!config.chat.socketUrl) return ["'self'"];
  const { host, protocol } = new URL(config.chat.socketUrl);
  const secure = protocol === 'https:' || protocol === 'wss:';
  return ["'self'", `${secure ? 'https' : 'http'}://${host}`, `${secure ? 'wss' : 'ws'}://${host}`];
}

function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Operators may send chat pictures and videos by https URL (docs/chat.md); nothing else is loaded.
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: connectSources(config),
        mediaSrc: ["'self'", 'https:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // HSTS is added below, and only on requests that arrived over TLS.
    hsts: false,
  });
}

/**
 * Every /api call names the client app (but the documentation's, when served); while the site is terminated
 * every /api call answers `gone`.
 */
function registerApiGate(app: FastifyInstance, settings: SiteFlags, docs: boolean) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    const path = pathOf(request);
    // Webhooks come from parties, not the client app, and must land even while the site is terminated.
    if (!under(path, '/api') || (docs && under(path, '/api/docs')) || under(path, '/api/webhooks')) return;
    if (request.headers[APP_NAME_HEADER] !== APP_NAME) return reply.code(403).send({ message: 'UNAUTHORIZED' });
    if (await settings.flag('terminated')) {
      const body = path === '/api/lookup/active' ? { active: false, message: GONE } : { message: GONE };
      // A string body skips the route's response serializer, whose schema describes the live answer.
      return reply.code(200).type('application/json; charset=utf-8').send(JSON.stringify(body));
    }
  });
}

function registerHealth(app: FastifyInstance, db: Db) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    // Draining for its exit: the load balancer should send nothing new here (lib/shutdown.ts).
    if (app.lifecycle.draining) return reply.code(503).send({ status: 'draining' });
    try {
      await sql`select 1`.execute(db);
      return { status: 'ok' };
    } catch (error) {
      request.log.warn({ err: error }, 'database not reachable');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
}

function registerErrorHandlers(app: FastifyInstance, config: Config, sandboxActive: () => Promise<boolean>) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError || error instanceof InvalidTokenError) {
      return reply.code(error.status).send(error.body());
    }
    // PostgreSQL aborted a transaction (serialization failure or deadlock) more often than transactionWithRetry
    // runs it again: that transaction wrote nothing and the Idempotency-Key was released, so this is an
    // operating error, not a bug; the member is told to try again (no code of its own in the spec's catalogue).
    if (isRetryableTransactionError(error)) {
      request.log.warn({ err: error, method: request.method, path: redactUrl(pathOf(request)) }, 'transaction aborted');
      return reply.code(503).header('retry-after', RETRY_AFTER_ABORTED_S).send({ message: 'INTERNAL_SERVER_ERROR' });
    }
    const status = error.statusCode ?? 500;
    // Fastify's own refusals: malformed JSON, a body over the limit, an unsupported content type.
    if (status >= 400 && status < 500) return reply.code(status).send({ message: 'KEY_INVALID' });
    request.log.error({ err: error, method: request.method, path: redactUrl(pathOf(request)) }, 'unexpected error');
    return reply.code(500).send({ message: 'INTERNAL_SERVER_ERROR' });
  });

  const spa = loadSpaPage(config.server.publicDir);
  const backofficeSpa = loadSpaPage(config.server.backofficeDir);
  const sendPage = async (page: SpaPage, request: FastifyRequest, reply: FastifyReply) => {
    const sandbox = await sandboxActive();
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'cookie')
      .type('text/html; charset=utf-8')
      .send(page.html(request.headers.cookie, pathOf(request), { sandbox }));
  };
  // The static files plugin leaves `/` alone (`index: false`), so every page goes through sendPage.
  if (spa) app.get('/', { schema: { hide: true } }, (request, reply) => sendPage(spa, request, reply));
  if (backofficeSpa) {
    app.get('/backoffice', { schema: { hide: true } }, (_request, reply) => reply.redirect(BACKOFFICE_PREFIX));
    app.get(BACKOFFICE_PREFIX, { schema: { hide: true } }, (request, reply) => sendPage(backofficeSpa, request, reply));
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = pathOf(request);
    const page = request.method === 'GET' || request.method === 'HEAD';
    const spaPath = page && !NON_SPA_PREFIXES.some((prefix) => under(path, prefix));
    // The back-office's pages fall back to its own index.html, never to the member app's.
    if (under(path, '/backoffice')) {
      if (spaPath && backofficeSpa) return sendPage(backofficeSpa, request, reply);
    } else if (spaPath && spa) return sendPage(spa, request, reply);
    return reply.code(404).send({ message: 'NO_DATA' });
  });
}
