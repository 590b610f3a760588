import { backofficePath } from '@member-wallet/contract/backoffice/api-paths';
import { CHAT_BACKOFFICE_API, type ChatConversation, chatConversation } from '@member-wallet/contract/chat';
import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { chatKey } from './get-conversations.ts';

/** Messages a page of a conversation holds ('load older' asks for the next ones). */
const MESSAGES_PAGE = 30;

export function messagesKey(id: string) {
  return [...chatKey, 'messages', id] as const;
}

export type MessagePages = InfiniteData<{ messages: ChatConversation[] }, number>;

/**
 * A stored message as the contract reads it; one it cannot read (a newer type, a broken payload) is kept as
 * `unknown`, so that one odd message never hides the rest of the conversation.
 */
export function readMessage(data: unknown): ChatConversation | null {
  const parsed = chatConversation.safeParse(data);
  if (parsed.success) return parsed.data;
  if (!data || typeof data !== 'object') return null;
  const raw = data as Record<string, unknown>;
  if (typeof raw.id !== 'string' || typeof raw.createdAt !== 'string') return null;
  const text = (key: string) => (typeof raw[key] === 'string' ? (raw[key] as string) : null);
  return {
    id: raw.id,
    sender: raw.sender === 'customer' ? 'customer' : 'other',
    message: { message_type: 'unknown', payload: (raw.message as { payload?: unknown } | null)?.payload },
    createdAt: raw.createdAt,
    session_id: text('session_id'),
    userId: text('userId'),
    guestId: text('guestId'),
    username: text('username'),
    name: text('name'),
    deviceToken: null,
    clientMessageId: text('clientMessageId'),
  };
}

const messagesSchema = {
  parse(data: unknown): { messages: ChatConversation[] } {
    const list = (data as { messages?: unknown } | null)?.messages;
    if (!Array.isArray(list)) throw new Error('messages');
    return { messages: list.map(readMessage).filter((message) => message !== null) };
  },
};

function getMessages(id: string, skip: number) {
  const query = new URLSearchParams({ skip: String(skip), limit: String(MESSAGES_PAGE) });
  const path = backofficePath(CHAT_BACKOFFICE_API.conversationMessages, id);
  return request(`${path}?${query}`, { schema: messagesSchema });
}

/** A conversation's messages, newest first per page; 'load older' skips what is already held. */
export function useMessages(id: string) {
  return useInfiniteQuery({
    queryKey: messagesKey(id),
    initialPageParam: 0,
    queryFn: ({ pageParam }) => getMessages(id, pageParam),
    getNextPageParam: (last, pages) =>
      last.messages.length < MESSAGES_PAGE ? undefined : pages.reduce((sum, page) => sum + page.messages.length, 0),
  });
}
