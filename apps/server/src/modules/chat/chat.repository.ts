import type { ChatConversationFilter } from '@member-wallet/contract/chat';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ChatConversationsTable, ChatUploadsTable } from '../../db/tables/chat.table.ts';
import type { ChatCustomer } from './chat.identity.ts';

export type ConversationRow = Selectable<ChatConversationsTable>;
export type UploadRow = Selectable<ChatUploadsTable>;

/** A stored message with what its answer shows of the conversation's customer and of the operator who wrote it. */
export interface MessageRow {
  id: bigint;
  conversation_id: bigint;
  sender: 'customer' | 'other';
  message_type: string;
  payload: unknown;
  client_message_id: string | null;
  created_at: Date;
  member_id: bigint | null;
  member_public_id: string | null;
  member_name: string | null;
  member_phone: string | null;
  guest_id: string | null;
  operator_username: string | null;
  /** What the customer sees for the operator (migration 0037); null: the widget's own word. */
  operator_display_name: string | null;
}

/** A conversation as the inbox lists it, with its customer, last message and assignee. */
export interface SummaryRow extends ConversationRow {
  member_public_id: string | null;
  member_name: string | null;
  member_phone: string | null;
  assigned_username: string | null;
}

export interface NewMessage {
  conversationId: bigint;
  sender: 'customer' | 'other';
  operatorId: bigint | null;
  messageType: string;
  payload: unknown;
  /** The sender's id of the message, which stores it once; null for a customer's request that named none. */
  clientMessageId: string | null;
  at: Date;
}

/** Every SQL statement of the chat (docs/chat.md, Data model). Writes take the caller's transaction. */
export class ChatRepository {
  constructor(private readonly db: Db) {}

