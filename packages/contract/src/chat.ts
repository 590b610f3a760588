import { z } from 'zod/mini';
import { CHAT_LIMITS } from './constants.ts';

/**
 * Live chat (spec sections 2, 3, 4, 5, 7 and 9; issue 8; docs/chat.md). A conversation belongs to one member
 * or one guest. The customer writes through `API.chat*`; operators answer from the back-office
 * (`CHAT_BACKOFFICE_API`). Both sides receive new messages live over Socket.IO.
 *
 * Identity: a member is who their bearer token says; a guest is who their guest token says. Neither `userId`
 * nor `guestId` of a body is ever trusted: when present they must name the caller's own conversation, or the
 * call is refused with 403 `UNAUTHORIZED`.
 */

/** Header carrying the guest token on every chat call of a visitor (and on `claimGuest` of a member). */
export const CHAT_GUEST_HEADER = 'x-chat-guest';

/**
 * A guest id is made by the browser (a UUID, spec section 1) and bound once to a server-signed guest token
 * by `API.chatGuest`. The browser keeps the token under `STORAGE_KEYS.guestId`; the token starts with the id.
 * Token shape: `<guestId>.<signature>`, the signature base64url (HMAC-SHA256 on the server).
 */
export const GUEST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const GUEST_TOKEN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[A-Za-z0-9_-]{43}$/;

/** The guest id of a guest token (the part before the dot), or null when it is not a token's shape. */
export function guestIdOfToken(token: string): string | null {
  return GUEST_TOKEN.test(token) ? (token.split('.')[0] ?? null) : null;
}

/** `POST /api/chat/guest` body; answers `chatGuestResponse`. An id bound before answers 400 `KEY_INVALID`. */
export const chatGuestRequest = z.object({ guestId: z.string().check(z.regex(GUEST_ID, { error: 'KEY_INVALID' })) });
export type ChatGuestRequest = z.infer<typeof chatGuestRequest>;
export const chatGuestResponse = z.object({ guestId: z.string(), guestToken: z.string() });
export type ChatGuestResponse = z.infer<typeof chatGuestResponse>;

/**
 * `POST /api/chat/claim-guest`, a member's token plus the guest token header: the guest's conversation moves to
 * the member (docs/chat.md, "A guest who logs in"). The guest token is void afterwards. Answers how many
 * messages moved.
 */
export const chatClaimGuestResponse = z.object({ moved: z.int() });
export type ChatClaimGuestResponse = z.infer<typeof chatClaimGuestResponse>;

/** `GET /api/chat/config`: the socket room of a conversation is `${prefix}-${userId or guestId}`. */
export const chatConfigResponse = z.object({
  prefix: z.string(),
  /** Socket.IO's path on the same origin (or on `VITE_CHAT_URL` when a chat backend is configured). */
  socketPath: z.string(),
});
export type ChatConfigResponse = z.infer<typeof chatConfigResponse>;

export function chatRoom(prefix: string, id: string): string {
  return `${prefix}-${id}`;
}

export const CHAT_SENDERS = ['customer', 'other'] as const;
export type ChatSender = (typeof CHAT_SENDERS)[number];
export const CHAT_BUTTON_TYPES = ['web', 'call', 'postback', 'other'] as const;
export type ChatButtonType = (typeof CHAT_BUTTON_TYPES)[number];
export const CHAT_FILE_TYPES = ['image', 'video', 'file'] as const;
export type ChatFileType = (typeof CHAT_FILE_TYPES)[number];
export const CHAT_MESSAGE_TYPES = [
  'text',
  'buttons',
  'media',
  'quick_replies',
  'generic',
  'postback',
  'unknown',
] as const;
export type ChatMessageType = (typeof CHAT_MESSAGE_TYPES)[number];
/** What a customer may send; operators send every type but postback and unknown. */
export const CUSTOMER_MESSAGE_TYPES = ['text', 'media', 'postback'] as const;
export const OPERATOR_MESSAGE_TYPES = ['text', 'buttons', 'media', 'quick_replies', 'generic'] as const;
/** Delivery states of a message on the sending client (spec sections 3 and 4). */
export const CHAT_DELIVERY = ['uploading_file', 'sending', 'succeed', 'failed'] as const;
export type ChatDelivery = (typeof CHAT_DELIVERY)[number];

const CHAT_SIZES = {
  titleMax: 80,
  payloadMax: 1000,
  buttonsMax: 10,
  quickRepliesMax: 13,
  cardsMax: 10,
  pathMax: 500,
} as const;

/** Text of a message: trimmed, not blank, at most CHAT_LIMITS.textMaxLength characters (spec section 5). */
const messageText = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, { error: 'KEY_MISSING' }),
    z.maxLength(CHAT_LIMITS.textMaxLength, { error: 'KEY_INVALID' }),
  );
