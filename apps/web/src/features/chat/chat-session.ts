import { type ChatConfigResponse, type CustomerMessage, guestIdOfToken } from '@member-wallet/contract/chat';
import { DELAY_MS, PAGE_SIZE } from '@member-wallet/contract/constants';
import { isApiError, NETWORK_ERROR, translateCode } from '../../lib/http.ts';
import { getToken } from '../../lib/session.ts';
import { claimGuest } from './api/claim-guest.ts';
import { createGuest } from './api/create-guest.ts';
import { getChatConfig } from './api/get-chat-config.ts';
import { getHistory } from './api/get-history.ts';
import { readCustomer } from './api/read-customer.ts';
import { sendMessage } from './api/send-message.ts';
import { uploadChatFile } from './api/upload-file.ts';
import { type ChatIdentity, dropGuestToken, roomId, storedGuestToken } from './chat-identity.ts';
import { appendLive, type ChatItem, prependHistory, readConversation } from './chat-items.ts';
import { type ChatSocket, openChatSocket } from './chat-socket.ts';

export interface ChatState {
  /** `idle` until there is someone to chat as: a member, or a guest who opened the widget. */
  status: 'idle' | 'starting' | 'ready' | 'error';
  /** Oldest first. */
  items: ChatItem[];
  /** Operator messages not yet read: the history's count plus live ones that came while collapsed. */
  unread: number;
  hasOlder: boolean;
  loadingOlder: boolean;
  /** The socket is connected and in its room: queued messages go out. */
  online: boolean;
}

export interface ChatSessionOptions {
  /** The member's user id (the wallet's profile id); called only with a session token. */
  memberId: () => Promise<string>;
}

const INITIAL: ChatState = {
  status: 'idle',
  items: [],
  unread: 0,
  hasOlder: false,
  loadingOlder: false,
  online: false,
};

function isNetworkError(error: unknown): boolean {
  return isApiError(error) && error.code === NETWORK_ERROR;
}

function errorText(error: unknown): string {
  return isApiError(error) ? error.message : translateCode('INTERNAL_SERVER_ERROR');
}

/**
 * Who chats: a member (claiming, once, what they wrote as a guest before logging in), a guest with a stored
 * token, or a new guest when `create` allows it (a visitor who opened the widget), else nobody yet.
 */
async function resolveIdentity(options: ChatSessionOptions, create: boolean): Promise<ChatIdentity | null> {
  const guestToken = storedGuestToken();
  if (getToken() !== null) {
    if (guestToken !== null) await claimGuest(guestToken);
    return { kind: 'member', userId: await options.memberId() };
  }
  const guestId = guestToken === null ? null : guestIdOfToken(guestToken);
  if (guestToken !== null && guestId !== null) return { kind: 'guest', guestId, guestToken };
  if (guestToken !== null) dropGuestToken();
  return create ? createGuest() : null;
}

/**
 * One visitor's or member's conversation outside React (the widget reads it with useSyncExternalStore): the
 * history pages, the live socket, and the outgoing queue. Messages go out one at a time, oldest first, each
 * with its own client message id, so a send retried after a network failure is stored once (the server is
 * idempotent on it) and nothing overtakes what waited offline.
 */
