import { backofficePath } from '@member-wallet/contract/backoffice/api-paths';
import { CHAT_BACKOFFICE_API } from '@member-wallet/contract/chat';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { chatKey } from './get-conversations.ts';

function assignConversation(id: string, operatorId: string | null) {
  return request(backofficePath(CHAT_BACKOFFICE_API.conversationAssign, id), { method: 'PUT', body: { operatorId } });
}

/** Gives the conversation to an operator, or to nobody (null); the lists are read again afterwards. */
export function useAssign(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (operatorId: string | null) => assignConversation(id, operatorId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatKey }),
  });
}
