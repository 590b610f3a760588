import { enableChatWidgetResponse } from '@member-wallet/contract/lookup';
import { useQuery } from '@tanstack/react-query';
import { fetchLookup } from '../../../lib/lookup.ts';

export async function getChatWidgetFlag(): Promise<boolean> {
  const answer = await fetchLookup('enableChatWidget', enableChatWidgetResponse);
  return answer.enableChatWidget;
}

export function useChatWidgetFlag() {
  return useQuery({ queryKey: ['lookup', 'enableChatWidget'], queryFn: getChatWidgetFlag, meta: { silent: true } });
}
