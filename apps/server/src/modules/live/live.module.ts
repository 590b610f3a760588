import type { FastifyInstance } from 'fastify';
import type { Server } from 'socket.io';
import type { Core } from '../../core.ts';
import type { AuthContext } from '../../lib/route.ts';
import { LiveSockets } from './live.socket.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live namespace's sockets, for tests (the session recheck on demand). */
    live: LiveSockets;
  }
}

export interface LiveDeps {
  /** The app's Socket.IO server (http/realtime.ts), which the live namespace plugs into. */
  io: Server;
  /** A member's bearer token to the member of its session (the member router's own check). */
  authenticate: (authorization: string | undefined) => Promise<AuthContext>;
}

/**
 * Live money (docs/live.md): every member event published on `core.memberEvents` is sent to the member's
 * sockets of the live namespace, on every node.
 */
export function registerLive(app: FastifyInstance, core: Pick<Core, 'memberEvents'>, deps: LiveDeps): LiveSockets {
  const live = new LiveSockets({
    io: deps.io,
    memberOf: async (token) => (await deps.authenticate(`Bearer ${token}`)).memberId,
    events: core.memberEvents,
  });
  app.addHook('preClose', () => live.close());
  app.decorate('live', live);
  return live;
}
