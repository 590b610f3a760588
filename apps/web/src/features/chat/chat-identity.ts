import { CHAT_GUEST_HEADER } from '@member-wallet/contract/chat';
import { STORAGE_KEYS } from '@member-wallet/contract/constants';

/**
 * Who is chatting: a member (their bearer token, which http.ts sends by itself) or a guest (a server-signed
 * guest token kept under STORAGE_KEYS.guestId). The ids only name the socket room and the body's own ids.
 */
export type ChatIdentity = { kind: 'member'; userId: string } | { kind: 'guest'; guestId: string; guestToken: string };

export function storedGuestToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.guestId);
}

export function storeGuestToken(token: string): void {
  localStorage.setItem(STORAGE_KEYS.guestId, token);
}

export function dropGuestToken(): void {
  localStorage.removeItem(STORAGE_KEYS.guestId);
}

/**
 * What every chat call carries: a visitor's guest token header (a member is known by the bearer token alone).
 * A refused guest token is the widget's business, not a reason to send a visitor to the login page, so only
 * a member's calls keep the client's session redirects.
 */
export function chatCallOptions(identity: ChatIdentity): { headers: Record<string, string>; redirects: boolean } {
  return identity.kind === 'guest'
    ? { headers: { [CHAT_GUEST_HEADER]: identity.guestToken }, redirects: false }
    : { headers: {}, redirects: true };
}

/** The conversation's own ids, as the send, history and read bodies carry them. */
export function identityIds(identity: ChatIdentity): { userId?: string; guestId?: string } {
  return identity.kind === 'member' ? { userId: identity.userId } : { guestId: identity.guestId };
}

export function roomId(identity: ChatIdentity): string {
  return identity.kind === 'member' ? identity.userId : identity.guestId;
}
