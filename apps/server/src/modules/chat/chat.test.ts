import { randomUUID } from 'node:crypto';
import { API } from '@member-wallet/contract/api-paths';
import { CHAT_GUEST_HEADER, CHAT_RATE, type ChatConversation } from '@member-wallet/contract/chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILES, history, newGuest, sendMessage, textMessage, upload } from '../../../test/chat.ts';
import { bearer, registerAndLogin, startTestApp, type TestApp } from '../../../test/helpers.ts';

/** The customer's chat API (docs/chat.md): guests and members, identity, validation, idempotency, limits. */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('config and guests', () => {
  it('answers the room prefix and the socket path', async () => {
    const answer = await t.api({ method: 'GET', url: API.chatConfig });
    expect([answer.statusCode, answer.json()]).toEqual([200, { prefix: 'chat', socketPath: '/socket.io' }]);
  });

  it('binds a guest id once, with a signed token starting with the id', async () => {
    const guest = await newGuest(t);
    expect(guest.guestToken).toMatch(new RegExp(`^${guest.guestId}\\.[A-Za-z0-9_-]{43}$`));
    const again = await t.api({ method: 'POST', url: API.chatGuest, payload: { guestId: guest.guestId } });
    expect([again.statusCode, again.json().message]).toEqual([400, 'KEY_INVALID']);
    const bad = await t.api({ method: 'POST', url: API.chatGuest, payload: { guestId: 'not-a-uuid' } });
    expect([bad.statusCode, bad.json()]).toEqual([400, { message: 'KEY_INVALID', fields: { guestId: 'KEY_INVALID' } }]);
  });

  it('limits guest binds per address', async () => {
    const bind = () =>
      t.api({ method: 'POST', url: API.chatGuest, payload: { guestId: randomUUID() }, remoteAddress: '10.99.0.1' });
    for (let index = 0; index < CHAT_RATE.guestsPerHourPerIp; index++) expect((await bind()).statusCode).toBe(200);
    const over = await bind();
    expect([over.statusCode, over.json()]).toEqual([429, { message: 'REQUEST_LIMIT' }]);
  });
});