  /** Binds a guest id; false when it was bound before. */
  async insertGuest(guestId: string, at: Date): Promise<boolean> {
    const row = await this.db
      .insertInto('chat_guests')
      .values({ guest_id: guestId, created_at: at })
      .onConflict((oc) => oc.column('guest_id').doNothing())
      .returning('guest_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  conversationOf(db: Db, customer: ChatCustomer): Promise<ConversationRow | undefined> {
    const select = db.selectFrom('chat_conversations').selectAll();
    return (
      customer.kind === 'member'
        ? select.where('member_id', '=', customer.memberId)
        : select.where('guest_id', '=', customer.guestId)
    ).executeTakeFirst();
  }

  /** The customer's conversation, made on their first message (two first messages at once make one). */
  async ensureConversation(db: Db, customer: ChatCustomer, at: Date): Promise<ConversationRow> {
    const owner = customer.kind === 'member' ? { member_id: customer.memberId } : { guest_id: customer.guestId };
    await db
      .insertInto('chat_conversations')
      .values({ ...owner, last_message_at: at, created_at: at })
      .onConflict((oc) => oc.column(customer.kind === 'member' ? 'member_id' : 'guest_id').doNothing())
      .execute();
    const row = await this.conversationOf(db, customer);
    if (!row) throw new Error('chat conversation vanished after its insert');
    return row;
  }

  conversationById(db: Db, id: bigint): Promise<ConversationRow | undefined> {
    return db.selectFrom('chat_conversations').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Stores a message; undefined when the sender already stored one with this client message id. A message without
   * one is always stored (the unique constraint holds nulls distinct).
   */
  async insertMessage(db: Db, message: NewMessage): Promise<{ id: bigint; created_at: Date } | undefined> {
    return db
      .insertInto('chat_messages')
      .values({
        conversation_id: message.conversationId,
        sender: message.sender,
        operator_id: message.operatorId,
        message_type: message.messageType,
        payload: JSON.stringify(message.payload),
        client_message_id: message.clientMessageId,
        created_at: message.at,
      })
      .onConflict((oc) => oc.columns(['conversation_id', 'sender', 'client_message_id']).doNothing())
      .returning(['id', 'created_at'])
      .executeTakeFirst();
  }

  findByClientId(db: Db, conversationId: bigint, sender: 'customer' | 'other', clientMessageId: string) {
    return db
      .selectFrom('chat_messages')
      .select(['id', 'created_at'])
      .where('conversation_id', '=', conversationId)
      .where('sender', '=', sender)
      .where('client_message_id', '=', clientMessageId)
      .executeTakeFirstOrThrow();
  }

  /** A new message's mark on its conversation: the last activity, and one more unread for the other side. */
  async recordActivity(db: Db, conversationId: bigint, messageId: bigint, sender: 'customer' | 'other', at: Date) {
    await db
      .updateTable('chat_conversations')
      .set((eb) => ({
        last_message_id: messageId,
        last_message_at: at,
        ...(sender === 'customer'
          ? { operator_unread: eb('operator_unread', '+', 1) }
          : { customer_unread: eb('customer_unread', '+', 1) }),
      }))
      .where('id', '=', conversationId)
      .execute();
  }

  #messages(db: Db) {
    return db
      .selectFrom('chat_messages as m')
      .innerJoin('chat_conversations as c', 'c.id', 'm.conversation_id')
      .leftJoin('members as mb', 'mb.id', 'c.member_id')
      .leftJoin('operators as o', 'o.id', 'm.operator_id')
      .select([
        'm.id',
        'm.conversation_id',
        'm.sender',
        'm.message_type',
        'm.payload',
        'm.client_message_id',
        'm.created_at',
        'c.member_id',
        'mb.public_id as member_public_id',
        'mb.name as member_name',
        'mb.phone as member_phone',
        'c.guest_id',
        'o.username as operator_username',
        'o.display_name as operator_display_name',
      ]);
  }

  messageById(db: Db, id: bigint): Promise<MessageRow | undefined> {
    return this.#messages(db).where('m.id', '=', id).executeTakeFirst();
  }

  /** A page of a conversation's messages, newest first. */
  history(conversationId: bigint, skip: number, limit: number): Promise<MessageRow[]> {
    return this.#messages(this.db)
      .where('m.conversation_id', '=', conversationId)
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .offset(skip)
      .limit(limit)
      .execute();
  }

  async markRead(db: Db, conversationId: bigint, side: 'customer' | 'operator'): Promise<void> {
    await db
      .updateTable('chat_conversations')
      .set(side === 'customer' ? { customer_unread: 0 } : { operator_unread: 0 })
      .where('id', '=', conversationId)
      .execute();
  }

  async insertUpload(upload: UploadRow): Promise<void> {
    await this.db.insertInto('chat_uploads').values(upload).execute();
  }

  /**
   * Marks an upload used by a message (the first use stays) and answers it, locked until the message's
   * transaction ends; undefined when there is no such upload (never made, or swept).
   */
  markUploadSent(db: Db, name: string, at: Date): Promise<UploadRow | undefined> {
    return db
      .updateTable('chat_uploads')
      .set((eb) => ({ sent_at: eb.fn.coalesce('sent_at', eb.val(at)) }))
      .where('stored_name', '=', name)
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Forgets at most `limit` uploads no message used, made before `before`; answers their names. A message
   * using one at the same moment wins or finds it gone: the delete checks `sent_at` again on the locked row.
   */
  async deleteUnsentUploads(before: Date, limit: number): Promise<string[]> {
    const rows = await this.db
      .deleteFrom('chat_uploads')
      .where('stored_name', 'in', (eb) =>
        eb
          .selectFrom('chat_uploads')
          .select('stored_name')
          .where('sent_at', 'is', null)
          .where('created_at', '<', before)
          .limit(limit),
      )
      .where('sent_at', 'is', null)
      .returning('stored_name')
      .execute();
    return rows.map((row) => row.stored_name);
  }

  /** Locks the guest's row for its claim; undefined when unknown or claimed already. */
  lockLiveGuest(db: Db, guestId: string) {
    return db
      .selectFrom('chat_guests')
      .select('guest_id')
      .where('guest_id', '=', guestId)
      .where('claimed_by', 'is', null)
      .forUpdate()
      .executeTakeFirst();
  }

  /**
   * Moves the guest's messages and uploads to the member's conversation, adds up the unread counts, keeps the
   * later activity and the assignee, removes the guest's conversation and voids the guest. Answers how many
   * messages moved.
   */
  async claimGuest(db: Db, guestId: string, target: ConversationRow, at: Date): Promise<number> {
    const from = await db
      .selectFrom('chat_conversations')
      .selectAll()
      .where('guest_id', '=', guestId)
      .executeTakeFirst();
    let moved = 0;
    if (from) {
      // A client message id the member's conversation holds already stays with the member's message: the moved
      // one gives its id up, so the move never breaks the idempotency key.
      await db
        .updateTable('chat_messages as g')
        .set({ client_message_id: null })
        .where('g.conversation_id', '=', from.id)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('chat_messages as m')
              .select('m.id')
              .where('m.conversation_id', '=', target.id)
              .whereRef('m.sender', '=', 'g.sender')
              .whereRef('m.client_message_id', '=', 'g.client_message_id'),
          ),
        )
        .execute();
      const result = await db
        .updateTable('chat_messages')
        .set({ conversation_id: target.id })
        .where('conversation_id', '=', from.id)
        .executeTakeFirst();
      moved = Number(result.numUpdatedRows);
      // Added to the live counts, not to the ones read before: the member may be writing meanwhile.
      await db
        .updateTable('chat_conversations')
        .set((eb) => ({
          customer_unread: eb('customer_unread', '+', from.customer_unread),
          operator_unread: eb('operator_unread', '+', from.operator_unread),
          assigned_operator_id: eb.fn.coalesce('assigned_operator_id', eb.val(from.assigned_operator_id)),
        }))
        .where('id', '=', target.id)
        .execute();
      if (from.last_message_id !== null) {
        await db
          .updateTable('chat_conversations')
          .set({ last_message_at: from.last_message_at, last_message_id: from.last_message_id })
          .where('id', '=', target.id)
          .where((eb) => eb.or([eb('last_message_id', 'is', null), eb('last_message_at', '<', from.last_message_at)]))
          .execute();
      }
      await db.deleteFrom('chat_conversations').where('id', '=', from.id).execute();
    }
    await db
      .updateTable('chat_uploads')
      .set({ guest_id: null, member_id: target.member_id })
      .where('guest_id', '=', guestId)
      .execute();
    await db
      .updateTable('chat_guests')
      .set({ claimed_by: target.member_id, claimed_at: at })
      .where('guest_id', '=', guestId)
      .execute();
    return moved;
  }

