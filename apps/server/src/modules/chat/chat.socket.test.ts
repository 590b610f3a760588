import { API } from '@member-wallet/contract/api-paths';
import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import {
  CHAT_BACKOFFICE_API,
  CHAT_EVENTS,
  type ChatConversation,
  type ChatConversationSummary,
  type ChatOperatorMessageEvent,
  chatRoom,
} from '@member-wallet/contract/chat';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  clientId,
  connectOperator,
  connectSocket,
  join,
  newGuest,
  nextEvent,
  sendMessage,
  textMessage,
} from '../../../test/chat.ts';
import { bearer, registerAndLogin, startTestApp, type TestApp } from '../../../test/helpers.ts';
import { signedInOperator } from '../../../test/operators.ts';
import { REALTIME_MAX_FRAME_BYTES } from '../../http/realtime.ts';

/** The chat's Socket.IO (docs/chat.md, Socket protocol): handshakes, rooms, live messages both ways. */

let t: TestApp;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await startTestApp();
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(() => t.close());

async function track(connecting: Promise<Socket>): Promise<Socket> {
  const socket = await connecting;
  sockets.push(socket);
  return socket;
}

describe('customer sockets', () => {
  it("lets a guest join their own room only, and delivers every message of it, either side's", async () => {
    const guest = await newGuest(t);
    const socket = await track(connectSocket(t, { guestToken: guest.guestToken }));
    expect(await join(socket, chatRoom('chat', guest.guestId))).toEqual({ ok: true });
    const other = await newGuest(t);
    expect(await join(socket, chatRoom('chat', other.guestId))).toEqual({ ok: false, message: 'UNAUTHORIZED' });

    const own = nextEvent<ChatConversation>(socket, CHAT_EVENTS.messaging);
    const sent = await sendMessage(t, guest.headers, textMessage('live'));
    expect(await own).toMatchObject({ id: sent.json().id, guestId: guest.guestId, sender: 'customer' });

    const operator = await signedInOperator(t, 'support');
    const conversationId = await conversationIdOf(operator.headers, guest.guestId);
    const answer = nextEvent<ChatConversation>(socket, CHAT_EVENTS.messaging);
    await t.api({
      method: 'POST',
      url: CHAT_BACKOFFICE_API.conversationMessages.replace(':id', conversationId),
      headers: operator.headers,
      payload: { message: { message_type: 'text', payload: { message: 'hello guest' } }, clientMessageId: clientId() },
    });
    expect(await answer).toMatchObject({
      sender: 'other',
      name: null,
      username: null,
      message: { message_type: 'text' },
    });
  });

  it("tells the customer's room when an operator has read its messages", async () => {
    const guest = await newGuest(t);
    const socket = await track(connectSocket(t, { guestToken: guest.guestToken }));
    await join(socket, chatRoom('chat', guest.guestId));
    await sendMessage(t, guest.headers, textMessage('read me'));
    const operator = await signedInOperator(t, 'admin');
    const read = nextEvent<{ readAt: string }>(socket, CHAT_EVENTS.read);
    const conversationId = await conversationIdOf(operator.headers, guest.guestId);
    await t.api({
      method: 'PUT',
      url: CHAT_BACKOFFICE_API.conversationRead.replace(':id', conversationId),
      headers: operator.headers,
    });
    expect(await read).toEqual({ readAt: t.clock.now().toISOString() });
  });

  it("does not deliver another conversation's messages", async () => {
    const [alice, bob] = [await newGuest(t), await newGuest(t)];
    const socket = await track(connectSocket(t, { guestToken: bob.guestToken }));
    await join(socket, chatRoom('chat', bob.guestId));
    const received: unknown[] = [];
    socket.on(CHAT_EVENTS.messaging, (message) => received.push(message));
    await sendMessage(t, alice.headers, textMessage('not for bob'));
    const mine = nextEvent<ChatConversation>(socket, CHAT_EVENTS.messaging);
    await sendMessage(t, bob.headers, textMessage('for bob'));
    expect((await mine).message.payload).toEqual({ message: 'for bob' });
    expect(received).toHaveLength(1);
  });

  it('closes a socket that sends a frame over the limit, and keeps one that does not', async () => {
    const guest = await newGuest(t);
    const socket = await track(connectSocket(t, { guestToken: guest.guestToken }));
    const room = chatRoom('chat', guest.guestId);
    expect(await join(socket, room.padEnd(REALTIME_MAX_FRAME_BYTES - 100, ' '))).toEqual({
      ok: false,
      message: 'UNAUTHORIZED',
    });
    const closed = nextEvent<string>(socket, 'disconnect');
    socket.emit(CHAT_EVENTS.join, 'x'.repeat(REALTIME_MAX_FRAME_BYTES + 1));
    expect(await closed).toBe('transport close');
  });

  it('lets a member join the room of their profile id', async () => {
    const member = await registerAndLogin(t);
    const socket = await track(connectSocket(t, { token: member.token }));
    expect(await join(socket, chatRoom('chat', member.publicId))).toEqual({ ok: true });
    const live = nextEvent<ChatConversation>(socket, CHAT_EVENTS.messaging);
    await sendMessage(t, bearer(member.token), textMessage('member live'));
    expect(await live).toMatchObject({ userId: member.publicId });
  });

  it('refuses handshakes without a valid member or guest token, and voided guests', async () => {
    const guest = await newGuest(t);
    const refused: Record<string, string>[] = [
      {},
      { token: 'nope' },
      { guestToken: `${guest.guestId}.${'A'.repeat(43)}` },
    ];
    for (const auth of refused) {
      await expect(connectSocket(t, auth), JSON.stringify(auth)).rejects.toThrow('UNAUTHORIZED');
    }
    const member = await registerAndLogin(t);
    const socket = await track(connectSocket(t, { guestToken: guest.guestToken }));
    expect(await join(socket, chatRoom('chat', guest.guestId))).toEqual({ ok: true });
    const dropped = nextEvent<string>(socket, 'disconnect');
    await t.api({ method: 'POST', url: API.chatClaimGuest, headers: { ...bearer(member.token), ...guest.headers } });
    expect(await dropped).toBe('io server disconnect');
    await expect(connectSocket(t, { guestToken: guest.guestToken })).rejects.toThrow('UNAUTHORIZED');
  });
});