const optionalText = z.optional(z.string().check(z.trim(), z.maxLength(CHAT_LIMITS.textMaxLength)));
const title = z.string().check(z.trim(), z.minLength(1), z.maxLength(CHAT_SIZES.titleMax));
const buttonPayload = z.string().check(z.maxLength(CHAT_SIZES.payloadMax));

/**
 * A button: `web` opens `payload` (an http(s) URL) in a new tab, `call` dials `payload` (a phone number),
 * `postback` sends a postback message back with `payload`, `other` only shows its title.
 */
export const chatButton = z.object({ type: z.enum(CHAT_BUTTON_TYPES), title, payload: buttonPayload });
export type ChatButton = z.infer<typeof chatButton>;

/** A quick reply answers with a postback of its `payload`; the replies disappear once one is chosen. */
export const chatQuickReply = z.object({ title, payload: buttonPayload });
export type ChatQuickReply = z.infer<typeof chatQuickReply>;

export const chatCard = z.object({
  title,
  subtitle: optionalText,
  /** A picture URL; shown only when it is http(s) or a path of our own. */
  image_url: z.optional(z.string().check(z.maxLength(CHAT_SIZES.pathMax))),
  buttons: z.optional(z.array(chatButton).check(z.maxLength(CHAT_SIZES.buttonsMax))),
});
export type ChatCard = z.infer<typeof chatCard>;

export const chatTextMessage = z.object({
  message_type: z.literal('text'),
  payload: z.object({ message: messageText }),
});
export const chatButtonsMessage = z.object({
  message_type: z.literal('buttons'),
  payload: z.object({
    message: optionalText,
    buttons: z.array(chatButton).check(z.minLength(1), z.maxLength(CHAT_SIZES.buttonsMax)),
  }),
});
/**
 * A picture, a video or a file. `filePath` is what an upload answered (`API.chatUploadImage` or
 * `chatUploadVideo`, or the back-office's upload); `url` true when `filePath` is a full URL.
 */
export const chatMediaMessage = z.object({
  message_type: z.literal('media'),
  payload: z.object({
    message: optionalText,
    url: z.boolean(),
    fileType: z.enum(CHAT_FILE_TYPES),
    filePath: z.string().check(z.minLength(1, { error: 'KEY_MISSING' }), z.maxLength(CHAT_SIZES.pathMax)),
  }),
});
export const chatQuickRepliesMessage = z.object({
  message_type: z.literal('quick_replies'),
  payload: z.object({
    message: messageText,
    quick_replies: z.array(chatQuickReply).check(z.minLength(1), z.maxLength(CHAT_SIZES.quickRepliesMax)),
  }),
});
export const chatGenericMessage = z.object({
  message_type: z.literal('generic'),
  payload: z.object({ elements: z.array(chatCard).check(z.minLength(1), z.maxLength(CHAT_SIZES.cardsMax)) }),
});
/** A customer's answer to a postback button or a quick reply: the chosen title and its payload. */
export const chatPostbackMessage = z.object({
  message_type: z.literal('postback'),
  payload: z.object({ title, payload: buttonPayload }),
});
/** Never sent; what a client shows for a message it cannot read (a newer type, a broken payload). */
export const chatUnknownMessage = z.object({ message_type: z.literal('unknown'), payload: z.unknown() });

export const chatMessage = z.discriminatedUnion('message_type', [
  chatTextMessage,
  chatButtonsMessage,
  chatMediaMessage,
  chatQuickRepliesMessage,
  chatGenericMessage,
  chatPostbackMessage,
  chatUnknownMessage,
]);
export type ChatMessage = z.infer<typeof chatMessage>;
export const customerMessage = z.discriminatedUnion('message_type', [
  chatTextMessage,
  chatMediaMessage,
  chatPostbackMessage,
]);
export type CustomerMessage = z.infer<typeof customerMessage>;
export const operatorMessage = z.discriminatedUnion('message_type', [
  chatTextMessage,
  chatButtonsMessage,
  chatMediaMessage,
  chatQuickRepliesMessage,
  chatGenericMessage,
]);
export type OperatorMessage = z.infer<typeof operatorMessage>;

/** The sender's own id of a message, so a retried send is stored once (idempotency). */
export const CLIENT_MESSAGE_ID = /^[A-Za-z0-9_-]{8,64}$/;
const clientMessageId = z.string().check(z.regex(CLIENT_MESSAGE_ID, { error: 'KEY_INVALID' }));
const optionalId = z.optional(z.nullable(z.string().check(z.maxLength(64))));

