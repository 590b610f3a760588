import {
  CHAT_BACKOFFICE_NAMESPACE,
  CHAT_EVENTS,
  type ChatOperatorMessageEvent,
  chatConversationSummary,
} from '@member-wallet/contract/chat';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { io } from 'socket.io-client';
import { getToken } from '../../lib/session.ts';
import { chatKey } from './api/get-conversations.ts';
import { readMessage } from './api/get-messages.ts';
import { addMessage, moveToTop } from './conversation-cache.ts';

/** Socket.IO's path on the server (the same origin as the app). */
export const SOCKET_PATH = '/socket.io';

/**
 * The operator's live line (docs/backoffice/chat.md): one Socket.IO connection to the back-office namespace
 * while an admin or support operator is signed in. Each conversation event moves that conversation to the top
 * of the lists and refreshes the badge; each message event adds the message to its conversation when held (a message of a type this app cannot
 * read shows as unknown).
 * Socket.IO reconnects by itself; the token is read again at each attempt, so a new sign-in is picked up, and
 * what the lists and conversations hold is read again after a reconnection, since events of the outage are lost.
 */
export function useChatLive(operatorId: string | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!operatorId) return;
    const socket = io(CHAT_BACKOFFICE_NAMESPACE, {
      path: SOCKET_PATH,
      auth: (send) => send({ token: getToken() ?? '' }),
    });
    let connectedBefore = false;
    socket.on('connect', () => {
      if (connectedBefore) void queryClient.invalidateQueries({ queryKey: chatKey });
      connectedBefore = true;
    });
    socket.on(CHAT_EVENTS.conversation, (data: unknown) => {
      const summary = chatConversationSummary.safeParse(data);
      if (summary.success) moveToTop(queryClient, summary.data, operatorId);
    });
    socket.on(CHAT_EVENTS.message, (data: unknown) => {
      const event = data as Partial<ChatOperatorMessageEvent> | null;
      const message = readMessage(event?.message);
      if (typeof event?.conversationId === 'string' && message) addMessage(queryClient, event.conversationId, message);
    });
    return () => {
      socket.disconnect();
    };
  }, [operatorId, queryClient]);
}
