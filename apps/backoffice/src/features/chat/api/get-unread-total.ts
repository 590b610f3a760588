import { CHAT_BACKOFFICE_API, chatConversationsResponse } from '@member-wallet/contract/chat';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { chatKey } from './get-conversations.ts';

export const unreadKey = [...chatKey, 'unread'] as const;

function getUnread() {
  return request(`${CHAT_BACKOFFICE_API.conversations}?filter=unread`, { schema: chatConversationsResponse });
}

/** The menu's badge: unread customer messages over every conversation. */
export function useUnreadTotal(enabled: boolean) {
  return useQuery({
    queryKey: unreadKey,
    enabled,
    queryFn: getUnread,
    select: (answer) => answer.unreadTotal,
  });
}
