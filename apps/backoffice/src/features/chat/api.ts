import { backofficePath } from '@member-wallet/contract/backoffice/api-paths';
import {
  CHAT_BACKOFFICE_API,
  CHAT_FILE_FIELD,
  type ChatConversation,
  type ChatConversationFilter,
  type ChatConversationSummary,
  type ChatConversationsResponse,
  chatConversation,
  chatConversationSummary,
  chatConversationsResponse,
  chatOperatorsResponse,
  chatSendResponse,
  chatUploadResponse,
  type OperatorMessage,
} from '@member-wallet/contract/chat';
import { TIMEOUT_MS } from '@member-wallet/contract/constants';
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { errorFromAnswer, readJson, request, send } from '../../lib/http.ts';

/** Messages a page of a conversation holds ('load older' asks for the next ones). */
const MESSAGES_PAGE = 30;

export const chatKey = ['backoffice', 'chat'] as const;
const conversationsKey = [...chatKey, 'conversations'] as const;
const unreadKey = [...chatKey, 'unread'] as const;

export function conversationKey(id: string) {
  return [...chatKey, 'conversation', id] as const;
}

export function messagesKey(id: string) {
  return [...chatKey, 'messages', id] as const;
}

export type ConversationPages = InfiniteData<ChatConversationsResponse, string | null>;
export type MessagePages = InfiniteData<{ messages: ChatConversation[] }, number>;

/** The conversations of a filter, most recent activity first, a page at a time by the server's cursor. */
export function useConversations(filter: ChatConversationFilter) {
  return useInfiniteQuery({
    queryKey: [...conversationsKey, filter],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ filter });
      if (pageParam) query.set('cursor', pageParam);
      return request(`${CHAT_BACKOFFICE_API.conversations}?${query}`, { schema: chatConversationsResponse });
    },
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** The menu's badge: unread customer messages over every conversation. */
export function useUnreadTotal(enabled: boolean) {
  return useQuery({
    queryKey: unreadKey,
    enabled,
    queryFn: () => request(`${CHAT_BACKOFFICE_API.conversations}?filter=unread`, { schema: chatConversationsResponse }),
    select: (answer) => answer.unreadTotal,
  });
}

export function useConversation(id: string) {
  return useQuery({
    queryKey: conversationKey(id),
    queryFn: () => request(backofficePath(CHAT_BACKOFFICE_API.conversation, id), { schema: chatConversationSummary }),
  });
}

/**
 * A stored message as the contract reads it; one it cannot read (a newer type, a broken payload) is kept as
 * `unknown`, so that one odd message never hides the rest of the conversation.
 */
export function readMessage(data: unknown): ChatConversation | null {
  const parsed = chatConversation.safeParse(data);
  if (parsed.success) return parsed.data;
  if (!data || typeof data !== 'object') return null;
  const raw = data as Record<string, unknown>;
  if (typeof raw.id !== 'string' || typeof raw.createdAt !== 'string') return null;
  const text = (key: string) => (typeof raw[key] === 'string' ? (raw[key] as string) : null);
  return {
    id: raw.id,
    sender: raw.sender === 'customer' ? 'customer' : 'other',
    message: { message_type: 'unknown', payload: (raw.message as { payload?: unknown } | null)?.payload },
    createdAt: raw.createdAt,
    session_id: text('session_id'),
    userId: text('userId'),
    guestId: text('guestId'),
    username: text('username'),
    name: text('name'),
    deviceToken: null,
    clientMessageId: text('clientMessageId'),
  };
}

const messagesSchema = {
  parse(data: unknown): { messages: ChatConversation[] } {
    const list = (data as { messages?: unknown } | null)?.messages;
    if (!Array.isArray(list)) throw new Error('messages');
    return { messages: list.map(readMessage).filter((message) => message !== null) };
  },
};

/** A conversation's messages, newest first per page; 'load older' skips what is already held. */
export function useMessages(id: string) {
  return useInfiniteQuery({
    queryKey: messagesKey(id),
    initialPageParam: 0,
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ skip: String(pageParam), limit: String(MESSAGES_PAGE) });
      const path = backofficePath(CHAT_BACKOFFICE_API.conversationMessages, id);
      return request(`${path}?${query}`, { schema: messagesSchema });
    },
    getNextPageParam: (last, pages) =>
      last.messages.length < MESSAGES_PAGE ? undefined : pages.reduce((sum, page) => sum + page.messages.length, 0),
  });
}

