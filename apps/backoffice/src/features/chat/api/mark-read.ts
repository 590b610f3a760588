import { backofficePath } from '@member-wallet/contract/backoffice/api-paths';
import { CHAT_BACKOFFICE_API } from '@member-wallet/contract/chat';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { patchSummaries } from '../conversation-cache.ts';
import { unreadKey } from './get-unread-total.ts';

function markRead(id: string) {
  return request(backofficePath(CHAT_BACKOFFICE_API.conversationRead, id), { method: 'PUT' });
}

/** Marks the conversation's customer messages read; the lists and the badge show it at once. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: (_answer, id) => {
      patchSummaries(queryClient, id, (summary) => ({ ...summary, unread: 0 }));
      void queryClient.invalidateQueries({ queryKey: unreadKey });
    },
  });
}
