import { API } from '@member-wallet/contract/api-paths';
import {
  CHAT_FILE_FIELD,
  CHAT_GUEST_HEADER,
  chatClaimGuestResponse,
  chatConfigResponse,
  chatGuestRequest,
  chatGuestResponse,
  chatHistoryRequest,
  chatHistoryResponse,
  chatReadRequest,
  chatReadResponse,
  chatSendRequest,
  chatSendResponse,
  chatUploadResponse,
} from '@member-wallet/contract/chat';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import { readIdempotencyKey } from '../../core/ledger/idempotency.service.ts';
import type { Router } from '../../lib/route.ts';
import { type ChatUploadKind, maxBytesOf, readChatFile } from './chat.files.ts';
import { type ChatIdentityDeps, chatCaller, customerKey, memberCustomer, requireOwnIds } from './chat.identity.ts';
import type { ChatService, Uploader } from './chat.service.ts';

const TAGS = ['chat'];
const CALLER =
  `A member by their bearer token, or a guest by the guest token in the "${CHAT_GUEST_HEADER}" header ` +
  '(a missing or void guest token: 403 UNAUTHORIZED)';

/** Reads, checks by content and stores one upload of `kind` for `uploader` (docs/chat.md, Uploads). */
export async function receiveUpload(
  chat: ChatService,
  request: FastifyRequest,
  uploader: Uploader,
  senderKey: string,
  kind: ChatUploadKind,
) {
  await chat.takeUploadHit(senderKey);
  return chat.receiveUpload(uploader, kind, () => readChatFile(request, maxBytesOf(kind)));
}

/** The customer's chat API (`API.chat*`, packages/contract/src/chat.ts). */
export function chatRoutes(route: Router, chat: ChatService, identity: ChatIdentityDeps) {
  route({
    method: 'GET',
    url: API.chatConfig,
    auth: false,
    summary: 'The chat room prefix and the Socket.IO path',
    tags: TAGS,
    response: chatConfigResponse,
    handler: async () => chat.config(),
  });
  route({
    method: 'POST',
    url: API.chatGuest,
    auth: false,
    summary: 'Bind a browser-made guest id (a UUID) once and get its signed guest token; a bound id: 409 KEY_INVALID',
    tags: TAGS,
    body: chatGuestRequest,
    response: chatGuestResponse,
    handler: ({ body, request }) => chat.bindGuest(body.guestId, request.ip),
  });
  route({
    method: 'POST',
    url: API.chatClaimGuest,
    auth: true,
    summary: `A member takes over the conversation of the guest token in "${CHAT_GUEST_HEADER}"; the token is void after`,
    tags: TAGS,
    response: chatClaimGuestResponse,
    handler: async ({ request, auth }) => {
      const header = request.headers[CHAT_GUEST_HEADER];
      const member = await memberCustomer(identity.identities, auth.memberId);
      return chat.claimGuest(member, typeof header === 'string' ? header : undefined);
    },
  });
  conversationRoutes(route, chat, identity);
}

/** The caller's own conversation: send, history, read marks and uploads, for members and guests alike. */
function conversationRoutes(route: Router, chat: ChatService, identity: ChatIdentityDeps) {
  route({
    method: 'POST',
    url: API.chatSendMessage,
    auth: false,
    summary: `Send a customer message (idempotent on clientMessageId, else on the Idempotency-Key header). ${CALLER}`,
    tags: TAGS,
    body: chatSendRequest,
    response: chatSendResponse,
    handler: async ({ request, body }) => {
      const customer = await chatCaller(identity, request);
      requireOwnIds(customer, body);
      return chat.send(customer, body, readIdempotencyKey(request, { required: false }));
    },
  });
  route({
    method: 'POST',
    url: API.chatHistory,
    auth: false,
    summary: `The caller's conversation, newest first, and the operator messages not read yet. ${CALLER}`,
    tags: TAGS,
    body: chatHistoryRequest,
    response: chatHistoryResponse,
    handler: async ({ request, body }) => {
      const customer = await chatCaller(identity, request);
      requireOwnIds(customer, body);
      return chat.history(customer, body);
    },
  });
  route({
    method: 'PUT',
    url: API.chatReadCustomer,
    auth: false,
    summary: `Mark the operator messages of the caller's conversation read. ${CALLER}`,
    tags: TAGS,
    // A client may send no body at all: there is nothing to mark but the caller's own conversation.
    body: z.optional(z.nullable(chatReadRequest)),
    response: chatReadResponse,
    handler: async ({ request, body }) => {
      const customer = await chatCaller(identity, request);
      requireOwnIds(customer, body ?? {});
      return chat.readCustomer(customer);
    },
  });
  for (const [url, kind] of [
    [API.chatUploadImage, 'image'],
    [API.chatUploadVideo, 'video'],
  ] as const) {
    route({
      method: 'POST',
      url,
      auth: false,
      summary:
        `Upload a chat ${kind === 'image' ? 'picture (PNG, JPEG or GIF)' : 'video (MP4 or QuickTime)'}, at most ` +
        `${maxBytesOf(kind)} bytes, multipart in "${CHAT_FILE_FIELD}". ${CALLER}`,
      tags: TAGS,
      response: chatUploadResponse,
      handler: async ({ request }) => {
        const customer = await chatCaller(identity, request);
        return receiveUpload(chat, request, { customer }, customerKey(customer), kind);
      },
    });
  }
}
