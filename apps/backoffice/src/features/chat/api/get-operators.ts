import { CHAT_BACKOFFICE_API, chatOperatorsResponse } from '@member-wallet/contract/chat';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { chatKey } from './get-conversations.ts';

function getOperators() {
  return request(CHAT_BACKOFFICE_API.operators, { schema: chatOperatorsResponse });
}

/** Who a conversation can be given to (admin and support operators). */
export function useOperators() {
  return useQuery({
    queryKey: [...chatKey, 'operators'],
    staleTime: 5 * 60_000,
    queryFn: getOperators,
  });
}