/**
 * `POST /api/chat/send-message`: the conversation object of spec section 3. `sender` must be `customer`;
 * `userId`/`guestId`, when given, must be the caller's own. `username`, `name`, `deviceToken` and `createdAt`
 * are ignored (the server knows them). Answers `chatSendResponse`. A retry is stored once (docs/chat.md,
 * "Sending once"): sending the same `clientMessageId` again, or, without one, the same `Idempotency-Key` header,
 * answers the first message's id and time and stores nothing; a request with neither is a new message.
 */
export const chatSendRequest = z.object({
  sender: z.literal('customer'),
  message: customerMessage,
  /** Optional (the spec's object has none): this member app always sends one. */
  clientMessageId: z.optional(clientMessageId),
  session_id: optionalId,
  userId: optionalId,
  guestId: optionalId,
  username: z.optional(z.nullable(z.string().check(z.maxLength(100)))),
  name: z.optional(z.nullable(z.string().check(z.maxLength(100)))),
  deviceToken: z.optional(z.nullable(z.string().check(z.maxLength(500)))),
});
export type ChatSendRequest = z.infer<typeof chatSendRequest>;
export const chatSendResponse = z.object({ id: z.string(), createdAt: z.string() });
export type ChatSendResponse = z.infer<typeof chatSendResponse>;

/** A stored message, as history answers it and as `messaging` events carry it. */
export const chatConversation = z.object({
  id: z.string(),
  sender: z.enum(CHAT_SENDERS),
  message: chatMessage,
  /** ISO 8601. */
  createdAt: z.string(),
  session_id: z.nullable(z.string()),
  userId: z.nullable(z.string()),
  guestId: z.nullable(z.string()),
  /** The member's phone number; for `other`, the operator's username in the back-office, null for customers. */
  username: z.nullable(z.string()),
  /** The member's name; for `other`, the operator's username in the back-office, null for customers. */
  name: z.nullable(z.string()),
  deviceToken: z.nullable(z.string()),
  clientMessageId: z.nullable(z.string()),
});
export type ChatConversation = z.infer<typeof chatConversation>;

/** `POST /api/chat/history`: newest first, `skip` grows by PAGE_SIZE.chatHistory when scrolled to the top. */
export const chatHistoryRequest = z.object({
  userId: optionalId,
  guestId: optionalId,
  limit: z.int().check(z.minimum(1), z.maximum(50)),
  skip: z.int().check(z.minimum(0), z.maximum(100_000)),
});
export type ChatHistoryRequest = z.infer<typeof chatHistoryRequest>;
export const chatHistoryResponse = z.object({
  messages: z.array(chatConversation),
  /** Operator messages the customer has not marked read (`PUT /api/chat/read-customer/`). */
  unread: z.int(),
});
export type ChatHistoryResponse = z.infer<typeof chatHistoryResponse>;

/** `PUT /api/chat/read-customer/`: marks every operator message of the conversation read. */
export const chatReadRequest = z.object({ userId: optionalId, guestId: optionalId });
export type ChatReadRequest = z.infer<typeof chatReadRequest>;
export const chatReadResponse = z.object({ unread: z.int() });

/**
 * Uploads: multipart with the file in CHAT_FILE_FIELD. Checked by content: an image must be PNG, JPEG or GIF
 * (at most CHAT_LIMITS.imageMaxBytes), a video MP4 or QuickTime (at most CHAT_LIMITS.videoMaxBytes). Answers
 * the `path` to put in a media message's `filePath`. Errors: no file 400 `KEY_MISSING`, other content 400
 * `CHAT_FILE_NOT_SUPPORTED`, too large 413 `CHAT_FILE_TOO_LARGE`.
 */
export const CHAT_FILE_FIELD = 'file';
export const chatUploadResponse = z.object({ path: z.string() });
export type ChatUploadResponse = z.infer<typeof chatUploadResponse>;
/** The `accept` of the widget's file input; the client also checks the extension (spec section 5). */
export const CHAT_FILE_ACCEPT = 'image/png,image/jpeg,image/gif,video/mp4,video/quicktime';
export const CHAT_VIDEO_EXTENSIONS = ['mp4', 'mov'] as const;

/** Per-sender limits, checked by the server (docs/chat.md). */
export const CHAT_RATE = {
  messagesPerMinute: 30,
  uploadsPerMinute: 10,
  guestsPerHourPerIp: 20,
} as const;

