import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import {
  CHAT_BACKOFFICE_API,
  CHAT_CONVERSATIONS_PAGE,
  CHAT_RATE,
  type ChatConversation,
  type ChatConversationSummary,
} from '@member-wallet/contract/chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientId, FILES, history, newGuest, sendMessage, textMessage, upload } from '../../../test/chat.ts';
import { bearer, registerAndLogin, startTestApp, type TestApp } from '../../../test/helpers.ts';
import { signedInOperator } from '../../../test/operators.ts';

/** The back-office's chat inbox (docs/chat.md, Back-office): list, answer, read, assign, upload. */

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInOperator>>;
let support: Awaited<ReturnType<typeof signedInOperator>>;
beforeAll(async () => {
  t = await startTestApp();
  admin = await signedInOperator(t, 'admin');
  support = await signedInOperator(t, 'support');
});
afterAll(() => t.close());

const at = (path: string, id: string) => path.replace(':id', id);

async function inbox(headers: Record<string, string>, query = '') {
  const answer = await t.api({ method: 'GET', url: `${CHAT_BACKOFFICE_API.conversations}${query}`, headers });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as { items: ChatConversationSummary[]; nextCursor: string | null; unreadTotal: number };
}

/** A guest who wrote `count` messages, and their conversation's id. */
async function guestConversation(count = 1) {
  const guest = await newGuest(t);
  for (let index = 0; index < count; index++) await sendMessage(t, guest.headers, textMessage(`m${index}`));
  const item = (await inbox(admin.headers)).items.find((each) => each.customer.guestId === guest.guestId);
  if (!item) throw new Error('not listed');
  return { guest, id: item.id, item };
}

function operatorSend(id: string, message: object, clientMessageId = clientId(), headers = support.headers) {
  return t.api({
    method: 'POST',
    url: at(CHAT_BACKOFFICE_API.conversationMessages, id),
    headers,
    payload: { message, clientMessageId },
  });
}

