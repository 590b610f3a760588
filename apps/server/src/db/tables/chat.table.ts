import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt } from './columns.ts';

export interface ChatKeysTable {
  name: string;
  value: string;
  created_at: CreatedAt;
}

export interface ChatGuestsTable {
  guest_id: string;
  created_at: CreatedAt;
  /** The member who claimed the guest's conversation; the guest's token is void from then on. */
  claimed_by: bigint | null;
  claimed_at: Date | null;
}

export interface ChatConversationsTable {
  id: Generated<bigint>;
  member_id: bigint | null;
  guest_id: string | null;
  assigned_operator_id: bigint | null;
  customer_unread: Generated<number>;
  operator_unread: Generated<number>;
  last_message_id: bigint | null;
  last_message_at: Date;
  created_at: CreatedAt;
}

export interface ChatMessagesTable {
  id: Generated<bigint>;
  conversation_id: bigint;
  sender: 'customer' | 'other';
  operator_id: bigint | null;
  message_type: string;
  payload: ColumnType<unknown, string, string>;
  client_message_id: string | null;
  created_at: Date;
}

export interface ChatUploadsTable {
  stored_name: string;
  kind: 'image' | 'video';
  content_type: string;
  size_bytes: number;
  member_id: bigint | null;
  guest_id: string | null;
  operator_id: bigint | null;
  created_at: Date;
  /** When a message first used the file; null: never sent, swept after CHAT_UNSENT_UPLOAD_TTL_MS. */
  sent_at: Date | null;
}

/** Live chat (migration 0021; docs/chat.md). */
export interface ChatTables {
  chat_keys: ChatKeysTable;
  chat_guests: ChatGuestsTable;
  chat_conversations: ChatConversationsTable;
  chat_messages: ChatMessagesTable;
  chat_uploads: ChatUploadsTable;
}