/** Marks the conversation's customer messages read; the lists and the badge show it at once. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request(backofficePath(CHAT_BACKOFFICE_API.conversationRead, id), { method: 'PUT' }),
    onSuccess: (_answer, id) => {
      patchSummaries(queryClient, id, (summary) => ({ ...summary, unread: 0 }));
      void queryClient.invalidateQueries({ queryKey: unreadKey });
    },
  });
}

/** Who a conversation can be given to (admin and support operators). */
export function useOperators() {
  return useQuery({
    queryKey: [...chatKey, 'operators'],
    staleTime: 5 * 60_000,
    queryFn: () => request(CHAT_BACKOFFICE_API.operators, { schema: chatOperatorsResponse }),
  });
}

/** Gives the conversation to an operator, or to nobody (null); the lists are read again afterwards. */
export function useAssign(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (operatorId: string | null) =>
      request(backofficePath(CHAT_BACKOFFICE_API.conversationAssign, id), { method: 'PUT', body: { operatorId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatKey }),
  });
}

/**
 * Sends an operator's message. The answer is the stored message, or at least its id and time, from which the
 * stored message is made up here; either way the conversation shows it once.
 */
export async function sendOperatorMessage(
  id: string,
  message: OperatorMessage,
  clientMessageId: string,
  operator: string,
): Promise<ChatConversation> {
  const answer = await request<unknown>(backofficePath(CHAT_BACKOFFICE_API.conversationMessages, id), {
    method: 'POST',
    body: { message, clientMessageId },
  });
  const stored = chatConversation.safeParse(answer);
  if (stored.success) return stored.data;
  const { id: messageId, createdAt } = chatSendResponse.parse(answer);
  return {
    id: messageId,
    sender: 'other',
    message,
    createdAt,
    session_id: null,
    userId: null,
    guestId: null,
    username: operator,
    name: operator,
    deviceToken: null,
    clientMessageId,
  };
}

/** Uploads a picture or a video (multipart) and answers the path a media message carries. */
export async function uploadChatFile(file: File): Promise<string> {
  const form = new FormData();
  form.append(CHAT_FILE_FIELD, file);
  const response = await send(CHAT_BACKOFFICE_API.upload, { method: 'POST', body: form, timeoutMs: TIMEOUT_MS.upload });
  const data = await readJson(response);
  if (!response.ok) throw errorFromAnswer(response.status, data);
  return chatUploadResponse.parse(data).path;
}

/** Adds a message to a held conversation once: one with the same id or clientMessageId is replaced. */
export function addMessage(queryClient: QueryClient, conversationId: string, message: ChatConversation): void {
  queryClient.setQueryData<MessagePages>(messagesKey(conversationId), (held) => {
    if (!held) return held;
    const same = (each: ChatConversation) =>
      each.id === message.id || (message.clientMessageId !== null && each.clientMessageId === message.clientMessageId);
    const pages = held.pages.map((page) => ({ messages: page.messages.filter((each) => !same(each)) }));
    const [first, ...rest] = pages;
    return { ...held, pages: [{ messages: [message, ...(first?.messages ?? [])] }, ...rest] };
  });
}

/** Changes one conversation wherever a held list or the open conversation shows it. */
function patchSummaries(
  queryClient: QueryClient,
  id: string,
  change: (summary: ChatConversationSummary) => ChatConversationSummary,
): void {
  queryClient.setQueriesData<ConversationPages>({ queryKey: conversationsKey }, (held) =>
    held
      ? {
          ...held,
          pages: held.pages.map((page) => ({
            ...page,
            items: page.items.map((item) => (item.id === id ? change(item) : item)),
          })),
        }
      : held,
  );
  queryClient.setQueryData<ChatConversationSummary>(conversationKey(id), (held) => (held ? change(held) : held));
}

function belongs(filter: unknown, summary: ChatConversationSummary, operatorId: string): boolean {
  if (filter === 'unread') return summary.unread > 0;
  if (filter === 'mine') return summary.assignedTo?.id === operatorId;
  if (filter === 'unassigned') return summary.assignedTo === null;
  return true;
}

/**
 * A conversation changed (a live event): it moves to the top of each held list it belongs to and leaves the
 * others; the badge is read again.
 */
export function moveToTop(queryClient: QueryClient, summary: ChatConversationSummary, operatorId: string): void {
  for (const [key, held] of queryClient.getQueriesData<ConversationPages>({ queryKey: conversationsKey })) {
    if (!held) continue;
    const pages = held.pages.map((page) => ({ ...page, items: page.items.filter((item) => item.id !== summary.id) }));
    const [first, ...rest] = pages;
    if (first && belongs(key[3], summary, operatorId)) first.items = [summary, ...first.items];
    queryClient.setQueryData<ConversationPages>(key, { ...held, pages: first ? [first, ...rest] : pages });
  }
  queryClient.setQueryData<ChatConversationSummary>(conversationKey(summary.id), (held) => (held ? summary : held));
  void queryClient.invalidateQueries({ queryKey: unreadKey });
}
