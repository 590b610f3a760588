import { API } from '@member-wallet/contract/api-paths';
import { type ChatSendResponse, type CustomerMessage, chatSendResponse } from '@member-wallet/contract/chat';
import { request } from '../../../lib/http.ts';
import { type ChatIdentity, chatCallOptions, identityIds } from '../chat-identity.ts';

/** Sends one customer message; the same `clientMessageId` again stores nothing new (the server is idempotent). */
export function sendMessage(
  identity: ChatIdentity,
  message: CustomerMessage,
  clientMessageId: string,
): Promise<ChatSendResponse> {
  return request(API.chatSendMessage, {
    method: 'POST',
    body: { sender: 'customer', message, clientMessageId, ...identityIds(identity) },
    schema: chatSendResponse,
    ...chatCallOptions(identity),
  });
}
