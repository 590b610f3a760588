import { backofficePath } from '@member-wallet/contract/backoffice/api-paths';
import { CHAT_BACKOFFICE_API, chatConversationSummary } from '@member-wallet/contract/chat';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { chatKey } from './get-conversations.ts';

export function conversationKey(id: string) {
  return [...chatKey, 'conversation', id] as const;
}

function getConversation(id: string) {
  return request(backofficePath(CHAT_BACKOFFICE_API.conversation, id), { schema: chatConversationSummary });
}

export function useConversation(id: string) {
  return useQuery({
    queryKey: conversationKey(id),
    queryFn: () => getConversation(id),
  });
}
