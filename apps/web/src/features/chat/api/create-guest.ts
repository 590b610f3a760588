import { API } from '@member-wallet/contract/api-paths';
import { chatGuestResponse } from '@member-wallet/contract/chat';
import { request } from '../../../lib/http.ts';
import { type ChatIdentity, storeGuestToken } from '../chat-identity.ts';

/**
 * Binds a guest id made here (spec section 1: a locally generated id) to a server-signed guest token, and
 * keeps the token so later visits continue the same conversation.
 */
export async function createGuest(): Promise<ChatIdentity> {
  const answer = await request(API.chatGuest, {
    method: 'POST',
    body: { guestId: crypto.randomUUID() },
    schema: chatGuestResponse,
  });
  storeGuestToken(answer.guestToken);
  return { kind: 'guest', guestId: answer.guestId, guestToken: answer.guestToken };
}
