import { createHash } from 'node:crypto';
import { API } from '@member-wallet/contract/api-paths';
import {
  CHAT_RATE,
  type ChatClaimGuestResponse,
  type ChatConfigResponse,
  type ChatGuestResponse,
  type ChatHistoryRequest,
  type ChatHistoryResponse,
  type ChatSendRequest,
  type ChatSendResponse,
  type CustomerMessage,
  type OperatorMessage,
} from '@member-wallet/contract/chat';
import type { Db } from '../../db/database.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import { type Clock, HOUR_MS, MINUTE_MS } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { FileStore } from '../../lib/file-store.ts';
import type { InFlight } from '../../lib/in-flight.ts';
import { type RateLimiter, takeHits } from '../../lib/rate-limiter.ts';
import type { PushNotifier } from '../push/push.module.ts';
import type { PictureReader } from '../uploads/uploads.module.ts';
import { type ChatUploadKind, checkChatFile, type SniffedFile, storedNameOf, uploaderKey } from './chat.files.ts';
import { type ChatCustomer, customerKey, type GuestTokens, type Uploader } from './chat.identity.ts';
import { roomIdOf, toChatConversation, toCustomerConversation, toSummary } from './chat.mapping.ts';
import type { ChatRepository, NewMessage } from './chat.repository.ts';
import type { ChatHub } from './chat.socket.ts';

export interface ChatServiceDeps {
  db: Db;
  repository: ChatRepository;
  guests: GuestTokens;
  limiter: RateLimiter;
  clock: Clock;
  store: FileStore;
  hub: ChatHub;
  prefix: string;
  /** The worker threads that check uploaded pictures (shared with the slips). */
  pictures: Pick<PictureReader, 'check'>;
  /** Each uploader's uploads in flight (a member's shared with their slips). */
  inFlight: InFlight;
  /** Told of an operator's reply to a member whose app is closed (docs/app.md, Notifications). */
  push: PushNotifier;
  /** Where the app's Socket.IO answers (http/realtime.ts): what the clients are told to connect to. */
  socketPath: string;
}

export type { Uploader } from './chat.identity.ts';

const FILE_PATH_FIELD = 'message.payload.filePath';
/**
 * How long an upload no message used is kept: a sender who picked a file sends it at once, or resends a failed
 * message within minutes. Past this it is removed, so uploads alone cannot fill the disk.
 */
export const CHAT_UNSENT_UPLOAD_TTL_MS = 24 * HOUR_MS;
/** How many unsent uploads one sweep step removes. */
const SWEEP_BATCH = 200;

function refuseFile(): AppError {
  return new AppError('KEY_INVALID', { [FILE_PATH_FIELD]: 'KEY_INVALID' });
}

/**
 * The client message id an Idempotency-Key stands for: its SHA-256, so any key (up to 128 characters) fits the
 * column's 64, and never an id a client chose (those have no dot).
 */
function messageIdOfKey(key: string): string {
  return `key.${createHash('sha256').update(key).digest('base64url')}`;
}

/** The customer's side of the chat (docs/chat.md), and the storing and announcing of every message. */
export class ChatService {
  constructor(readonly deps: ChatServiceDeps) {}

  config(): ChatConfigResponse {
    return { prefix: this.deps.prefix, socketPath: this.deps.socketPath };
  }

  /** Binds a browser-made guest id once and answers its signed token; a second bind of the id is refused. */
  async bindGuest(guestId: string, ip: string): Promise<ChatGuestResponse> {
    await takeHits(this.deps.limiter, [
      { key: `chat:guest:${ip}`, max: CHAT_RATE.guestsPerHourPerIp, windowMs: HOUR_MS, code: 'REQUEST_LIMIT' },
    ]);
    if (!(await this.deps.repository.insertGuest(guestId, this.deps.clock.now()))) {
      throw new AppError('KEY_INVALID', { guestId: 'KEY_INVALID' });
    }
    return { guestId, guestToken: this.deps.guests.sign(guestId) };
  }

