import {
  CHAT_BACKOFFICE_API,
  type ChatConversationFilter,
  type ChatConversationsResponse,
  chatConversationsResponse,
} from '@member-wallet/contract/chat';
import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

/** Every chat query's key starts so: a reconnection reads them all again. */
export const chatKey = ['backoffice', 'chat'] as const;
export const conversationsKey = [...chatKey, 'conversations'] as const;

export type ConversationPages = InfiniteData<ChatConversationsResponse, string | null>;

function getConversations(filter: ChatConversationFilter, cursor: string | null) {
  const query = new URLSearchParams({ filter });
  if (cursor) query.set('cursor', cursor);
  return request(`${CHAT_BACKOFFICE_API.conversations}?${query}`, { schema: chatConversationsResponse });
}

/** The conversations of a filter, most recent activity first, a page at a time by the server's cursor. */
export function useConversations(filter: ChatConversationFilter) {
  return useInfiniteQuery({
    queryKey: [...conversationsKey, filter],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => getConversations(filter, pageParam),
    getNextPageParam: (last) => last.nextCursor,
  });
}
