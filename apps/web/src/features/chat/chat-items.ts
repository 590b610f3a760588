import {
  CHAT_SENDERS,
  type ChatConversation,
  type ChatDelivery,
  type ChatMessage,
  type ChatSender,
  chatConversation,
} from '@member-wallet/contract/chat';

/** A message as the widget shows it: a stored one, or one of ours still on its way. */
export interface ChatItem {
  /** Stable React key: the client message id of our own messages, else the server id. */
  key: string;
  id: string | null;
  clientMessageId: string | null;
  sender: ChatSender;
  message: ChatMessage;
  createdAt: string;
  /** The operator's name for `other`. */
  name: string | null;
  delivery: ChatDelivery;
  /** Upload progress, 0 to 100, while `uploading_file`. */
  progress: number;
  /** The translated reason of a failed message. */
  error: string | null;
  /** The picked file of a media message, kept so a failed upload can be tried again. */
  file: File | null;
}

function isSender(value: unknown): value is ChatSender {
  return (CHAT_SENDERS as readonly unknown[]).includes(value);
}

/**
 * A stored message as the client can show it. One whose message does not fit the contract (a newer type, a
 * broken payload) becomes `unknown`, shown as 'message not supported'; one without an id or sender is dropped.
 */
export function readConversation(raw: unknown): ChatConversation | null {
  const parsed = chatConversation.safeParse(raw);
  if (parsed.success) return parsed.data;
  if (!raw || typeof raw !== 'object') return null;
  const record = raw as Record<string, unknown>;
  if (typeof record.id !== 'string' || !isSender(record.sender)) return null;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    id: record.id,
    sender: record.sender,
    message: { message_type: 'unknown', payload: null },
    createdAt: text(record.createdAt) ?? new Date(0).toISOString(),
    session_id: null,
    userId: text(record.userId),
    guestId: text(record.guestId),
    username: text(record.username),
    name: text(record.name),
    deviceToken: null,
    clientMessageId: text(record.clientMessageId),
  };
}

export function itemOf(conversation: ChatConversation): ChatItem {
  return {
    key: conversation.clientMessageId ?? conversation.id,
    id: conversation.id,
    clientMessageId: conversation.clientMessageId,
    sender: conversation.sender,
    message: conversation.message,
    createdAt: conversation.createdAt,
    name: conversation.name,
    delivery: 'succeed',
    progress: 0,
    error: null,
    file: null,
  };
}

/** Whether a stored message is already on screen, by server id or as our pending copy. */
function findSame(items: readonly ChatItem[], conversation: ChatConversation): number {
  return items.findIndex(
    (item) =>
      (item.id !== null && item.id === conversation.id) ||
      (conversation.clientMessageId !== null && item.clientMessageId === conversation.clientMessageId),
  );
}

/**
 * Adds a live message at the bottom. Our own pending copy (same client message id) becomes `succeed` in place
 * instead of showing twice; a message seen before (same id) is ignored. Answers whether it was new.
 */
export function appendLive(items: readonly ChatItem[], conversation: ChatConversation): [ChatItem[], boolean] {
  const index = findSame(items, conversation);
  if (index === -1) return [[...items, itemOf(conversation)], true];
  const known = items[index] as ChatItem;
  if (known.delivery === 'succeed' && known.id !== null) return [[...items], false];
  const next = [...items];
  next[index] = { ...known, id: conversation.id, createdAt: conversation.createdAt, delivery: 'succeed', error: null };
  return [next, false];
}

/** Puts an older history page (newest first, as answered) above what is shown, skipping any already shown. */
export function prependHistory(items: readonly ChatItem[], page: readonly ChatConversation[]): ChatItem[] {
  const older = [...page]
    .reverse()
    .filter((conversation) => findSame(items, conversation) === -1)
    .map(itemOf);
  return [...older, ...items];
}
