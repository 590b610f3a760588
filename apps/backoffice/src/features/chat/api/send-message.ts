import { backofficePath } from '@member-wallet/contract/backoffice/api-paths';
import {
  CHAT_BACKOFFICE_API,
  type ChatConversation,
  chatConversation,
  chatSendResponse,
  type OperatorMessage,
} from '@member-wallet/contract/chat';
import { request } from '../../../lib/http.ts';

/**
 * Sends an operator's message. The answer is the stored message, or at least its id and time, from which the
 * stored message is made up here; either way the conversation shows it once.
 */
export async function sendOperatorMessage(
  id: string,
  message: OperatorMessage,
  clientMessageId: string,
  operator: string,
): Promise<ChatConversation> {
  const answer = await request<unknown>(backofficePath(CHAT_BACKOFFICE_API.conversationMessages, id), {
    method: 'POST',
    body: { message, clientMessageId },
  });
  const stored = chatConversation.safeParse(answer);
  if (stored.success) return stored.data;
  const { id: messageId, createdAt } = chatSendResponse.parse(answer);
  return {
    id: messageId,
    sender: 'other',
    message,
    createdAt,
    session_id: null,
    userId: null,
    guestId: null,
    username: operator,
    name: operator,
    deviceToken: null,
    clientMessageId,
  };
}
