import {
  CHAT_CONVERSATIONS_PAGE,
  type ChatConversationFilter,
  type ChatConversationSummary,
  type ChatConversationsResponse,
  type OperatorSendRequest,
} from '@member-wallet/contract/chat';
import { PAGE_SIZE } from '@member-wallet/contract/constants';
import type { AuditLog } from '../../core/operator/audit-log.ts';
import { actorOf, type OperatorContext } from '../../core/operator/operator.service.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import { AppError } from '../../lib/errors.ts';
import { roomIdOf, toChatConversation, toSummary } from './chat.mapping.ts';
import type { ConversationRow, SummaryRow } from './chat.repository.ts';
import type { ChatService } from './chat.service.ts';

const CURSOR = /^(\d{1,15})_(\d{1,19})$/;
const CONVERSATION_ID = /^\d{1,18}$/;

/** The inbox's keyset: the last item's activity time (ms) and id. */
function parseCursor(cursor: string | undefined): { at: Date; id: bigint } | null {
  if (cursor === undefined) return null;
  const match = CURSOR.exec(cursor);
  if (!match) throw new AppError('KEY_INVALID', { cursor: 'KEY_INVALID' });
  return { at: new Date(Number(match[1])), id: BigInt(match[2] ?? '0') };
}

/** The operators' side of the chat (docs/chat.md, Back-office): the inbox, answers, read marks, assignment. */
export class ChatBackoffice {
  constructor(
    private readonly chat: ChatService,
    private readonly audit: AuditLog,
  ) {}

  get #deps() {
    return this.chat.deps;
  }

  async inbox(filter: ChatConversationFilter, cursor: string | undefined, auth: OperatorContext) {
    const after = parseCursor(cursor);
    const rows = await this.#deps.repository.inbox(filter, auth.operatorId, after, CHAT_CONVERSATIONS_PAGE + 1);
    const page = rows.slice(0, CHAT_CONVERSATIONS_PAGE);
    const last = page.at(-1);
    const answer: ChatConversationsResponse = {
      items: await this.#summaries(page),
      nextCursor: rows.length > CHAT_CONVERSATIONS_PAGE && last ? `${last.last_message_at.getTime()}_${last.id}` : null,
      unreadTotal: await this.#deps.repository.unreadTotal(),
    };
    return answer;
  }

  async #summaries(rows: readonly SummaryRow[]): Promise<ChatConversationSummary[]> {
    const ids = rows.flatMap((row) => (row.last_message_id === null ? [] : [row.last_message_id]));
    const messages = new Map(
      (await this.#deps.repository.messagesByIds(ids)).map((message) => [message.id, message] as const),
    );
    return rows.map((row) =>
      toSummary(row, row.last_message_id === null ? undefined : messages.get(row.last_message_id)),
    );
  }

  async #conversation(id: string): Promise<ConversationRow> {
    const row = CONVERSATION_ID.test(id)
      ? await this.#deps.repository.conversationById(this.#deps.db, BigInt(id))
      : undefined;
    if (!row) throw new AppError('NO_DATA');
    return row;
  }

  async summary(id: string): Promise<ChatConversationSummary> {
    const conversation = await this.#conversation(id);
    const row = await this.#deps.repository.summaryById(this.#deps.db, conversation.id);
    if (!row) throw new AppError('NO_DATA');
    const [summary] = await this.#summaries([row]);
    if (!summary) throw new AppError('NO_DATA');
    return summary;
  }

  async messages(id: string, skip = 0, limit: number = PAGE_SIZE.chatHistory) {
    const conversation = await this.#conversation(id);
    const rows = await this.#deps.repository.history(conversation.id, skip, limit);
    return { messages: rows.map(toChatConversation) };
  }

  async send(id: string, body: OperatorSendRequest, auth: OperatorContext) {
    await this.chat.takeMessageHit(`operator:${auth.operatorId}`);
    const conversation = await this.#conversation(id);
    const { message } = body;
    return this.chat.store(async (trx) => {
      await this.chat.useOwnFile(trx, { operatorId: auth.operatorId }, message);
      return {
        conversationId: conversation.id,
        sender: 'other',
        operatorId: auth.operatorId,
        messageType: message.message_type,
        payload: message.payload,
        clientMessageId: body.clientMessageId,
        at: this.#deps.clock.now(),
      };
    });
  }

  /** Marks the customer's messages read; the customer's client hears it as CHAT_EVENTS.read. */
  async read(id: string): Promise<ChatConversationSummary> {
    const conversation = await this.#conversation(id);
    await this.#deps.repository.markRead(this.#deps.db, conversation.id, 'operator');
    const summary = await this.summary(id);
    this.#deps.hub.publishRead(
      roomIdOf({ member_public_id: summary.customer.memberId, guest_id: summary.customer.guestId }),
      this.#deps.clock.now(),
    );
    this.#deps.hub.publishSummary(summary);
    return summary;
  }

  async operators() {
    const rows = await this.#deps.repository.assignableOperators(this.#deps.db);
    return { operators: rows.map((row) => ({ id: String(row.id), username: row.username })) };
  }

  /** Assigns the conversation to an active admin or support operator, or to nobody; audited with the change. */
  async assign(id: string, operatorId: string | null, auth: OperatorContext, ip: string) {
    const conversation = await this.#conversation(id);
    const { repository, db, clock } = this.#deps;
    await transactionWithRetry(db, async (trx) => {
      const assignable = await repository.assignableOperators(trx);
      const target = operatorId === null ? null : assignable.find((row) => String(row.id) === operatorId);
      if (target === undefined) throw new AppError('KEY_INVALID', { operatorId: 'KEY_INVALID' });
      await repository.assign(trx, conversation.id, target?.id ?? null);
      await this.audit.record(
        trx,
        {
          actor: actorOf(auth),
          action: 'chat.assign',
          target: `chat_conversation:${conversation.id}`,
          before: { operatorId: conversation.assigned_operator_id?.toString() ?? null },
          after: { operatorId: target?.id.toString() ?? null },
          ip,
        },
        clock.now(),
      );
    });
    const summary = await this.summary(id);
    this.#deps.hub.publishSummary(summary);
    return summary;
  }
}