describe('sending and history', () => {
  it('stores a guest message and answers it in the guest history, newest first', async () => {
    const guest = await newGuest(t);
    const first = await sendMessage(t, guest.headers, { ...textMessage('hello'), guestId: guest.guestId });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ id: expect.any(String), createdAt: expect.any(String) });
    await sendMessage(t, guest.headers, textMessage('second'));
    const answer = await history(t, guest.headers, { guestId: guest.guestId });
    expect(answer.statusCode).toBe(200);
    const messages: ChatConversation[] = answer.json().messages;
    expect(messages.map((message) => message.message)).toEqual([
      { message_type: 'text', payload: { message: 'second' } },
      { message_type: 'text', payload: { message: 'hello' } },
    ]);
    expect(messages[1]).toMatchObject({
      id: first.json().id,
      sender: 'customer',
      guestId: guest.guestId,
      userId: null,
    });
    expect(answer.json().unread).toBe(0);
    const page = await history(t, guest.headers, { skip: 1, limit: 1 });
    expect(page.json().messages.map((message: ChatConversation) => message.id)).toEqual([first.json().id]);
  });

  it("stores a member's message under their public id, name and phone", async () => {
    const member = await registerAndLogin(t);
    const sent = await sendMessage(t, bearer(member.token), {
      ...textMessage('  hi there  '),
      userId: member.publicId,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [message] = (await history(t, bearer(member.token))).json().messages;
    expect(message).toMatchObject({
      userId: member.publicId,
      guestId: null,
      username: member.username,
      name: member.name,
      message: { message_type: 'text', payload: { message: 'hi there' } },
    });
  });

  it('answers a resent clientMessageId with the first message and stores it once', async () => {
    const guest = await newGuest(t);
    const body = textMessage('once');
    const first = await sendMessage(t, guest.headers, body);
    const again = await sendMessage(t, guest.headers, {
      ...body,
      message: { message_type: 'text', payload: { message: 'x' } },
    });
    expect(again.json()).toEqual(first.json());
    expect((await history(t, guest.headers)).json().messages).toHaveLength(1);
  });

  it("takes the spec's conversation object as it is, without a clientMessageId (issue 21, rough edge 12)", async () => {
    const member = await registerAndLogin(t);
    const headers = bearer(member.token);
    // Spec section 3: sender, message {message_type, payload}, createdAt, session_id, userId, guestId, username,
    // name, deviceToken; nothing more.
    const spec = {
      sender: 'customer',
      message: { message_type: 'text', payload: { message: 'spec shape' } },
      createdAt: '2026-11-26T07:00:00.000Z',
      session_id: null,
      userId: null,
      guestId: null,
      username: member.username,
      name: 'Somchai',
      deviceToken: null,
    };
    const first = await sendMessage(t, headers, spec);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ id: expect.any(String), createdAt: expect.any(String) });
    // Without a key, each request is its own message: the same body twice is two messages.
    const second = await sendMessage(t, headers, spec);
    expect(second.statusCode).toBe(200);
    expect(second.json().id).not.toBe(first.json().id);
    // With an Idempotency-Key header, a retry of the request is stored once and answers the first.
    const keyed = { ...headers, 'idempotency-key': 'chat:retry.1' };
    const third = await sendMessage(t, keyed, {
      ...spec,
      message: { message_type: 'text', payload: { message: 'k' } },
    });
    const retry = await sendMessage(t, keyed, {
      ...spec,
      message: { message_type: 'text', payload: { message: 'k' } },
    });
    expect(retry.json()).toEqual(third.json());
    const messages: ChatConversation[] = (await history(t, headers)).json().messages;
    expect(messages.map((message) => message.message.payload)).toEqual([
      { message: 'k' },
      { message: 'spec shape' },
      { message: 'spec shape' },
    ]);
    const bad = await sendMessage(t, { ...headers, 'idempotency-key': 'a b' }, spec);
    expect([bad.statusCode, bad.json()]).toEqual([
      400,
      { message: 'KEY_INVALID', fields: { 'idempotency-key': 'KEY_INVALID' } },
    ]);
  });

  it('answers an empty history to a caller who never wrote, and marks read', async () => {
    const guest = await newGuest(t);
    expect((await history(t, guest.headers)).json()).toEqual({ messages: [], unread: 0 });
    const read = await t.api({ method: 'PUT', url: API.chatReadCustomer, headers: guest.headers, payload: {} });
    expect([read.statusCode, read.json()]).toEqual([200, { unread: 0 }]);
    const bodiless = await t.api({ method: 'PUT', url: API.chatReadCustomer, headers: guest.headers });
    expect([bodiless.statusCode, bodiless.json()]).toEqual([200, { unread: 0 }]);
  });

  it('limits messages per sender', async () => {
    const guest = await newGuest(t);
    for (let index = 0; index < CHAT_RATE.messagesPerMinute; index++) {
      expect((await sendMessage(t, guest.headers, textMessage(`n${index}`))).statusCode).toBe(200);
    }
    const over = await sendMessage(t, guest.headers, textMessage('too many'));
    expect([over.statusCode, over.json()]).toEqual([429, { message: 'REQUEST_LIMIT' }]);
    const other = await newGuest(t);
    expect((await sendMessage(t, other.headers, textMessage('mine'))).statusCode).toBe(200);
  });
});

