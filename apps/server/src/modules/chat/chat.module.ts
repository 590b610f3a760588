import type { FastifyInstance } from 'fastify';
import type { OperatorService } from '../../core/operator/operator.service.ts';
import type { Core } from '../../core.ts';
import type { Realtime } from '../../http/realtime.ts';
import { HOUR_MS } from '../../lib/clock.ts';
import type { AuthContext } from '../../lib/route.ts';
import type { PushNotifier } from '../push/push.module.ts';
import type { Uploads } from '../uploads/uploads.module.ts';
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
  /** A member's bearer token to the member of its session (the member router's own check). */
  authenticate: (authorization: string | undefined) => Promise<AuthContext>;
  /** An operator's bearer token to the operator (the back-office's inbox over the socket). */
  operators: OperatorService;
  /** The uploads (the chat's files go in the `chat` folder), the picture checkers and each uploader's uploads in flight. */
  uploads: Uploads;
  /** Web Push: an operator's reply to a member whose app is closed (docs/app.md, Notifications). */
  push: PushNotifier;
  /** The app's Socket.IO server, which the chat's namespaces plug into. */
  realtime: Realtime;
}

/**
 * Everything of the live chat (docs/chat.md): guest tokens, the customer's API, the files, its namespaces on the
 * app's Socket.IO server (`realtime`) and the back-office's inbox.
 */
export async function registerChat(
  app: FastifyInstance,
  core: Pick<Core, 'backoffice' | 'clock' | 'config' | 'db' | 'limiter' | 'route'>,
  deps: ChatDeps,
): Promise<ChatService> {
  const { db, config } = core;
  const identities = new ChatIdentityRepository(db);
  const guests = new GuestTokens(identities, await loadGuestKey(identities, config.chat.guestSecret));
  const identity = { identities, guests, authenticate: deps.authenticate };
  const hub = new ChatHub(deps.realtime.io, {
    prefix: config.chat.prefix,
    customerOf: async (auth) => {
      if (auth.token !== undefined)
        return memberCustomer(identities, (await deps.authenticate(`Bearer ${auth.token}`)).memberId);
      const guestId = await guests.verify(auth.guestToken);
      return guestId === null ? null : { kind: 'guest', guestId };
    },
    operatorOf: (token) => deps.operators.authenticate(`Bearer ${token}`),
  });
  app.addHook('preClose', async () => hub.close());
  app.decorate('chatHub', hub);
  const store = deps.uploads.store('chat');
  const chat = new ChatService({
    db,
    repository: new ChatRepository(db),
    guests,
    limiter: core.limiter,
    clock: core.clock,
    store,
    hub,
    prefix: config.chat.prefix,
    socketPath: deps.realtime.path,
    pictures: deps.uploads.pictures,
    inFlight: deps.uploads.inFlight,
    push: deps.push,
  });
  chatRoutes(core.route, chat, identity);
  chatFileRoute(app, store);
  chatBackofficeRoutes(core.backoffice.route, new ChatBackoffice(chat, core.backoffice.audit), chat);
  app.decorate('chat', chat);
  app.jobs.every('chat-upload-sweeper', HOUR_MS, () => chat.sweepUnsentUploads());
  return chat;
}
