import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { CHAT_GUEST_HEADER, guestIdOfToken } from '@member-wallet/contract/chat';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../../lib/route.ts';
import type { ChatIdentityRepository } from './chat.identity.repository.ts';

/** Who writes to a conversation: a member (by their session) or a guest (by their signed token). */
export type ChatCustomer =
  | { kind: 'member'; memberId: bigint; publicId: string; name: string; phone: string }
  | { kind: 'guest'; guestId: string };

/** Who may use an uploaded file in a message: its customer uploader, or any operator. */
export type Uploader = { customer: ChatCustomer } | { operatorId: bigint };

const GUEST_KEY_NAME = 'guest_token';

/**
 * The key signing guest tokens: CHAT_GUEST_SECRET, else a random key made by the first node that needed one and
 * kept in the database, so every node on that database signs and checks alike.
 */
export async function loadGuestKey(identities: ChatIdentityRepository, configured: string | null): Promise<Buffer> {
  if (configured !== null) return Buffer.from(configured, 'utf8');
  return Buffer.from(await identities.keyOrInsert(GUEST_KEY_NAME, randomBytes(32).toString('hex')), 'hex');
}

/** Guest tokens: `<guestId>.<base64url HMAC-SHA256 of the id>`, valid while the guest is bound and unclaimed. */
export class GuestTokens {
  constructor(
    private readonly identities: ChatIdentityRepository,
    private readonly key: Buffer,
  ) {}

  sign(guestId: string): string {
    return `${guestId}.${this.#signature(guestId).toString('base64url')}`;
  }

  /** The guest id of a genuine token of a live guest, or null (forged, malformed, unknown or claimed). */
  async verify(token: string | undefined): Promise<string | null> {
    const guestId = token === undefined ? null : guestIdOfToken(token);
    if (guestId === null || token === undefined) return null;
    const given = Buffer.from(token.slice(guestId.length + 1), 'base64url');
    const expected = this.#signature(guestId);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return (await this.identities.isLiveGuest(guestId)) ? guestId : null;
  }

  #signature(guestId: string): Buffer {
    return createHmac('sha256', this.key).update(`chat-guest:${guestId}`).digest();
  }
}

export interface ChatIdentityDeps {
  identities: ChatIdentityRepository;
  guests: GuestTokens;
  /** The member app's authenticator: throws InvalidTokenError (401) for a bad bearer token. */
  authenticate: (authorization: string | undefined) => Promise<AuthContext>;
}

/** A member's chat identity from their member id. */
export async function memberCustomer(identities: ChatIdentityRepository, memberId: bigint): Promise<ChatCustomer> {
  const member = await identities.member(memberId);
  return { kind: 'member', memberId, publicId: member.public_id, name: member.name, phone: member.phone };
}

/**
 * The caller of a chat route. A bearer token makes it a member's call (a guest header beside it is ignored),
 * and a bad one answers 401 `invalid-token`; without one, the guest header must hold a live guest token, else
 * 403 UNAUTHORIZED, so a visitor is never sent to the login page.
 */
export async function chatCaller(deps: ChatIdentityDeps, request: FastifyRequest): Promise<ChatCustomer> {
  const { authorization } = request.headers;
  if (authorization !== undefined) {
    const auth = await deps.authenticate(authorization);
    return memberCustomer(deps.identities, auth.memberId);
  }
  const header = request.headers[CHAT_GUEST_HEADER];
  const guestId = await deps.guests.verify(typeof header === 'string' ? header : undefined);
  if (guestId === null) throw new AppError('UNAUTHORIZED');
  return { kind: 'guest', guestId };
}

/** Refuses a body naming a conversation that is not the caller's own (403 UNAUTHORIZED). */
export function requireOwnIds(
  customer: ChatCustomer,
  body: { userId?: string | null | undefined; guestId?: string | null | undefined },
): void {
  const ownUser = customer.kind === 'member' ? customer.publicId : null;
  const ownGuest = customer.kind === 'guest' ? customer.guestId : null;
  const userOk = body.userId === undefined || body.userId === null || body.userId === ownUser;
  const guestOk = body.guestId === undefined || body.guestId === null || body.guestId === ownGuest;
  if (!userOk || !guestOk) throw new AppError('UNAUTHORIZED');
}

/** The socket room and rate-limit key of a customer: their public member id or guest id. */
export function customerKey(customer: ChatCustomer): string {
  return customer.kind === 'member' ? customer.publicId : customer.guestId;
}
