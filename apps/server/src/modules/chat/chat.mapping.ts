import type { ChatConversation, ChatConversationSummary, ChatMessage } from '@member-wallet/contract/chat';
import type { MessageRow, SummaryRow } from './chat.repository.ts';

/** A stored message as history answers it and the sockets carry it (contract `chatConversation`). */
export function toChatConversation(row: MessageRow): ChatConversation {
  const customer = row.sender === 'customer';
  return {
    id: String(row.id),
    sender: row.sender,
    message: { message_type: row.message_type, payload: row.payload } as ChatMessage,
    createdAt: row.created_at.toISOString(),
    session_id: null,
    userId: row.member_public_id,
    guestId: row.guest_id,
    username: customer ? row.member_phone : row.operator_username,
    name: customer ? row.member_name : row.operator_username,
    deviceToken: null,
    clientMessageId: row.client_message_id,
  };
}

/**
 * A message as its customer sees it: an operator's answer never carries the operator's username (their
 * back-office login), only the display name they set, if any (else the widget shows its own word for the
 * operator). Operators see them all.
 */
export function forCustomer(message: ChatConversation, operatorDisplayName: string | null): ChatConversation {
  return message.sender === 'other' ? { ...message, username: null, name: operatorDisplayName } : message;
}

/** A stored message as its customer sees it. */
export function toCustomerConversation(row: MessageRow): ChatConversation {
  return forCustomer(toChatConversation(row), row.operator_display_name);
}

/** A conversation as the back-office's inbox lists it (contract `chatConversationSummary`). */
export function toSummary(row: SummaryRow, last: MessageRow | undefined): ChatConversationSummary {
  return {
    id: String(row.id),
    customer: {
      kind: row.member_id === null ? 'guest' : 'member',
      memberId: row.member_public_id,
      guestId: row.guest_id,
      name: row.member_name,
      username: row.member_phone,
    },
    lastMessage: last ? toChatConversation(last) : null,
    lastMessageAt: row.last_message_at.toISOString(),
    unread: row.operator_unread,
    assignedTo:
      row.assigned_operator_id === null || row.assigned_username === null
        ? null
        : { id: String(row.assigned_operator_id), username: row.assigned_username },
  };
}

/** The socket room of the conversation a message belongs to: `${prefix}-${member public id or guest id}`. */
export function roomIdOf(row: { member_public_id: string | null; guest_id: string | null }): string {
  const id = row.member_public_id ?? row.guest_id;
  if (id === null) throw new Error('a chat conversation has neither a member nor a guest');
  return id;
}
