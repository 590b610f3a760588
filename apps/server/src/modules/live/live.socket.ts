import { LIVE_EVENTS, LIVE_NAMESPACE, liveSocketAuth } from '@member-wallet/contract/live';
import type { DefaultEventsMap, Namespace, Server } from 'socket.io';
import { z } from 'zod/mini';
import { InvalidTokenError } from '../../lib/errors.ts';
import type { MemberEvents } from '../../lib/member-events.ts';

/** As often as the chat's sockets: a session that ended (logout, password change, block) stops hearing news. */
const SESSION_RECHECK_MS = 30 * 1000;

export interface LiveSocketDeps {
  /** The app's one Socket.IO server (the chat's, on `/socket.io`, with the Redis adapter when REDIS_URL is set). */
  io: Server;
  /** The member of a session token; throws InvalidTokenError when it is not a live session. */
  memberOf: (token: string) => Promise<bigint>;
  events: MemberEvents;
}

/** What the namespace keeps on each socket. */
interface LiveSocketData {
  memberId: bigint;
  /** Whether the handshake's token still names the member; throws when it cannot be checked now. */
  stillValid: () => Promise<boolean>;
}

/** A member's own room: every socket of theirs, on every node. */
export function memberRoom(memberId: bigint): string {
  return `member:${memberId}`;
}

/**
 * The live namespace (docs/live.md): a member's socket, admitted by their session token, is put in their own room
 * and hears there the `wallet` event of each change of their money. Events are emitted to the room through the
 * adapter, so a change committed on one node reaches the member's sockets on every node.
 */
export class LiveSockets {
  readonly #namespace: Namespace<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, LiveSocketData>;
  readonly #unsubscribe: () => void;
  readonly #recheck: NodeJS.Timeout;

  constructor(private readonly deps: LiveSocketDeps) {
    this.#namespace = deps.io.of(LIVE_NAMESPACE);
    this.#namespace.use(async (socket, next) => {
      const auth = z.safeParse(liveSocketAuth, socket.handshake.auth ?? {});
      const memberId = auth.success ? await this.#member(auth.data.token).catch(() => null) : null;
      if (memberId === null || !auth.success) return next(new Error('UNAUTHORIZED'));
      socket.data.memberId = memberId;
      socket.data.stillValid = async () => (await this.#member(auth.data.token)) === memberId;
      next();
    });
    this.#namespace.on('connection', (socket) => socket.join(memberRoom(socket.data.memberId)));
    this.#unsubscribe = deps.events.subscribe((memberId, event) =>
      this.#namespace.to(memberRoom(memberId)).emit(LIVE_EVENTS.wallet, event),
    );
    this.#recheck = setInterval(() => void this.recheckSessions(), SESSION_RECHECK_MS).unref();
  }

  /** The token's member; null when it is refused. Any other failure (the database away) is thrown. */
  async #member(token: string): Promise<bigint | null> {
    try {
      return await this.deps.memberOf(token);
    } catch (error) {
      if (error instanceof InvalidTokenError) return null;
      throw error;
    }
  }

  /** Drops this node's sockets whose session no longer holds; one that cannot be checked now stays. */
  async recheckSessions(): Promise<void> {
    for (const socket of [...this.#namespace.sockets.values()]) {
      const valid = await socket.data.stillValid().catch(() => true);
      if (!valid) socket.disconnect(true);
    }
  }

  close(): void {
    clearInterval(this.#recheck);
    this.#unsubscribe();
  }
}
