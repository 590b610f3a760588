import type { ChatConversation, ChatConversationSummary } from '@member-wallet/contract/chat';
import type { QueryClient } from '@tanstack/react-query';
import { conversationKey } from './api/get-conversation.ts';
import { type ConversationPages, conversationsKey } from './api/get-conversations.ts';
import { type MessagePages, messagesKey } from './api/get-messages.ts';
import { unreadKey } from './api/get-unread-total.ts';

/*
 * The held chat queries, changed in place as messages are sent and live events arrive, so the screen shows
 * them without reading the lists again.
 */

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
export function patchSummaries(
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