  #summaries(db: Db) {
    return db
      .selectFrom('chat_conversations as c')
      .leftJoin('members as mb', 'mb.id', 'c.member_id')
      .leftJoin('operators as o', 'o.id', 'c.assigned_operator_id')
      .selectAll('c')
      .select([
        'mb.public_id as member_public_id',
        'mb.name as member_name',
        'mb.phone as member_phone',
        'o.username as assigned_username',
      ]);
  }

  summaryById(db: Db, id: bigint): Promise<SummaryRow | undefined> {
    return this.#summaries(db).where('c.id', '=', id).executeTakeFirst();
  }

  /** A page of the inbox, most recent activity first, after the keyset `(at, id)` when given. */
  inbox(
    filter: ChatConversationFilter,
    operatorId: bigint,
    after: { at: Date; id: bigint } | null,
    limit: number,
  ): Promise<SummaryRow[]> {
    let select = this.#summaries(this.db);
    if (filter === 'unread') select = select.where('c.operator_unread', '>', 0);
    if (filter === 'mine') select = select.where('c.assigned_operator_id', '=', operatorId);
    if (filter === 'unassigned') select = select.where('c.assigned_operator_id', 'is', null);
    if (after) select = select.where(sql<boolean>`(c.last_message_at, c.id) < (${after.at}, ${after.id})`);
    return select.orderBy('c.last_message_at', 'desc').orderBy('c.id', 'desc').limit(limit).execute();
  }

  async unreadTotal(): Promise<number> {
    const row = await this.db
      .selectFrom('chat_conversations')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('operator_unread'), sql<string>`0`).as('total'))
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  /** Messages of these ids (the inbox page's last messages). */
  messagesByIds(ids: readonly bigint[]): Promise<MessageRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.#messages(this.db).where('m.id', 'in', ids).execute();
  }

  /** Operators a conversation can be assigned to: active, with the admin or support role. */
  assignableOperators(db: Db) {
    return db
      .selectFrom('operators')
      .select(['id', 'username'])
      .where('status', '=', 'active')
      .where('role', 'in', ['admin', 'support'])
      .orderBy('username')
      .execute();
  }

  async assign(db: Db, conversationId: bigint, operatorId: bigint | null): Promise<void> {
    await db
      .updateTable('chat_conversations')
      .set({ assigned_operator_id: operatorId })
      .where('id', '=', conversationId)
      .execute();
  }
}