  /** A member takes over the conversation of the guest they were before logging in; the guest is void after. */
  async claimGuest(member: ChatCustomer, guestToken: string | undefined): Promise<ChatClaimGuestResponse> {
    if (member.kind !== 'member') throw new AppError('UNAUTHORIZED');
    const guestId = await this.deps.guests.verify(guestToken);
    if (guestId === null) throw new AppError('UNAUTHORIZED');
    const { repository, clock } = this.deps;
    const result = await transactionWithRetry(this.deps.db, async (trx) => {
      if (!(await repository.lockLiveGuest(trx, guestId))) return null;
      const target = await repository.ensureConversation(trx, member, clock.now());
      return { moved: await repository.claimGuest(trx, guestId, target, clock.now()), conversationId: target.id };
    });
    if (result === null) throw new AppError('UNAUTHORIZED');
    this.deps.hub.disconnectRoom(guestId);
    const summary = await repository.summaryById(this.deps.db, result.conversationId);
    if (summary) await this.announceSummary(summary);
    return { moved: result.moved };
  }

  /**
   * A customer's message, stored once per `clientMessageId`, else per the request's Idempotency-Key
   * (`idempotencyKey`, already checked), else once per request (docs/chat.md, "Sending once").
   */
  async send(customer: ChatCustomer, body: ChatSendRequest, idempotencyKey: string | null): Promise<ChatSendResponse> {
    await this.takeMessageHit(customerKey(customer));
    const { message } = body;
    const { clock, repository } = this.deps;
    return this.store(async (trx) => {
      await this.useOwnFile(trx, { customer }, message);
      const conversation = await repository.ensureConversation(trx, customer, clock.now());
      return {
        conversationId: conversation.id,
        sender: 'customer',
        operatorId: null,
        messageType: message.message_type,
        payload: message.payload,
        clientMessageId: body.clientMessageId ?? (idempotencyKey === null ? null : messageIdOfKey(idempotencyKey)),
        at: clock.now(),
      };
    });
  }

  /**
   * Stores a message once per client message id and, when new, announces it to the customer's room and the
   * operators after the commit; a replay answers the first message's id and time and announces nothing.
   */
  async store(make: (trx: Db) => Promise<NewMessage>): Promise<ChatSendResponse> {
    const { repository } = this.deps;
    const stored = await transactionWithRetry(this.deps.db, async (trx) => {
      const message = await make(trx);
      const inserted = await repository.insertMessage(trx, message);
      if (!inserted) {
        // Only a message with a client id conflicts: one without is always inserted.
        if (message.clientMessageId === null) throw new Error('a chat message without a client id was not stored');
        const first = await repository.findByClientId(
          trx,
          message.conversationId,
          message.sender,
          message.clientMessageId,
        );
        return { ...first, fresh: false };
      }
      await repository.recordActivity(trx, message.conversationId, inserted.id, message.sender, message.at);
      return { ...inserted, fresh: true };
    });
    if (stored.fresh) await this.#announce(stored.id);
    return { id: String(stored.id), createdAt: stored.created_at.toISOString() };
  }