describe('inbox', () => {
  it('lists conversations by latest activity with their customer, last message and unread count', async () => {
    const member = await registerAndLogin(t);
    await sendMessage(t, bearer(member.token), textMessage('from a member'));
    const { guest, item } = await guestConversation(2);
    expect(item).toMatchObject({
      customer: { kind: 'guest', guestId: guest.guestId, memberId: null, name: null },
      unread: 2,
      assignedTo: null,
      lastMessage: { message: { payload: { message: 'm1' } } },
    });
    const { items, unreadTotal } = await inbox(admin.headers);
    expect(items[0]?.customer.guestId).toBe(guest.guestId);
    expect(items[1]?.customer).toEqual({
      kind: 'member',
      memberId: member.publicId,
      guestId: null,
      name: member.name,
      username: member.username,
    });
    expect(unreadTotal).toBe(items.reduce((sum, each) => sum + each.unread, 0));
  });

  it('pages with a keyset cursor and filters unread, mine and unassigned', async () => {
    for (let index = 0; index <= CHAT_CONVERSATIONS_PAGE; index++) await guestConversation();
    const first = await inbox(admin.headers);
    expect(first.items).toHaveLength(CHAT_CONVERSATIONS_PAGE);
    const second = await inbox(admin.headers, `?cursor=${first.nextCursor}`);
    const ids = new Set([...first.items, ...second.items].map((item) => item.id));
    expect(ids.size).toBe(first.items.length + second.items.length);
    const { id } = await guestConversation();
    await t.api({ method: 'PUT', url: at(CHAT_BACKOFFICE_API.conversationRead, id), headers: admin.headers });
    expect((await inbox(admin.headers, '?filter=unread')).items.map((item) => item.id)).not.toContain(id);
    await t.api({
      method: 'PUT',
      url: at(CHAT_BACKOFFICE_API.conversationAssign, id),
      headers: admin.headers,
      payload: { operatorId: String(support.id) },
    });
    expect((await inbox(support.headers, '?filter=mine')).items.map((item) => item.id)).toEqual([id]);
    expect((await inbox(admin.headers, '?filter=unassigned')).items.map((item) => item.id)).not.toContain(id);
    const bad = await t.api({
      method: 'GET',
      url: `${CHAT_BACKOFFICE_API.conversations}?cursor=x`,
      headers: admin.headers,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('answers one conversation and its messages, newest first; 404 for an unknown one', async () => {
    const { id } = await guestConversation(3);
    expect(
      (await t.api({ method: 'GET', url: at(CHAT_BACKOFFICE_API.conversation, id), headers: admin.headers })).json(),
    ).toMatchObject({ id, unread: 3 });
    const page = await t.api({
      method: 'GET',
      url: `${at(CHAT_BACKOFFICE_API.conversationMessages, id)}?skip=1&limit=2`,
      headers: admin.headers,
    });
    expect(page.json().messages.map((each: ChatConversation) => each.message.payload)).toEqual([
      { message: 'm1' },
      { message: 'm0' },
    ]);
    for (const unknown of ['999999999', 'abc']) {
      const answer = await t.api({
        method: 'GET',
        url: at(CHAT_BACKOFFICE_API.conversation, unknown),
        headers: admin.headers,
      });
      expect([answer.statusCode, answer.json()]).toEqual([404, { message: 'NO_DATA' }]);
    }
  });
});

describe('answers', () => {
  it('sends every operator message type, once per clientMessageId, unread for the customer until read', async () => {
    const { guest, id } = await guestConversation();
    const web = { type: 'web', title: 'Open', payload: 'https://example.com' };
    const messages = [
      { message_type: 'text', payload: { message: 'hello' } },
      {
        message_type: 'buttons',
        payload: { message: 'choose', buttons: [web, { type: 'call', title: 'Call', payload: '0812345678' }] },
      },
      { message_type: 'quick_replies', payload: { message: 'ok?', quick_replies: [{ title: 'Yes', payload: 'YES' }] } },
      { message_type: 'generic', payload: { elements: [{ title: 'Card', subtitle: 'sub', buttons: [web] }] } },
      { message_type: 'media', payload: { url: true, fileType: 'image', filePath: 'https://cdn.example.com/a.png' } },
    ];
    for (const message of messages) {
      const answer = await operatorSend(id, message);
      expect(answer.statusCode, answer.body).toBe(200);
    }
    const replayId = clientId();
    const first = await operatorSend(id, messages[0] ?? {}, replayId);
    expect((await operatorSend(id, messages[0] ?? {}, replayId)).json()).toEqual(first.json());
    const seen = (await history(t, guest.headers)).json();
    expect(seen.unread).toBe(messages.length + 1);
    // The customer is not told the operator's username (their back-office login); the inbox is.
    expect(seen.messages[0]).toMatchObject({ sender: 'other', username: null, name: null });
    const seenByOperators = await t.api({
      method: 'GET',
      url: at(CHAT_BACKOFFICE_API.conversationMessages, id),
      headers: support.headers,
    });
    expect(seenByOperators.json().messages[0]).toMatchObject({ sender: 'other', username: support.username });
    await t.api({ method: 'PUT', url: '/api/chat/read-customer/', headers: guest.headers, payload: {} });
    expect((await history(t, guest.headers)).json().unread).toBe(0);
  });

  it("shows the customer the operator's display name once set, never the username", async () => {
    const { guest, id } = await guestConversation();
    const named = await signedInOperator(t, 'support');
    const rename = await t.api({
      method: 'PUT',
      url: BACKOFFICE_API.me,
      headers: named.headers,
      payload: { displayName: 'Ploy' },
    });
    expect(rename.statusCode, rename.body).toBe(200);
    const reply = { message_type: 'text', payload: { message: 'hi' } };
    expect((await operatorSend(id, reply, clientId(), named.headers)).statusCode).toBe(200);
    expect((await history(t, guest.headers)).json().messages[0]).toMatchObject({ username: null, name: 'Ploy' });
    await t.api({ method: 'PUT', url: BACKOFFICE_API.me, headers: named.headers, payload: { displayName: null } });
    expect((await history(t, guest.headers)).json().messages[0]).toMatchObject({ username: null, name: null });
  });

  it("refuses postbacks, plain-http and customers' files, and unsupported uploads", async () => {
    const { guest, id } = await guestConversation();
    const customerPath: string = (
      await upload(t, '/api/chat/upload-image', guest.headers, [{ bytes: FILES.png }])
    ).json().path;
    const own = await upload(t, CHAT_BACKOFFICE_API.upload, support.headers, [
      { bytes: FILES.mov, filename: 'clip.mov' },
    ]);
    expect(own.statusCode, own.body).toBe(200);
    const media = (filePath: string, fileType: string, url = false) => ({
      message_type: 'media',
      payload: { url, fileType, filePath },
    });
    expect((await operatorSend(id, media(own.json().path, 'video'))).statusCode).toBe(200);
    for (const message of [
      { message_type: 'postback', payload: { title: 'x', payload: 'y' } },
      media('http://example.com/a.png', 'image', true),
      media(customerPath, 'image'),
      media(own.json().path, 'image'),
    ]) {
      expect((await operatorSend(id, message)).statusCode, JSON.stringify(message)).toBe(400);
    }
    const exe = await upload(t, CHAT_BACKOFFICE_API.upload, support.headers, [{ bytes: FILES.exe, filename: 'a.png' }]);
    expect([exe.statusCode, exe.json().message]).toEqual([400, 'CHAT_FILE_NOT_SUPPORTED']);
  });
});

describe('limits', () => {
  it('limits answers per operator', async () => {
    const { id } = await guestConversation();
    const busy = await signedInOperator(t, 'support');
    const text = { message_type: 'text', payload: { message: 'hi' } };
    for (let index = 0; index < CHAT_RATE.messagesPerMinute; index++) {
      expect((await operatorSend(id, text, clientId(), busy.headers)).statusCode).toBe(200);
    }
    const over = await operatorSend(id, text, clientId(), busy.headers);
    expect([over.statusCode, over.json()]).toEqual([429, { message: 'REQUEST_LIMIT' }]);
    expect((await operatorSend(id, text)).statusCode).toBe(200);
  });
});

describe('read marks and assignment', () => {
  it('marks read, assigns to an admin or support operator or nobody, audited, and lists who can be assigned', async () => {
    const finance = await signedInOperator(t, 'finance');
    const { id } = await guestConversation(2);
    const read = await t.api({
      method: 'PUT',
      url: at(CHAT_BACKOFFICE_API.conversationRead, id),
      headers: support.headers,
    });
    expect(read.json()).toMatchObject({ id, unread: 0 });
    const assign = (operatorId: string | null) =>
      t.api({
        method: 'PUT',
        url: at(CHAT_BACKOFFICE_API.conversationAssign, id),
        headers: admin.headers,
        payload: { operatorId },
      });
    expect((await assign(String(support.id))).json().assignedTo).toEqual({
      id: String(support.id),
      username: support.username,
    });
    const refused = await assign(String(finance.id));
    expect([refused.statusCode, refused.json().message]).toEqual([400, 'KEY_INVALID']);
    expect((await assign(null)).json().assignedTo).toBeNull();
    const audit = await t.api({
      method: 'GET',
      url: `${BACKOFFICE_API.audit}?action=chat.assign`,
      headers: admin.headers,
    });
    const entries: { target: string; after: unknown }[] = audit.json().entries;
    expect(entries.filter((entry) => entry.target === `chat_conversation:${id}`).map((entry) => entry.after)).toEqual([
      { operatorId: null },
      { operatorId: String(support.id) },
    ]);
    const operators = await t.api({ method: 'GET', url: CHAT_BACKOFFICE_API.operators, headers: support.headers });
    const names = operators.json().operators.map((each: { username: string }) => each.username);
    expect(names).toEqual(expect.arrayContaining([admin.username, support.username]));
    expect(names).not.toContain(finance.username);
  });
});