describe('sessions that end while the socket is open', () => {
  it("drops a member's socket once their session ends, keeps the others, and refuses its token again", async () => {
    const [leaving, staying] = [await registerAndLogin(t), await registerAndLogin(t)];
    const gone = await track(connectSocket(t, { token: leaving.token }));
    const kept = await track(connectSocket(t, { token: staying.token }));
    const guest = await newGuest(t);
    const guestSocket = await track(connectSocket(t, { guestToken: guest.guestToken }));
    const dropped = nextEvent<string>(gone, 'disconnect');
    expect((await t.api({ method: 'POST', url: API.logout, headers: bearer(leaving.token) })).statusCode).toBe(200);
    // Still connected until the hub checks again: the session's end reaches the socket by the check.
    expect(gone.connected).toBe(true);
    await t.app.chatHub.recheckSessions();
    expect(await dropped).toBe('io server disconnect');
    expect([kept.connected, guestSocket.connected]).toEqual([true, true]);
    await expect(connectSocket(t, { token: leaving.token })).rejects.toThrow('UNAUTHORIZED');
  });

  it('keeps a socket whose session could not be checked (the database away) until a check can tell', async () => {
    const member = await registerAndLogin(t);
    const socket = await track(connectSocket(t, { token: member.token }));
    const [server] = [...t.app.chatHub.io.of('/').sockets.values()].filter((each) => each.id === socket.id);
    if (!server) throw new Error('no server side of the socket');
    const check = server.data.stillValid;
    server.data.stillValid = () => Promise.reject(new Error('connection terminated'));
    await t.app.chatHub.recheckSessions();
    // The server's side: a drop would have turned it off at once, before the client hears of it.
    expect(server.connected).toBe(true);

    server.data.stillValid = check;
    const dropped = nextEvent<string>(socket, 'disconnect');
    await t.api({ method: 'POST', url: API.logout, headers: bearer(member.token) });
    await t.app.chatHub.recheckSessions();
    expect(await dropped).toBe('io server disconnect');
  });

  it("drops an operator's back-office socket once they log out", async () => {
    const [leaving, staying] = [await signedInOperator(t, 'support'), await signedInOperator(t, 'admin')];
    const gone = await track(connectOperator(t, leaving.token));
    const kept = await track(connectOperator(t, staying.token));
    const dropped = nextEvent<string>(gone, 'disconnect');
    const logout = await t.api({ method: 'POST', url: BACKOFFICE_API.logout, headers: leaving.headers });
    expect(logout.statusCode).toBe(200);
    await t.app.chatHub.recheckSessions();
    expect(await dropped).toBe('io server disconnect');
    expect(kept.connected).toBe(true);
  });
});

async function conversationIdOf(headers: Record<string, string>, guestId: string): Promise<string> {
  const inbox = await t.api({ method: 'GET', url: CHAT_BACKOFFICE_API.conversations, headers });
  const item = inbox.json().items.find((each: ChatConversationSummary) => each.customer.guestId === guestId);
  if (!item) throw new Error('conversation not in the inbox');
  return item.id;
}

describe('closing', () => {
  it('closes the app while sockets are still connected, and the clients see the server go', async () => {
    const own = await startTestApp();
    const guest = await newGuest(own);
    const socket = await connectSocket(own, { guestToken: guest.guestToken });
    const gone = nextEvent<string>(socket, 'disconnect');
    await own.close();
    expect(await gone).toMatch(/transport close|io server disconnect/);
    socket.close();
  });
});

describe('back-office sockets', () => {
  it('delivers every message and its conversation summary to admin and support operators', async () => {
    const support = await signedInOperator(t, 'support');
    const socket = await track(connectOperator(t, support.token));
    const guest = await newGuest(t);
    const message = nextEvent<ChatOperatorMessageEvent>(socket, CHAT_EVENTS.message);
    const summary = nextEvent<ChatConversationSummary>(socket, CHAT_EVENTS.conversation);
    const sent = await sendMessage(t, guest.headers, textMessage('to the operators'));
    expect((await message).message.id).toBe(sent.json().id);
    expect(await summary).toMatchObject({ customer: { kind: 'guest', guestId: guest.guestId }, unread: 1 });
  });

  it('refuses finance operators, member tokens and no token', async () => {
    const finance = await signedInOperator(t, 'finance');
    const member = await registerAndLogin(t);
    for (const token of [finance.token, member.token, '']) {
      await expect(connectOperator(t, token)).rejects.toThrow('UNAUTHORIZED');
    }
  });
});
