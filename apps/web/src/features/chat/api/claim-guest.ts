import { API } from '@member-wallet/contract/api-paths';
import { CHAT_GUEST_HEADER, chatClaimGuestResponse } from '@member-wallet/contract/chat';
import { isApiError, NETWORK_ERROR, request } from '../../../lib/http.ts';
import { dropGuestToken } from '../chat-identity.ts';

/**
 * Moves what a visitor wrote before logging in to the member's conversation (docs/chat.md, "A guest who logs
 * in"). The guest token is void afterwards, so it is dropped once the server has
 * answered, whatever the answer.
 */
export async function claimGuest(guestToken: string): Promise<void> {
  try {
    await request(API.chatClaimGuest, {
      method: 'POST',
      headers: { [CHAT_GUEST_HEADER]: guestToken },
      schema: chatClaimGuestResponse,
      redirects: false,
    });
  } catch (error) {
    // A refused claim (a void or foreign token) cannot succeed later; only an unanswered one is tried again.
    if (!isApiError(error) || error.code === NETWORK_ERROR) throw error;
  }
  dropGuestToken();
}
