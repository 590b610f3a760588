import {
  CHAT_BACKOFFICE_NAMESPACE,
  CHAT_EVENTS,
  type ChatConversation,
  type ChatConversationSummary,
  type ChatJoinAck,
  chatRoom,
  chatSocketAuth,
} from '@member-wallet/contract/chat';
import type { DefaultEventsMap, Server } from 'socket.io';
import { z } from 'zod/mini';
import type { OperatorContext } from '../../core/operator/operator.service.ts';
import { InvalidTokenError } from '../../lib/errors.ts';
import { type ChatCustomer, customerKey } from './chat.identity.ts';

const OPERATOR_ROLES_OF_CHAT = ['admin', 'support'];
/**
 * How often every socket's session is checked again. A session can end while its socket is open: logout, a
 * password change elsewhere, a blocked member or operator, a claimed guest, plain expiry. None of them may keep
 * hearing the conversation, so a socket whose handshake would now be refused is dropped within this time.
 */
const SESSION_RECHECK_MS = 30 * 1000;

/** What the hub keeps on each socket. */
interface ChatSocketData {
  /** A customer's own room, the only one they may join. */
  room?: string;
  /**
   * Whether the handshake's credentials still hold: false when they are refused now; throws when they could not
   * be checked (the database is away), which keeps the socket until the next check.
   */
  stillValid: () => Promise<boolean>;
}

/** A refused token is no one (null); any other failure is thrown: it says nothing about the token. */
function refusedAsNull(error: unknown): null {
  if (error instanceof InvalidTokenError) return null;
  throw error;
}

export interface ChatSocketDeps {
  prefix: string;
  /** The handshake's customer: a member by their session token, a guest by their guest token; null: refused. */
  customerOf: (auth: { token?: string | undefined; guestToken?: string | undefined }) => Promise<ChatCustomer | null>;
  /** The handshake's operator by their token; throws when it is not a live operator session. */
  operatorOf: (token: string) => Promise<OperatorContext>;
}

/**
 * The chat's namespaces (docs/chat.md, Socket protocol) on the app's Socket.IO server (http/realtime.ts).
 * Customers connect to the default namespace and join only their own room; operators (admin, support) connect to
 * the back-office namespace and hear every conversation. With Redis, events cross nodes through the server's
 * adapter.
 */
export class ChatHub {
  readonly io: Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, ChatSocketData>;

  readonly #recheck: NodeJS.Timeout;
  #rechecking = false;

  constructor(
    io: Server,
    private readonly deps: ChatSocketDeps,
  ) {
    this.io = io as ChatHub['io'];
    this.#customers();
    this.#operators();
    this.#recheck = setInterval(() => void this.recheckSessions(), SESSION_RECHECK_MS).unref();
  }

  #customers() {
    this.io.use(async (socket, next) => {
      const auth = z.safeParse(chatSocketAuth, socket.handshake.auth ?? {});
      if (!auth.success) return next(new Error('UNAUTHORIZED'));
      const roomOf = async () => {
        const customer = await this.deps.customerOf(auth.data).catch(refusedAsNull);
        return customer && chatRoom(this.deps.prefix, customerKey(customer));
      };
      const room = await roomOf().catch(() => null);
      if (!room) return next(new Error('UNAUTHORIZED'));
      socket.data.room = room;
      socket.data.stillValid = async () => (await roomOf()) === room;
      next();
    });
    this.io.on('connection', (socket) => {
      socket.on(CHAT_EVENTS.join, (room: unknown, ack: unknown) => {
        const answer = (value: ChatJoinAck) => (typeof ack === 'function' ? ack(value) : undefined);
        const own = socket.data.room;
        if (!own || room !== own) return answer({ ok: false, message: 'UNAUTHORIZED' });
        socket.join(own);
        answer({ ok: true });
      });
    });
  }

  #operators() {
    this.io.of(CHAT_BACKOFFICE_NAMESPACE).use(async (socket, next) => {
      const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      if (typeof token !== 'string') return next(new Error('UNAUTHORIZED'));
      const admitted = async () => {
        const operator = await this.deps.operatorOf(token).catch(refusedAsNull);
        return operator && OPERATOR_ROLES_OF_CHAT.includes(operator.role) ? operator : null;
      };
      const operator = await admitted().catch(() => null);
      if (!operator) return next(new Error('UNAUTHORIZED'));
      socket.data.stillValid = async () => (await admitted())?.operatorId === operator.operatorId;
      next();
    });
  }

  /**
   * A stored message: as its customer sees it to their room, and as operators see it to every operator with the
   * conversation's new summary.
   */
  publishMessage(
    roomId: string,
    message: { operators: ChatConversation; customer: ChatConversation },
    summary: ChatConversationSummary,
  ): void {
    this.io.to(chatRoom(this.deps.prefix, roomId)).emit(CHAT_EVENTS.messaging, message.customer);
    const operators = this.io.of(CHAT_BACKOFFICE_NAMESPACE);
    operators.emit(CHAT_EVENTS.message, { conversationId: summary.id, message: message.operators });
    operators.emit(CHAT_EVENTS.conversation, summary);
  }

  /** Whether any client (on any node) is in the customer's room: the member's app is open. */
  async connectedIn(roomId: string): Promise<boolean> {
    return (await this.io.in(chatRoom(this.deps.prefix, roomId)).fetchSockets()).length > 0;
  }

  /** An operator read the customer's messages: the customer's client marks its messages seen. */
  publishRead(roomId: string, readAt: Date): void {
    this.io.to(chatRoom(this.deps.prefix, roomId)).emit(CHAT_EVENTS.read, { readAt: readAt.toISOString() });
  }

  /** A conversation's summary changed without a new message (assignment, a claim, a read mark). */
  publishSummary(summary: ChatConversationSummary): void {
    this.io.of(CHAT_BACKOFFICE_NAMESPACE).emit(CHAT_EVENTS.conversation, summary);
  }

  /** A claimed guest's sockets are dropped: its token is void, so it cannot reconnect to the old room. */
  disconnectRoom(roomId: string): void {
    this.io.in(chatRoom(this.deps.prefix, roomId)).disconnectSockets(true);
  }

  /**
   * Checks this node's sockets' sessions again (the hub does every SESSION_RECHECK_MS) and drops those whose
   * handshake would now be refused. Each node checks only its own sockets; one check at a time. A socket whose
   * session could not be checked (the database is away) stays until a check can tell.
   */
  async recheckSessions(): Promise<void> {
    if (this.#rechecking) return;
    this.#rechecking = true;
    try {
      for (const namespace of [this.io.of('/'), this.io.of(CHAT_BACKOFFICE_NAMESPACE)]) {
        for (const socket of [...namespace.sockets.values()]) {
          const valid = await socket.data.stillValid().catch(() => true);
          if (!valid) socket.disconnect(true);
        }
      }
    } finally {
      this.#rechecking = false;
    }
  }

  /** Stops the session checks; the Socket.IO server itself closes with the app (http/realtime.ts). */
  close(): void {
    clearInterval(this.#recheck);
  }
}
