import {
  CHAT_BACKOFFICE_API,
  CHAT_FILE_FIELD,
  chatAssignRequest,
  chatConversationSummary,
  chatConversationsQuery,
  chatConversationsResponse,
  chatMessagesQuery,
  chatMessagesResponse,
  chatOperatorsResponse,
  chatSendResponse,
  chatUploadResponse,
  operatorSendRequest,
} from '@member-wallet/contract/chat';
import type { FastifyRequest } from 'fastify';
import type { OperatorRouter } from '../../core/operator/operator-router.ts';
import type { ChatBackoffice } from './chat.backoffice.service.ts';
import { maxBytesOf, readChatFile } from './chat.files.ts';
import type { ChatService } from './chat.service.ts';

const ROLES = ['admin', 'support'] as const;
const TAGS = ['backoffice'];

function idOf(request: FastifyRequest): string {
  return (request.params as { id: string }).id;
}

/** The back-office's chat inbox (CHAT_BACKOFFICE_API, docs/chat.md), for admin and support operators. */
export function chatBackofficeRoutes(route: OperatorRouter, inbox: ChatBackoffice, chat: ChatService) {
  route({
    method: 'GET',
    url: CHAT_BACKOFFICE_API.conversations,
    auth: true,
    roles: ROLES,
    summary: 'Conversations, most recent activity first (filter all, unread, mine, unassigned; keyset cursor)',
    tags: TAGS,
    query: chatConversationsQuery,
    response: chatConversationsResponse,
    handler: ({ query, auth }) => inbox.inbox(query.filter ?? 'all', query.cursor, auth),
  });
  route({
    method: 'GET',
    url: CHAT_BACKOFFICE_API.conversation,
    auth: true,
    roles: ROLES,
    summary: 'One conversation',
    tags: TAGS,
    response: chatConversationSummary,
    handler: ({ request }) => inbox.summary(idOf(request)),
  });
  route({
    method: 'GET',
    url: CHAT_BACKOFFICE_API.conversationMessages,
    auth: true,
    roles: ROLES,
    summary: "A page of the conversation's messages, newest first",
    tags: TAGS,
    query: chatMessagesQuery,
    response: chatMessagesResponse,
    handler: ({ request, query }) => inbox.messages(idOf(request), query.skip, query.limit),
  });
  answerRoutes(route, inbox, chat);
}

/** What operators do in a conversation: answer, upload, mark read, assign; and whom they can assign to. */
function answerRoutes(route: OperatorRouter, inbox: ChatBackoffice, chat: ChatService) {
  route({
    method: 'POST',
    url: CHAT_BACKOFFICE_API.conversationMessages,
    auth: true,
    roles: ROLES,
    summary: "An operator's answer (idempotent on clientMessageId)",
    tags: TAGS,
    body: operatorSendRequest,
    response: chatSendResponse,
    handler: ({ request, body, auth }) => inbox.send(idOf(request), body, auth),
  });
  route({
    method: 'PUT',
    url: CHAT_BACKOFFICE_API.conversationRead,
    auth: true,
    roles: ROLES,
    summary: "Mark the customer's messages read",
    tags: TAGS,
    response: chatConversationSummary,
    handler: ({ request }) => inbox.read(idOf(request)),
  });
  route({
    method: 'PUT',
    url: CHAT_BACKOFFICE_API.conversationAssign,
    auth: true,
    roles: ROLES,
    summary: 'Assign the conversation to an admin or support operator, or to nobody (audited)',
    tags: TAGS,
    body: chatAssignRequest,
    response: chatConversationSummary,
    handler: ({ request, body, auth }) => inbox.assign(idOf(request), body.operatorId, auth, request.ip),
  });
  route({
    method: 'GET',
    url: CHAT_BACKOFFICE_API.operators,
    auth: true,
    roles: ROLES,
    summary: 'Operators a conversation can be assigned to',
    tags: TAGS,
    response: chatOperatorsResponse,
    handler: () => inbox.operators(),
  });
  route({
    method: 'POST',
    url: CHAT_BACKOFFICE_API.upload,
    auth: true,
    roles: ROLES,
    summary: `Upload a picture or a video for an answer, multipart in "${CHAT_FILE_FIELD}" (the customer's rules)`,
    tags: TAGS,
    response: chatUploadResponse,
    handler: async ({ request, auth }) => {
      await chat.takeUploadHit(`operator:${auth.operatorId}`);
      return chat.receiveUpload({ operatorId: auth.operatorId }, 'any', () =>
        readChatFile(request, maxBytesOf('video')),
      );
    },
  });
}
