import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Live chat (docs/chat.md): guests bound to their signed tokens, one conversation per member or per guest,
 * its messages (idempotent per sender on the client's message id), the uploaded files, and the key that signs
 * guest tokens when CHAT_GUEST_SECRET is unset (made once, so every node on the database agrees). Frozen in
 * time like every migration.
 */
export const chat: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('chat_keys')
      .addColumn('name', 'text', (col) => col.primaryKey())
      .addColumn('value', 'text', (col) => col.notNull())
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createTable('chat_guests')
      .addColumn('guest_id', 'uuid', (col) => col.primaryKey())
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('claimed_by', 'bigint', (col) => col.references('members.id'))
      .addColumn('claimed_at', 'timestamptz')
      .addCheckConstraint('chat_guests_claimed_check', sql`(claimed_by is null) = (claimed_at is null)`)
      .execute();
    await createConversations(db);
    await createMessages(db);
    await createUploads(db);
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('chat_uploads').execute();
    await sql`alter table chat_conversations drop constraint chat_conversations_last_message_fkey`.execute(db);
    await db.schema.dropTable('chat_messages').execute();
    await db.schema.dropTable('chat_conversations').execute();
    await db.schema.dropTable('chat_guests').execute();
    await db.schema.dropTable('chat_keys').execute();
  },
};

async function createConversations(db: Kysely<unknown>) {
  await db.schema
    .createTable('chat_conversations')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('member_id', 'bigint', (col) => col.unique().references('members.id'))
    .addColumn('guest_id', 'uuid', (col) => col.unique().references('chat_guests.guest_id'))
    .addColumn('assigned_operator_id', 'bigint', (col) => col.references('operators.id'))
    // Operator messages the customer has not marked read, and customer messages no operator has.
    .addColumn('customer_unread', 'integer', (col) => col.notNull().defaultTo(0).check(sql`customer_unread >= 0`))
    .addColumn('operator_unread', 'integer', (col) => col.notNull().defaultTo(0).check(sql`operator_unread >= 0`))
    .addColumn('last_message_id', 'bigint')
    .addColumn('last_message_at', 'timestamptz', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('chat_conversations_owner_check', sql`(member_id is null) <> (guest_id is null)`)
    .execute();
  // The inbox: most recent activity first, a keyset on (last_message_at, id).
  await db.schema
    .createIndex('chat_conversations_inbox_idx')
    .on('chat_conversations')
    .expression(sql`last_message_at desc, id desc`)
    .execute();
}

async function createMessages(db: Kysely<unknown>) {
  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('conversation_id', 'bigint', (col) => col.notNull().references('chat_conversations.id'))
    .addColumn('sender', 'text', (col) => col.notNull().check(sql`sender in ('customer', 'other')`))
    .addColumn('operator_id', 'bigint', (col) => col.references('operators.id'))
    .addColumn('message_type', 'text', (col) => col.notNull().check(sql`char_length(message_type) between 1 and 32`))
    .addColumn('payload', 'jsonb', (col) => col.notNull())
    .addColumn('client_message_id', 'text', (col) => col.check(sql`char_length(client_message_id) between 1 and 64`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addCheckConstraint('chat_messages_operator_check', sql`(sender = 'other') = (operator_id is not null)`)
    .addUniqueConstraint('chat_messages_client_id_key', ['conversation_id', 'sender', 'client_message_id'])
    .execute();
  // History: newest first within a conversation.
  await db.schema
    .createIndex('chat_messages_history_idx')
    .on('chat_messages')
    .expression(sql`conversation_id, created_at desc, id desc`)
    .execute();
  await sql`
    alter table chat_conversations add constraint chat_conversations_last_message_fkey
    foreign key (last_message_id) references chat_messages (id)`.execute(db);
}

async function createUploads(db: Kysely<unknown>) {
  await db.schema
    .createTable('chat_uploads')
    .addColumn('stored_name', 'text', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('image', 'video')`))
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('size_bytes', 'integer', (col) => col.notNull().check(sql`size_bytes > 0`))
    .addColumn('member_id', 'bigint', (col) => col.references('members.id'))
    .addColumn('guest_id', 'uuid', (col) => col.references('chat_guests.guest_id'))
    .addColumn('operator_id', 'bigint', (col) => col.references('operators.id'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    // When a message first used the file; a file never sent is swept a while after its upload.
    .addColumn('sent_at', 'timestamptz')
    .addCheckConstraint('chat_uploads_uploader_check', sql`num_nonnulls(member_id, guest_id, operator_id) = 1`)
    .execute();
  await db.schema.createIndex('chat_uploads_member_idx').on('chat_uploads').column('member_id').execute();
  await db.schema.createIndex('chat_uploads_guest_idx').on('chat_uploads').column('guest_id').execute();
  await db.schema
    .createIndex('chat_uploads_unsent_idx')
    .on('chat_uploads')
    .column('created_at')
    .where(sql.ref('sent_at'), 'is', null)
    .execute();
}
