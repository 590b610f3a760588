import { randomUUID } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import fastJsonStringify, { type Schema } from 'fast-json-stringify';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from '../config.ts';
import { JobStats } from '../lib/job-stats.ts';
import { Lifecycle } from '../lib/lifecycle.ts';
import { requestSerializer } from '../lib/log-redaction.ts';

const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Response serializers by the text of their JSON Schema, for the process's life. Fastify's own compiler builds one
 * per route and status, so every node start built the one error body's serializer twice per route, and every test
 * app of a worker built them all again (a third of a test app's start, docs/ci.md). A serializer is a pure function
 * of its schema (no shared schemas are added with `addSchema`), so one built is as good as another.
 */
const serializers = new Map<string, (data: unknown) => string>();

function cachedSerializer({ schema }: { schema: unknown }): (data: unknown) => string {
  const key = JSON.stringify(schema);
  let serializer = serializers.get(key);
  if (!serializer) {
    serializer = fastJsonStringify(schema as Schema);
    serializers.set(key, serializer);
  }
  return serializer;
}

/**
 * The longest a request may take from its first byte to its last (Node's default, said here): a slow phone's
 * upload. A node's exit waits longer than this for requests under way (SHUTDOWN_GRACE_MS).
 */
export const REQUEST_TIMEOUT_MS = 300_000;
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;
/** Never written to the log, wherever they appear in a logged object. */
const REDACTED = [
  'req.headers.authorization',
  'req.headers.cookie',
  'password',
  'oldPassword',
  'newPassword',
  'token',
  'otpToken',
  'otpCode',
  '*.password',
  '*.token',
  '*.otpToken',
  '*.otpCode',
];

/**
 * What Node's HTTP parser could not read (malformed request line or headers, headers too large, a request too
 * slow): the status Fastify would answer, with the project's body, then the connection is closed.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify({ message: 'KEY_INVALID' });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * What would hold a closing server open past its drain, ended instead:
 * - a connection that has not sent a byte carries no request: a client's spare one (a browser's preconnect, an
 *   HTTP client reconnecting for a call it then gave up). Node counts it as busy, so closing the server would wait
 *   for its headers time-out (60 s). On close such connections are ended, and any arriving while the server stops
 *   listening too;
 * - a kept-alive connection whose answer was under way when the server closed: Node ends the connections idle at
 *   that moment only, so this one would stay open for the keep-alive time-out (72 s) after its answer. Answers sent
 *   while closing say `connection: close`, and the connection ends once its answer is sent.
 * Their clients open a new one elsewhere; requests under way are untouched.
 */
function endLingeringConnectionsOnClose(app: FastifyInstance) {
  const spare = new Set<Socket>();
  let closing = false;
  app.server.on('connection', (socket: Socket) => {
    if (closing) {
      socket.destroy();
      return;
    }
    spare.add(socket);
    const used = () => spare.delete(socket);
    socket.once('data', used);
    socket.once('close', used);
  });
  app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    response.once('finish', () => {
      if (closing) request.socket.end();
    });
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
  app.addHook('preClose', async () => {
    closing = true;
    for (const socket of spare) socket.destroy();
    spare.clear();
  });
}

/** The Fastify instance with the project's logger, limits, request ids and refusals in the project's shape. */
export function createFastify(config: Config, logStream?: DestinationStream): FastifyInstance {
  const app = Fastify({
    logger: {
      level: config.server.logLevel,
      redact: { paths: REDACTED, censor: '[redacted]' },
      // Auto-login URLs carry game credentials: the logged URL is cut at its secret part (docs/wallet.md).
      serializers: { req: requestSerializer },
      ...(logStream ? { stream: logStream } : {}),
    },
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: REQUEST_TIMEOUT_MS,
    // Fastify gives each plugin 10 s to load; a node starting on a loaded machine would die half-built (a test
    // app's plugin on the loaded CI machine once passed it). A plugin that hangs still fails, after a minute.
    pluginTimeout: 60_000,
    trustProxy: config.server.trustProxy,
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    // Refusals Fastify makes before any route or hook (a URL that does not decode, a parameter over its
    // length, bytes that are not HTTP) answer in the project's shape too, never Fastify's code and message.
    frameworkErrors: (error, request, reply) => {
      const status = error.statusCode !== undefined && error.statusCode < 500 ? error.statusCode : 500;
      if (status === 500) request.log.error({ err: error }, 'unexpected framework error');
      (reply as FastifyReply).code(status).send({ message: status === 500 ? 'INTERNAL_SERVER_ERROR' : 'KEY_INVALID' });
    },
    clientErrorHandler: answerClientError,
  });
  // Input is validated by zod in the route helper; JSON Schemas are kept for the docs and the serializers.
  app.setValidatorCompiler(() => (value) => ({ value }));
  app.setSerializerCompiler(cachedSerializer);
  app.decorate('lifecycle', new Lifecycle());
  // Any close drains first (a test's, or one after SIGTERM's delay): no job starts a pass, and so no call to
  // a party on this very server, while the server waits for its connections to end.
  app.addHook('preClose', () => app.lifecycle.drain());
  endLingeringConnectionsOnClose(app);
  app.decorate('jobStats', new JobStats());

  return app;
}
