import { API } from '@member-wallet/contract/api-paths';
import type { ChatConversation } from '@member-wallet/contract/chat';
import { PAGE_SIZE } from '@member-wallet/contract/constants';
import { z } from 'zod/mini';
import { request } from '../../../lib/http.ts';
import { type ChatIdentity, chatCallOptions, identityIds } from '../chat-identity.ts';
import { readConversation } from '../chat-items.ts';

/** Each message is read on its own, so one the client cannot read shows as 'not supported' instead of failing all. */
const historyAnswer = z.object({ messages: z.array(z.unknown()), unread: z.int() });

export interface ChatHistoryPage {
  /** Newest first, as the server answers. */
  messages: ChatConversation[];
  /** How many messages the server answered, readable or not: a full page means there may be older ones. */
  count: number;
  unread: number;
}

export async function getHistory(identity: ChatIdentity, skip: number): Promise<ChatHistoryPage> {
  const answer = await request(API.chatHistory, {
    method: 'POST',
    body: { ...identityIds(identity), limit: PAGE_SIZE.chatHistory, skip },
    schema: historyAnswer,
    ...chatCallOptions(identity),
  });
  const messages = answer.messages.map(readConversation).filter((message) => message !== null);
  return { messages, count: answer.messages.length, unread: answer.unread };
}
