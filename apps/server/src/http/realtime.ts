import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';

/** Where Socket.IO answers on this server's origin (`GET /api/chat/config` tells the clients). */
export const REALTIME_PATH = '/socket.io';
/** How long a dropped client's rooms and missed events are kept for it to pick up on reconnect. */
const RECOVERY_MS = 2 * 60 * 1000;
/**
 * The largest frame a client may send. Clients only emit `join` with a room name (messages go over HTTP, live
 * money only comes down), so a bigger frame is abuse: Socket.IO closes that connection instead of buffering its
 * default of 1 MB.
 */
export const REALTIME_MAX_FRAME_BYTES = 4 * 1024;

export interface Realtime {
  /** The one Socket.IO server of the app: each feature plugs its namespace in (the chat's, live money's). */
  io: Server;
  path: string;
}

/**
 * The app's Socket.IO server on its own HTTP server (docs/architecture.md): one path, one frame limit, connection
 * state recovery, and with REDIS_URL the Redis adapter that carries every namespace's events across nodes. It
 * closes before the HTTP server does, after the features' own closes (open sockets would hold the server open).
 */
export function createRealtime(
  app: FastifyInstance,
  options: { redisUrl: string | null; redisKeyPrefix: string },
): Realtime {
  const io = new Server(app.server, {
    path: REALTIME_PATH,
    serveClient: false,
    maxHttpBufferSize: REALTIME_MAX_FRAME_BYTES,
    connectionStateRecovery: { maxDisconnectionDuration: RECOVERY_MS, skipMiddlewares: false },
  });
  const redis: Redis[] = [];
  if (options.redisUrl) {
    const pub = new Redis(options.redisUrl, { maxRetriesPerRequest: 2 });
    const sub = pub.duplicate();
    redis.push(pub, sub);
    io.adapter(createAdapter(pub, sub, { key: `${options.redisKeyPrefix}socket.io` }));
  }
  app.addHook('preClose', async () => {
    await io.close();
    await Promise.all(redis.map((client) => client.quit().catch(() => undefined)));
  });
  return { io, path: REALTIME_PATH };
}