/**
 * Socket.IO (spec section 7, Realtime). The default namespace serves customers: the handshake's `auth` is
 * `chatSocketAuth`, and the client emits CHAT_EVENTS.join with its room, acknowledged with `chatJoinAck`.
 * Each new message of the conversation, either side's, arrives as CHAT_EVENTS.messaging with a
 * `chatConversation`; a read mark of the operator arrives as CHAT_EVENTS.read.
 *
 * Operators connect to the namespace CHAT_BACKOFFICE_NAMESPACE with `{ token }` (an operator token with the
 * admin or support role) and receive CHAT_EVENTS.conversation (a `chatConversationSummary`) and
 * CHAT_EVENTS.message (`chatOperatorMessageEvent`) for every conversation.
 */
export const CHAT_EVENTS = {
  join: 'join',
  messaging: 'messaging',
  read: 'read',
  conversation: 'conversation',
  message: 'message',
} as const;
export const CHAT_BACKOFFICE_NAMESPACE = '/backoffice';
export const chatSocketAuth = z.object({
  token: z.optional(z.string().check(z.maxLength(200))),
  guestToken: z.optional(z.string().check(z.maxLength(200))),
});
export type ChatSocketAuth = z.infer<typeof chatSocketAuth>;
export const chatJoinAck = z.object({ ok: z.boolean(), message: z.optional(z.string()) });
export type ChatJoinAck = z.infer<typeof chatJoinAck>;

// ---- Back-office (operators with the admin or support role) ----

export const CHAT_BACKOFFICE_API = {
  conversations: '/backoffice/api/chat/conversations',
  conversation: '/backoffice/api/chat/conversations/:id',
  conversationMessages: '/backoffice/api/chat/conversations/:id/messages',
  conversationRead: '/backoffice/api/chat/conversations/:id/read',
  conversationAssign: '/backoffice/api/chat/conversations/:id/assign',
  /** Operators a conversation can be assigned to (admin and support). */
  operators: '/backoffice/api/chat/operators',
  /** Multipart, file in CHAT_FILE_FIELD: the same content rules as the member's uploads. */
  upload: '/backoffice/api/chat/uploads',
} as const;

export const CHAT_CONVERSATION_FILTERS = ['all', 'unread', 'mine', 'unassigned'] as const;
export type ChatConversationFilter = (typeof CHAT_CONVERSATION_FILTERS)[number];

export const chatConversationSummary = z.object({
  id: z.string(),
  customer: z.object({
    kind: z.enum(['member', 'guest']),
    memberId: z.nullable(z.string()),
    guestId: z.nullable(z.string()),
    /** The member's name and phone number; null for a guest. */
    name: z.nullable(z.string()),
    username: z.nullable(z.string()),
  }),
  lastMessage: z.nullable(chatConversation),
  /** ISO 8601 of the last message (or of the conversation's start). */
  lastMessageAt: z.string(),
  /** Customer messages no operator has marked read. */
  unread: z.int(),
  assignedTo: z.nullable(z.object({ id: z.string(), username: z.string() })),
});
export type ChatConversationSummary = z.infer<typeof chatConversationSummary>;

/** `GET conversations?filter&cursor`: most recent activity first; `nextCursor` null on the last page. */
export const chatConversationsQuery = z.object({
  filter: z.optional(z.enum(CHAT_CONVERSATION_FILTERS)),
  cursor: z.optional(z.string().check(z.maxLength(100))),
});
export const chatConversationsResponse = z.object({
  items: z.array(chatConversationSummary),
  nextCursor: z.nullable(z.string()),
  /** Unread customer messages over every conversation, for the menu's badge. */
  unreadTotal: z.int(),
});
export type ChatConversationsResponse = z.infer<typeof chatConversationsResponse>;
export const CHAT_CONVERSATIONS_PAGE = 30;

/** `GET conversationMessages?skip&limit`: newest first, as the member's history. */
export const chatMessagesQuery = z.object({
  skip: z.optional(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(100_000))),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(50))),
});
export const chatMessagesResponse = z.object({ messages: z.array(chatConversation) });

/** `POST conversationMessages`: an operator's answer; the same `clientMessageId` twice stores one message. */
export const operatorSendRequest = z.object({ message: operatorMessage, clientMessageId });
export type OperatorSendRequest = z.infer<typeof operatorSendRequest>;

/** `PUT conversationAssign`: null takes the conversation off whoever held it. */
export const chatAssignRequest = z.object({ operatorId: z.nullable(z.string().check(z.maxLength(64))) });
export type ChatAssignRequest = z.infer<typeof chatAssignRequest>;

export const chatOperatorsResponse = z.object({
  operators: z.array(z.object({ id: z.string(), username: z.string() })),
});

/** CHAT_EVENTS.message on the back-office namespace. */
export const chatOperatorMessageEvent = z.object({ conversationId: z.string(), message: chatConversation });
export type ChatOperatorMessageEvent = z.infer<typeof chatOperatorMessageEvent>;