  async #announce(messageId: bigint): Promise<void> {
    const row = await this.deps.repository.messageById(this.deps.db, messageId);
    const summary = row && (await this.deps.repository.summaryById(this.deps.db, row.conversation_id));
    if (!row || !summary) return;
    this.deps.hub.publishMessage(
      roomIdOf(row),
      {
        operators: toChatConversation(row),
        customer: toCustomerConversation(row),
      },
      toSummary(summary, row),
    );
    // A member whose app is open sees the reply live; one whose app is closed hears of it by push.
    if (row.sender === 'other' && row.member_id !== null && !(await this.deps.hub.connectedIn(roomIdOf(row))))
      void this.deps.push.notify(row.member_id, { kind: 'chat-reply' });
  }

  /** A conversation's summary, to every operator, after a change that stored no message. */
  async announceSummary(summary: Parameters<typeof toSummary>[0]): Promise<void> {
    const last =
      summary.last_message_id === null
        ? undefined
        : await this.deps.repository.messageById(this.deps.db, summary.last_message_id);
    this.deps.hub.publishSummary(toSummary(summary, last));
  }

  /**
   * In the message's transaction: refuses a media message whose file is not an upload of this sender (any
   * operator's for an operator) of the message's kind, or an https URL from an operator (400 KEY_INVALID), and
   * marks the upload sent, so the sweep keeps it.
   */
  async useOwnFile(trx: Db, uploader: Uploader, message: CustomerMessage | OperatorMessage): Promise<void> {
    if (message.message_type !== 'media') return;
    const { payload } = message;
    if (payload.url) {
      if ('customer' in uploader || !isHttpsUrl(payload.filePath)) throw refuseFile();
      return;
    }
    const name = storedNameOf(payload.filePath);
    const upload =
      name === null ? undefined : await this.deps.repository.markUploadSent(trx, name, this.deps.clock.now());
    if (!upload || upload.kind !== payload.fileType) throw refuseFile();
    const owned =
      'operatorId' in uploader
        ? upload.operator_id !== null
        : uploader.customer.kind === 'member'
          ? upload.member_id === uploader.customer.memberId
          : upload.guest_id === uploader.customer.guestId;
    if (!owned) throw refuseFile();
  }

  /** Removes the uploads no message used within CHAT_UNSENT_UPLOAD_TTL_MS, rows first; answers how many. */
  async sweepUnsentUploads(): Promise<number> {
    const before = new Date(this.deps.clock.now().getTime() - CHAT_UNSENT_UPLOAD_TTL_MS);
    let removed = 0;
    for (;;) {
      const names = await this.deps.repository.deleteUnsentUploads(before, SWEEP_BATCH);
      for (const name of names) await this.deps.store.remove(name);
      removed += names.length;
      if (names.length < SWEEP_BATCH) return removed;
    }
  }

  async history(customer: ChatCustomer, body: ChatHistoryRequest): Promise<ChatHistoryResponse> {
    const conversation = await this.deps.repository.conversationOf(this.deps.db, customer);
    if (!conversation) return { messages: [], unread: 0 };
    const rows = await this.deps.repository.history(conversation.id, body.skip, body.limit);
    return { messages: rows.map(toCustomerConversation), unread: conversation.customer_unread };
  }

  async readCustomer(customer: ChatCustomer): Promise<{ unread: number }> {
    const conversation = await this.deps.repository.conversationOf(this.deps.db, customer);
    if (conversation) await this.deps.repository.markRead(this.deps.db, conversation.id, 'customer');
    return { unread: 0 };
  }

  /** Stores an upload's bytes under a random name and records who made it; answers the path to send. */
  /**
   * One upload (docs/chat.md, Uploads): at most UPLOADS_IN_FLIGHT_MAX of the uploader's at once (429
   * REQUEST_LIMIT before the body is read), checked by its content, then stored.
   */
  receiveUpload(uploader: Uploader, want: ChatUploadKind | 'any', read: () => Promise<Buffer>) {
    return this.deps.inFlight.run(uploaderKey(uploader), async () => {
      const file = await checkChatFile(await read(), want, this.deps.pictures);
      return this.saveUpload(uploader, file);
    });
  }

  async saveUpload(uploader: Uploader, file: SniffedFile & { bytes: Buffer }): Promise<{ path: string }> {
    const name = await this.deps.store.save(file.bytes, file.extension);
    const customer = 'customer' in uploader ? uploader.customer : null;
    await this.deps.repository.insertUpload({
      stored_name: name,
      kind: file.kind,
      content_type: file.contentType,
      size_bytes: file.bytes.length,
      member_id: customer?.kind === 'member' ? customer.memberId : null,
      guest_id: customer?.kind === 'guest' ? customer.guestId : null,
      operator_id: 'operatorId' in uploader ? uploader.operatorId : null,
      created_at: this.deps.clock.now(),
      sent_at: null,
    });
    return { path: `${API.chatFiles}/${name}` };
  }

  /** One message hit of the sender's per-minute allowance (429 REQUEST_LIMIT past it). */
  async takeMessageHit(senderKey: string): Promise<void> {
    await takeHits(this.deps.limiter, [
      {
        key: `chat:message:${senderKey}`,
        max: CHAT_RATE.messagesPerMinute,
        windowMs: MINUTE_MS,
        code: 'REQUEST_LIMIT',
      },
    ]);
  }

  /** One upload hit of the sender's per-minute allowance. */
  async takeUploadHit(senderKey: string): Promise<void> {
    await takeHits(this.deps.limiter, [
      { key: `chat:upload:${senderKey}`, max: CHAT_RATE.uploadsPerMinute, windowMs: MINUTE_MS, code: 'REQUEST_LIMIT' },
    ]);
  }
}

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}
