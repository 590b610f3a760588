import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { type Clock, HOUR_MS } from '../../lib/clock.ts';
import { FileStore } from '../../lib/file-store.ts';
import type { InFlight } from '../../lib/in-flight.ts';
import { startPeriodicJob } from '../../lib/periodic-job.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { AuthContext, Router } from '../../lib/route.ts';
import type { AuditLog } from '../operator/audit-log.ts';
import type { OperatorService } from '../operator/operator.service.ts';
import type { OperatorRouter } from '../operator/operator-router.ts';
import type { PictureReader } from '../uploads/picture.pool.ts';
import { chatBackofficeRoutes } from './chat.backoffice.routes.ts';
import { ChatBackoffice } from './chat.backoffice.service.ts';
import { chatFileRoute } from './chat.files.routes.ts';
import { ChatIdentityRepository } from './chat.identity.repository.ts';
import { GuestTokens, loadGuestKey, memberCustomer } from './chat.identity.ts';
import { ChatRepository } from './chat.repository.ts';
import { chatRoutes } from './chat.routes.ts';
import { ChatService } from './chat.service.ts';
import { ChatHub } from './chat.socket.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The chat's sockets, for tests. */
    chatHub: ChatHub;
    /** The chat's service, for tests (the upload sweep). */
    chat: ChatService;
  }
}

export interface ChatDeps {
  db: Db;
  clock: Clock;
  limiter: RateLimiter;
  authenticate: (authorization: string | undefined) => Promise<AuthContext>;
  operators: OperatorService;
  audit: AuditLog;
  backofficeRoute: OperatorRouter;
  /** Where the slip pictures live: the chat's files go in a folder beside them. */
  uploadDirectory: string;
  /** The worker threads that check uploaded pictures, and each uploader's uploads in flight (shared with slips). */
  pictures: PictureReader;
  inFlight: InFlight;
}

/**
 * Everything of the live chat (docs/chat.md): guest tokens, the customer's API, the files, the Socket.IO server
 * on the app's HTTP server (with the Redis adapter when REDIS_URL is set) and the back-office's inbox.
 */
export async function registerChat(app: FastifyInstance, route: Router, config: Config, deps: ChatDeps) {
  const { db } = deps;
  const identities = new ChatIdentityRepository(db);
  const guests = new GuestTokens(identities, await loadGuestKey(identities, config.chatGuestSecret));
  const identity = { identities, guests, authenticate: deps.authenticate };
  const hub = new ChatHub(app, {
    prefix: config.chatPrefix,
    redisUrl: config.redisUrl,
    redisKeyPrefix: config.redisKeyPrefix,
    customerOf: async (auth) => {
      if (auth.token !== undefined)
        return memberCustomer(identities, (await deps.authenticate(`Bearer ${auth.token}`)).memberId);
      const guestId = await guests.verify(auth.guestToken);
      return guestId === null ? null : { kind: 'guest', guestId };
    },
    operatorOf: (token) => deps.operators.authenticate(`Bearer ${token}`),
  });
  // Before the HTTP server closes: open sockets would otherwise hold it open.
  app.addHook('preClose', () => hub.close());
  app.decorate('chatHub', hub);
  const store = new FileStore(join(deps.uploadDirectory, 'chat'));
  const chat = new ChatService({
    db,
    repository: new ChatRepository(db),
    guests,
    limiter: deps.limiter,
    clock: deps.clock,
    store,
    hub,
    prefix: config.chatPrefix,
    pictures: deps.pictures,
    inFlight: deps.inFlight,
  });
  chatRoutes(route, chat, identity);
  chatFileRoute(app, store);
  chatBackofficeRoutes(deps.backofficeRoute, new ChatBackoffice(chat, deps.audit), chat);
  app.decorate('chat', chat);
  startPeriodicJob(app, 'chat upload sweeper', HOUR_MS, () => chat.sweepUnsentUploads());
  return chat;
}