describe('identity and isolation', () => {
  it("refuses a guest reading or writing another guest's conversation", async () => {
    const [alice, bob] = [await newGuest(t), await newGuest(t)];
    await sendMessage(t, alice.headers, textMessage('secret'));
    for (const answer of [
      await history(t, bob.headers, { guestId: alice.guestId }),
      await sendMessage(t, bob.headers, { ...textMessage('x'), guestId: alice.guestId }),
      await t.api({
        method: 'PUT',
        url: API.chatReadCustomer,
        headers: bob.headers,
        payload: { guestId: alice.guestId },
      }),
    ]) {
      expect([answer.statusCode, answer.json()]).toEqual([403, { message: 'UNAUTHORIZED' }]);
    }
    expect((await history(t, bob.headers)).json().messages).toEqual([]);
  });

  it("refuses a member reading another member's conversation or a guest's", async () => {
    const [one, two] = [await registerAndLogin(t), await registerAndLogin(t)];
    await sendMessage(t, bearer(one.token), textMessage('mine'));
    const guest = await newGuest(t);
    for (const body of [{ userId: one.publicId }, { guestId: guest.guestId }]) {
      const answer = await history(t, bearer(two.token), body);
      expect([answer.statusCode, answer.json()]).toEqual([403, { message: 'UNAUTHORIZED' }]);
    }
  });

  it('refuses forged, malformed and missing guest tokens with 403, and a bad member token with 401', async () => {
    const guest = await newGuest(t);
    const forged = `${guest.guestId}.${'A'.repeat(43)}`;
    const unbound = `${randomUUID()}.${guest.guestToken.split('.')[1]}`;
    for (const token of [forged, unbound, 'garbage', undefined]) {
      const headers: Record<string, string> = token === undefined ? {} : { [CHAT_GUEST_HEADER]: token };
      const answer = await sendMessage(t, headers, textMessage('x'));
      expect([answer.statusCode, answer.json()], String(token)).toEqual([403, { message: 'UNAUTHORIZED' }]);
    }
    const member = await sendMessage(t, { ...bearer('nope'), ...guest.headers }, textMessage('x'));
    expect([member.statusCode, member.json()]).toEqual([401, { message: 'invalid-token' }]);
  });

  it('treats a member call with a guest header as the member', async () => {
    const member = await registerAndLogin(t);
    const guest = await newGuest(t);
    await sendMessage(t, { ...bearer(member.token), ...guest.headers }, textMessage('as member'));
    expect((await history(t, guest.headers)).json().messages).toEqual([]);
    expect((await history(t, bearer(member.token))).json().messages).toHaveLength(1);
  });
});

