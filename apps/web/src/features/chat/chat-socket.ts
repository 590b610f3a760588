import { CHAT_EVENTS, type ChatConfigResponse, type ChatSocketAuth, chatRoom } from '@member-wallet/contract/chat';
import { DELAY_MS } from '@member-wallet/contract/constants';
import { io, type ManagerOptions, type SocketOptions } from 'socket.io-client';
import { env } from '../../lib/env.ts';

export interface ChatSocketHandlers {
  /** Each (re)connection, once the room is joined: the time to send what waited offline. */
  onOnline: () => void;
  onOffline: () => void;
  /**
   * A connection after the first, unless Socket.IO recovered the missed events itself: what was said while
   * the link was down must be read again.
   */
  onReconnect: () => void;
  /** A `messaging` event's body, unread: the session checks it. */
  onMessaging: (raw: unknown) => void;
}

export interface ChatSocket {
  connected(): boolean;
  close(): void;
}

/**
 * Options of spec section 7: on the same origin, Socket.IO's defaults; with a chat backend (VITE_CHAT_URL),
 * websocket only, reconnecting every 500 ms without a limit on attempts.
 */
export function socketOptions(
  path: string,
  auth: ChatSocketAuth,
  chatUrl = env.chatUrl,
): Partial<ManagerOptions & SocketOptions> {
  if (!chatUrl) return { path, auth };
  return {
    path,
    auth,
    transports: ['websocket'],
    reconnectionDelay: 500,
    reconnectionDelayMax: 500,
    reconnectionAttempts: Number.POSITIVE_INFINITY,
  };
}

/**
 * Connects to the conversation's room: joins it on every (re)connection, and checks the connection every
 * DELAY_MS.chatSocketCheck, reconnecting when it is down (a socket that gave up, or a phone back from sleep).
 */
export function openChatSocket(
  config: ChatConfigResponse,
  auth: ChatSocketAuth,
  id: string,
  handlers: ChatSocketHandlers,
): ChatSocket {
  const options = socketOptions(config.socketPath, auth);
  const socket = env.chatUrl ? io(env.chatUrl, options) : io(options);
  const room = chatRoom(config.prefix, id);
  let connectedBefore = false;
  socket.on('connect', () => {
    socket.emit(CHAT_EVENTS.join, room, () => handlers.onOnline());
    if (connectedBefore && !socket.recovered) handlers.onReconnect();
    connectedBefore = true;
  });
  socket.on('disconnect', () => handlers.onOffline());
  socket.on(CHAT_EVENTS.messaging, (raw: unknown) => handlers.onMessaging(raw));
  const check = setInterval(() => {
    if (!socket.connected) socket.connect();
    else handlers.onOnline();
  }, DELAY_MS.chatSocketCheck);
  return {
    connected: () => socket.connected,
    close() {
      clearInterval(check);
      socket.off();
      socket.disconnect();
    },
  };
}
