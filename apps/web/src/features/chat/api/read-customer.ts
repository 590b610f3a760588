import { API } from '@member-wallet/contract/api-paths';
import { chatReadResponse } from '@member-wallet/contract/chat';
import { request } from '../../../lib/http.ts';
import { type ChatIdentity, chatCallOptions, identityIds } from '../chat-identity.ts';

/** Marks every operator message of the conversation read; answers how many are still unread. */
export async function readCustomer(identity: ChatIdentity): Promise<number> {
  const answer = await request(API.chatReadCustomer, {
    method: 'PUT',
    body: identityIds(identity),
    schema: chatReadResponse,
    ...chatCallOptions(identity),
  });
  return answer.unread;
}