describe('bad input', () => {
  it('refuses text over 2000 characters and blank text', async () => {
    const guest = await newGuest(t);
    const long = await sendMessage(t, guest.headers, textMessage('x'.repeat(2001)));
    expect([long.statusCode, long.json()]).toEqual([
      400,
      { message: 'KEY_INVALID', fields: { 'message.payload.message': 'KEY_INVALID' } },
    ]);
    expect((await sendMessage(t, guest.headers, textMessage('x'.repeat(2000)))).statusCode).toBe(200);
    const blank = await sendMessage(t, guest.headers, textMessage('   \n '));
    expect([blank.statusCode, blank.json().fields]).toEqual([400, { 'message.payload.message': 'KEY_MISSING' }]);
  });

  it('refuses message types and fields a customer may not send', async () => {
    const guest = await newGuest(t);
    const bodies = [
      { message_type: 'buttons', payload: { buttons: [{ type: 'web', title: 'x', payload: 'https://a.b' }] } },
      { message_type: 'media', payload: { url: false, fileType: 'pdf', filePath: '/files/chat/x.pdf' } },
      { message_type: 'text' },
      { message_type: 'unknown', payload: {} },
    ];
    for (const message of bodies) {
      const answer = await sendMessage(t, guest.headers, { ...textMessage(''), message });
      expect(answer.statusCode, JSON.stringify(message)).toBe(400);
    }
    const sender = await sendMessage(t, guest.headers, { ...textMessage('x'), sender: 'other' });
    expect(sender.statusCode).toBe(400);
  });

  it("refuses a media message whose file is not the sender's own upload", async () => {
    const [alice, bob] = [await newGuest(t), await newGuest(t)];
    const uploaded = await upload(t, API.chatUploadImage, alice.headers, [{ bytes: FILES.png }]);
    const path: string = uploaded.json().path;
    const media = (filePath: string, fileType = 'image', url = false) => ({
      ...textMessage(''),
      message: { message_type: 'media', payload: { url, fileType, filePath } },
    });
    const refused = { message: 'KEY_INVALID', fields: { 'message.payload.filePath': 'KEY_INVALID' } };
    for (const [headers, body] of [
      [bob.headers, media(path)],
      [alice.headers, media(path, 'video')],
      [alice.headers, media('https://example.com/a.png', 'image', true)],
      [alice.headers, media('/files/chat/00000000000000000000000000000000.png')],
    ] as const) {
      const answer = await sendMessage(t, headers, body);
      expect([answer.statusCode, answer.json()]).toEqual([400, refused]);
    }
    const ok = await sendMessage(t, alice.headers, media(path));
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('a guest who logs in', () => {
  it('keeps the member message of a client id both conversations used, and moves the other', async () => {
    const guest = await newGuest(t);
    const member = await registerAndLogin(t);
    await sendMessage(t, guest.headers, textMessage('guest copy', 'shared-client-id'));
    const kept = await sendMessage(t, bearer(member.token), textMessage('member copy', 'shared-client-id'));
    const claimed = await t.api({
      method: 'POST',
      url: API.chatClaimGuest,
      headers: { ...bearer(member.token), ...guest.headers },
    });
    expect(claimed.json()).toEqual({ moved: 1 });
    const replay = await sendMessage(t, bearer(member.token), textMessage('again', 'shared-client-id'));
    expect(replay.json()).toEqual(kept.json());
    expect((await history(t, bearer(member.token))).json().messages).toHaveLength(2);
  });

  it("moves the guest's conversation to the member and voids the guest token", async () => {
    const guest = await newGuest(t);
    const member = await registerAndLogin(t);
    const firstId = 'guest-first-message';
    await sendMessage(t, guest.headers, textMessage('before login 1', firstId));
    await sendMessage(t, guest.headers, textMessage('before login 2'));
    await sendMessage(t, bearer(member.token), textMessage('as member'));
    const claim = () =>
      t.api({ method: 'POST', url: API.chatClaimGuest, headers: { ...bearer(member.token), ...guest.headers } });
    const claimed = await claim();
    expect([claimed.statusCode, claimed.json()]).toEqual([200, { moved: 2 }]);
    const messages: ChatConversation[] = (await history(t, bearer(member.token))).json().messages;
    expect(messages.map((message) => message.message.payload)).toEqual([
      { message: 'as member' },
      { message: 'before login 2' },
      { message: 'before login 1' },
    ]);
    expect(messages.every((message) => message.userId === member.publicId && message.guestId === null)).toBe(true);
    const replay = await sendMessage(t, bearer(member.token), { ...textMessage('x'), clientMessageId: firstId });
    expect(replay.json().id).toBe(messages[2]?.id);
    const voided = await history(t, guest.headers);
    expect([voided.statusCode, voided.json()]).toEqual([403, { message: 'UNAUTHORIZED' }]);
    expect((await claim()).statusCode).toBe(403);
  });

  it('refuses a claim without a member token or without a live guest token', async () => {
    const guest = await newGuest(t);
    const anonymous = await t.api({ method: 'POST', url: API.chatClaimGuest, headers: guest.headers });
    expect([anonymous.statusCode, anonymous.json()]).toEqual([401, { message: 'invalid-token' }]);
    const member = await registerAndLogin(t);
    const noGuest = await t.api({ method: 'POST', url: API.chatClaimGuest, headers: bearer(member.token) });
    expect([noGuest.statusCode, noGuest.json()]).toEqual([403, { message: 'UNAUTHORIZED' }]);
  });
});