export class ChatSession {
  private state: ChatState = INITIAL;
  private readonly listeners = new Set<() => void>();
  private identity: ChatIdentity | null = null;
  private socket: ChatSocket | null = null;
  private pagesLoaded = 0;
  private open = false;
  private flushing = false;
  private stopped = false;
  private readTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: ChatSessionOptions) {}

  readonly getState = (): ChatState => this.state;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Starts the conversation when it is someone's already; a new guest waits until the widget is opened. */
  start(): void {
    if (this.state.status === 'idle') void this.begin(false);
  }

  setOpen(open: boolean): void {
    this.open = open;
    if (!open) return;
    if (this.state.status === 'idle' || this.state.status === 'error') void this.begin(true);
    else if (this.state.unread > 0) this.scheduleRead();
  }

  async loadOlder(): Promise<void> {
    if (this.identity === null || this.state.loadingOlder || !this.state.hasOlder) return;
    this.set({ loadingOlder: true });
    try {
      const page = await getHistory(this.identity, this.pagesLoaded * PAGE_SIZE.chatHistory);
      this.pagesLoaded += 1;
      const items = prependHistory(this.state.items, page.messages);
      this.set({ items, hasOlder: page.count === PAGE_SIZE.chatHistory, loadingOlder: false });
    } catch {
      this.set({ loadingOlder: false });
    }
  }

  sendText(text: string): void {
    this.enqueue({ message_type: 'text', payload: { message: text } });
    void this.flush();
  }

  sendPostback(title: string, payload: string): void {
    this.enqueue({ message_type: 'postback', payload: { title, payload } });
    void this.flush();
  }

  sendFile(file: File, fileType: 'image' | 'video'): void {
    const message: CustomerMessage = { message_type: 'media', payload: { url: false, fileType, filePath: '' } };
    void this.upload(this.enqueue(message, { delivery: 'uploading_file', file }));
  }

  /** A failed message again: its upload if the file never arrived, else its send (same client message id). */
  resend(key: string): void {
    const item = this.state.items.find((candidate) => candidate.key === key);
    if (item?.delivery !== 'failed') return;
    if (item.message.message_type === 'media' && item.message.payload.filePath === '') {
      void this.upload(key);
      return;
    }
    this.patchItem(key, { delivery: 'sending', error: null });
    void this.flush();
  }

  /** Only a failed message can be removed: anything else is on its way or stored. */
  remove(key: string): void {
    this.set({ items: this.state.items.filter((item) => item.key !== key || item.delivery !== 'failed') });
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.readTimer);
    this.socket?.close();
  }

  private set(patch: Partial<ChatState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  private patchItem(key: string, patch: Partial<ChatItem>): void {
    this.set({ items: this.state.items.map((item) => (item.key === key ? { ...item, ...patch } : item)) });
  }

  private async begin(create: boolean): Promise<void> {
    this.set({ status: 'starting' });
    let identity: ChatIdentity | null = null;
    try {
      identity = await resolveIdentity(this.options, create);
      if (identity === null || this.stopped) {
        this.set({ status: 'idle' });
        return;
      }
      const [config, page] = await Promise.all([getChatConfig(identity), getHistory(identity, 0)]);
      if (this.stopped) return;
      this.identity = identity;
      this.pagesLoaded = 1;
      this.set({
        status: 'ready',
        items: prependHistory(this.state.items, page.messages),
        unread: page.unread,
        hasOlder: page.count === PAGE_SIZE.chatHistory,
      });
      this.connect(identity, config);
      if (this.open && page.unread > 0) this.scheduleRead();
    } catch (error) {
      // A guest token the server no longer takes (claimed, or from another server) is dropped, so trying
      // again starts a new guest instead of failing the same way.
      if (identity?.kind === 'guest' && isApiError(error) && (error.status === 401 || error.status === 403)) {
        dropGuestToken();
      }
      this.set({ status: 'error' });
    }
  }

  private connect(identity: ChatIdentity, config: ChatConfigResponse): void {
    const auth = identity.kind === 'guest' ? { guestToken: identity.guestToken } : { token: getToken() ?? undefined };
    this.socket = openChatSocket(config, auth, roomId(identity), {
      onOnline: () => {
        if (!this.state.online) this.set({ online: true });
        void this.flush();
      },
      onOffline: () => this.set({ online: false }),
      onMessaging: (raw) => this.onMessaging(raw),
      onReconnect: () => void this.catchUp(),
    });
  }

  /** Reads the newest page again after the link was down, so messages of the gap show once, like live ones. */
  private async catchUp(): Promise<void> {
    if (this.identity === null) return;
    try {
      const page = await getHistory(this.identity, 0);
      for (const conversation of [...page.messages].reverse()) this.onMessaging(conversation);
    } catch {
      // The next reconnection tries again; the socket brings what comes meanwhile.
    }
  }

  private onMessaging(raw: unknown): void {
    const conversation = readConversation(raw);
    if (conversation === null) return;
    const [items, added] = appendLive(this.state.items, conversation);
    const fromOperator = added && conversation.sender === 'other';
    this.set({ items, unread: fromOperator && !this.open ? this.state.unread + 1 : this.state.unread });
    if (fromOperator && this.open) this.scheduleRead();
  }

  /** Read marks wait for DELAY_MS.chatReadDebounce of quiet, so a burst of operator messages costs one call. */
  private scheduleRead(): void {
    clearTimeout(this.readTimer);
    this.readTimer = setTimeout(() => {
      if (this.identity === null) return;
      readCustomer(this.identity).then(
        (unread) => this.set({ unread }),
        () => undefined,
      );
    }, DELAY_MS.chatReadDebounce);
  }

  private enqueue(message: CustomerMessage, extra: Partial<ChatItem> = {}): string {
    const key = crypto.randomUUID();
    const item: ChatItem = {
      key,
      id: null,
      clientMessageId: key,
      sender: 'customer',
      message,
      createdAt: new Date().toISOString(),
      name: null,
      delivery: 'sending',
      progress: 0,
      error: null,
      file: null,
      ...extra,
    };
    this.set({ items: [...this.state.items, item] });
    return key;
  }

  private async upload(key: string): Promise<void> {
    const item = this.state.items.find((candidate) => candidate.key === key);
    if (this.identity === null || item?.file == null || item.message.message_type !== 'media') return;
    const media = item.message;
    this.patchItem(key, { delivery: 'uploading_file', progress: 0, error: null });
    const onProgress = (fraction: number) => this.patchItem(key, { progress: Math.round(fraction * 100) });
    const kind = media.payload.fileType === 'video' ? 'video' : 'image';
    try {
      const filePath = await uploadChatFile(kind, this.identity, item.file, onProgress);
      this.patchItem(key, { message: { ...media, payload: { ...media.payload, filePath } }, delivery: 'sending' });
      void this.flush();
    } catch (error) {
      this.patchItem(key, { delivery: 'failed', error: errorText(error) });
    }
  }

  /** Sends the queue in order while online; a network failure stops it until the next connection. */
  private async flush(): Promise<void> {
    if (this.flushing || this.identity === null) return;
    this.flushing = true;
    try {
      for (;;) {
        const next = this.state.items.find((item) => item.delivery === 'sending');
        if (!this.state.online || this.stopped || next === undefined) return;
        if (!(await this.deliver(this.identity, next))) return;
      }
    } finally {
      this.flushing = false;
    }
  }

  /** Sends one queued message; false when the network failed and the queue must wait for the next connection. */
  private async deliver(identity: ChatIdentity, item: ChatItem): Promise<boolean> {
    try {
      const answer = await sendMessage(identity, item.message as CustomerMessage, item.key);
      this.patchItem(item.key, { id: answer.id, createdAt: answer.createdAt, delivery: 'succeed', error: null });
      return true;
    } catch (error) {
      if (isNetworkError(error)) {
        this.set({ online: false });
        return false;
      }
      this.patchItem(item.key, { delivery: 'failed', error: errorText(error) });
      return true;
    }
  }
}
