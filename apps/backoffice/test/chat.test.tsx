import type { ChatConversation, ChatConversationSummary, OperatorMessage } from '@member-wallet/contract/chat';
import { CLIENT_MESSAGE_ID } from '@member-wallet/contract/chat';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { openSocket } from './fake-socket.ts';
import { renderApp } from './render-app.tsx';
import { OPERATOR, server } from './server.ts';

const SUPPORT = { ...OPERATOR, role: 'support' as const };
const OPERATORS = [
  { id: '7', username: 'alice' },
  { id: '9', username: 'bob' },
];
const GUEST_ID = '0f8b2c1e-3a4d-4e5f-8a9b-0c1d2e3f4a5b';

function chatMessage(overrides: Partial<ChatConversation> = {}): ChatConversation {
  return {
    id: 'm1',
    sender: 'customer',
    message: { message_type: 'text', payload: { message: 'Hello, I need help' } },
    createdAt: '2026-11-22T17:05:09.000Z',
    session_id: null,
    userId: 'u1',
    guestId: null,
    username: '0812345678',
    name: 'Somchai Jaidee',
    deviceToken: null,
    clientMessageId: null,
    ...overrides,
  };
}

function summary(overrides: Partial<ChatConversationSummary> = {}): ChatConversationSummary {
  return {
    id: 'c1',
    customer: { kind: 'member', memberId: 'u1', guestId: null, name: 'Somchai Jaidee', username: '0812345678' },
    lastMessage: chatMessage(),
    lastMessageAt: '2026-11-22T17:05:09.000Z',
    unread: 2,
    assignedTo: null,
    ...overrides,
  };
}

const guestSummary = summary({
  id: 'c2',
  customer: { kind: 'guest', memberId: null, guestId: GUEST_ID, name: null, username: null },
  lastMessage: chatMessage({ id: 'm9', message: { message_type: 'media', payload: mediaPayload() } }),
  unread: 0,
  assignedTo: { id: '9', username: 'bob' },
});

function mediaPayload() {
  return { url: false, fileType: 'image' as const, filePath: '/files/chat/a.png' };
}

interface Recorded {
  conversations: URL[];
  read: string[];
  sent: { message: OperatorMessage; clientMessageId: string }[];
  assigned: unknown[];
}

/** A support operator's chat, answered as the server would; what the app asked is recorded. */
function chatServer({
  items = [summary(), guestSummary],
  messages = [chatMessage()],
  nextCursor = null as string | null,
  sendStatus = 200,
} = {}): Recorded {
  const recorded: Recorded = { conversations: [], read: [], sent: [], assigned: [] };
  let holder: ChatConversationSummary['assignedTo'] | undefined;
  server.use(
    http.get('*/backoffice/api/auth/me', () => HttpResponse.json(SUPPORT)),
    http.get('*/backoffice/api/chat/conversations', ({ request }) => {
      const url = new URL(request.url);
      recorded.conversations.push(url);
      const cursor = url.searchParams.get('cursor');
      const page = cursor ? [summary({ id: 'c3', customer: { ...summary().customer, name: 'Later Page' } })] : items;
      return HttpResponse.json({ items: page, nextCursor: cursor ? null : nextCursor, unreadTotal: 5 });
    }),
    http.get('*/backoffice/api/chat/conversations/:id', ({ params }) => {
      const found = items.find((item) => item.id === params.id) ?? summary();
      return HttpResponse.json(holder === undefined ? found : { ...found, assignedTo: holder });
    }),
    http.get('*/backoffice/api/chat/conversations/:id/messages', () => HttpResponse.json({ messages })),
    http.put('*/backoffice/api/chat/conversations/:id/read', ({ params }) => {
      recorded.read.push(String(params.id));
      return HttpResponse.json({ unread: 0 });
    }),
    http.post('*/backoffice/api/chat/conversations/:id/messages', async ({ request }) => {
      const body = (await request.json()) as Recorded['sent'][number];
      recorded.sent.push(body);
      if (sendStatus !== 200) return HttpResponse.json({ message: 'INTERNAL_SERVER_ERROR' }, { status: sendStatus });
      return HttpResponse.json({ id: `s${recorded.sent.length}`, createdAt: '2026-11-22T17:06:00.000Z' });
    }),
    http.put('*/backoffice/api/chat/conversations/:id/assign', async ({ request }) => {
      const { operatorId } = (await request.json()) as { operatorId: string | null };
      recorded.assigned.push({ operatorId });
      holder = OPERATORS.find((each) => each.id === operatorId) ?? null;
      return HttpResponse.json(summary({ assignedTo: holder }));
    }),
    http.get('*/backoffice/api/chat/operators', () => HttpResponse.json({ operators: OPERATORS })),
  );
  return recorded;
}

async function openConversation(options: Parameters<typeof chatServer>[0] = {}) {
  const recorded = chatServer(options);
  const view = renderApp('/chat/c1');
  await screen.findByText('Hello, I need help', { selector: '[data-testid="chat-message"] p' });
  return { ...view, recorded };
}

describe('chat inbox', () => {
  it('lists conversations with their unread counts, the badge, filters and more on demand', async () => {
    const recorded = chatServer({ nextCursor: 'next-1' });
    const { user } = renderApp('/chat');
    const rows = await screen.findAllByTestId('conversation-row');
    expect(rows[0]).toHaveTextContent('Somchai Jaidee · 0812345678');
    expect(rows[0]).toHaveTextContent('Hello, I need help');
    expect(rows[0]).toHaveTextContent('2 unread');
    expect(rows[0]).toHaveTextContent('Not assigned');
    expect(rows[1]).toHaveTextContent('Guest 0f8b2c1e');
    expect(rows[1]).toHaveTextContent('Picture');
    expect(rows[1]).toHaveTextContent('Held by bob');
    expect(rows[1]).not.toHaveTextContent('unread');
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: /Chat/ })).toHaveTextContent('5 unread');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText(/Later Page/)).toBeInTheDocument();
    expect(recorded.conversations.some((url) => url.searchParams.get('cursor') === 'next-1')).toBe(true);

    await user.selectOptions(screen.getByLabelText('Show'), 'Unassigned');
    await waitFor(() =>
      expect(recorded.conversations.some((url) => url.searchParams.get('filter') === 'unassigned')).toBe(true),
    );
    expect(window.location.search).toBe('?filter=unassigned');
  });

  it('opens a conversation from the list and marks it read', async () => {
    const recorded = chatServer();
    const { user } = renderApp('/chat');
    await user.click((await screen.findAllByRole('link', { name: /Somchai Jaidee/ }))[0] as HTMLElement);
    expect(window.location.pathname).toBe('/backoffice/chat/c1');
    await screen.findByText('Hello, I need help', { selector: '[data-testid="chat-message"] p' });
    await waitFor(() => expect(recorded.read).toEqual(['c1']));
    await waitFor(() => expect(screen.getAllByTestId('conversation-row')[0]).not.toHaveTextContent('unread'));
    expect(screen.getByRole('link', { name: '← Back to the conversations' })).toHaveAttribute(
      'href',
      '/backoffice/chat',
    );
  });

  it('is not for the finance role: no menu entry, and the page says so', async () => {
    renderApp('/chat');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your role may not open this page.');
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).queryByRole('link', { name: /Chat/ })).toBeNull();
  });
});

describe('a conversation', () => {
  it('renders every message type as text, with safe links only', async () => {
    const messages: ChatConversation[] = [
      chatMessage({ id: 'h1', message: { message_type: 'text', payload: { message: '<b>bold</b><img src=x>' } } }),
      chatMessage({
        id: 'h2',
        sender: 'other',
        username: 'alice',
        message: {
          message_type: 'buttons',
          payload: {
            message: 'Pick one',
            buttons: [
              { type: 'web', title: 'Site', payload: 'https://example.com/' },
              { type: 'web', title: 'Bad', payload: 'javascript:alert(1)' },
              { type: 'call', title: 'Ring us', payload: '021234567' },
            ],
          },
        },
      }),
      chatMessage({ id: 'h3', message: { message_type: 'postback', payload: { title: 'Deposit', payload: 'DEP' } } }),
      chatMessage({ id: 'h4', message: { message_type: 'unknown', payload: {} } }),
      { ...chatMessage({ id: 'h5' }), message: { message_type: 'sticker', payload: { x: 1 } } } as never,
      chatMessage({ id: 'h6', message: { message_type: 'media', payload: mediaPayload() } }),
    ].reverse();
    chatServer({ messages });
    renderApp('/chat/c1');
    const list = await screen.findByRole('list', { name: 'Messages' });
    expect(within(list).getByText('<b>bold</b><img src=x>')).toBeInTheDocument();
    expect(list.querySelector('b')).toBeNull();
    expect(within(list).getByRole('link', { name: 'Site' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(list).queryByRole('link', { name: 'Bad' })).toBeNull();
    expect(within(list).getByText('Ring us')).toBeInTheDocument();
    expect(within(list).getByText('Chose: Deposit')).toBeInTheDocument();
    expect(within(list).getAllByText('A message this screen cannot show.')).toHaveLength(2);
    expect(within(list).getByRole('img', { name: 'Picture sent in the chat' })).toHaveAttribute(
      'src',
      '/files/chat/a.png',
    );
  });

  it('loads older messages, skipping those it holds', async () => {
    const skips: (string | null)[] = [];
    chatServer();
    const page = Array.from({ length: 30 }, (_, index) =>
      chatMessage({ id: `p${index}`, message: { message_type: 'text', payload: { message: `Message ${index}` } } }),
    );
    server.use(
      http.get('*/backoffice/api/chat/conversations/:id/messages', ({ request }) => {
        const skip = new URL(request.url).searchParams.get('skip');
        skips.push(skip);
        const old = chatMessage({
          id: 'old',
          message: { message_type: 'text', payload: { message: 'The first one' } },
        });
        return HttpResponse.json({ messages: skip === '0' ? page : [old] });
      }),
    );
    const { user } = renderApp('/chat/c1');
    await screen.findByText('Message 0');
    await user.click(screen.getByRole('button', { name: 'Load older messages' }));
    const messages = await screen.findAllByTestId('chat-message');
    await waitFor(() => expect(screen.getAllByTestId('chat-message')[0]).toHaveTextContent('The first one'));
    expect(messages.at(-1)).toHaveTextContent('Message 0');
    expect(skips).toEqual(['0', '30']);
    expect(screen.queryByRole('button', { name: 'Load older messages' })).toBeNull();
  });

  it('sends a text with Enter, keeps Shift+Enter as a new line and refuses a blank one', async () => {
    const { user, recorded } = await openConversation();
    const box = screen.getByRole('textbox', { name: 'Reply' });
    await user.type(box, '{Enter}');
    expect(screen.getByText('Write a message first.')).toBeInTheDocument();
    await user.click(box);
    await user.paste('a'.repeat(2001));
    await user.keyboard('{Enter}');
    expect(screen.getByText('A message holds at most 2000 characters.')).toBeInTheDocument();
    expect(recorded.sent).toHaveLength(0);
    await user.clear(box);
    await user.type(box, 'Hi{Shift>}{Enter}{/Shift}there{Enter}');
    await waitFor(() => expect(recorded.sent).toHaveLength(1));
    expect(recorded.sent[0]?.message).toEqual({ message_type: 'text', payload: { message: 'Hi\nthere' } });
    expect(recorded.sent[0]?.clientMessageId).toMatch(CLIENT_MESSAGE_ID);
    expect(await screen.findByText(/Hi\s+there/, { selector: '[data-testid="chat-message"] p' })).toBeVisible();
    expect(box).toHaveValue('');
  });

  it('shows a failed send and sends it again with the same clientMessageId', async () => {
    const { user, recorded } = await openConversation({ sendStatus: 500 });
    await user.type(screen.getByRole('textbox', { name: 'Reply' }), 'Are you there?{Enter}');
    const pending = await screen.findByTestId('chat-pending');
    expect(await within(pending).findByRole('alert')).toHaveTextContent('Something went wrong on the server');
    await user.click(within(pending).getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(recorded.sent).toHaveLength(2));
    expect(recorded.sent[1]?.clientMessageId).toBe(recorded.sent[0]?.clientMessageId);
  });

  it('builds and sends buttons', async () => {
    const { user, recorded } = await openConversation();
    await user.click(screen.getByRole('tab', { name: 'Buttons' }));
    await user.type(screen.getByLabelText('Message'), 'Where to?');
    await user.selectOptions(screen.getByLabelText('Type of item 1'), 'Link');
    await user.type(screen.getByLabelText('Title of item 1'), 'Deposit');
    await user.type(screen.getByLabelText('Link, number or value of item 1'), 'ftp://x');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText(/A link must start with http/)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Link, number or value of item 1'));
    await user.type(screen.getByLabelText('Link, number or value of item 1'), 'https://example.com/deposit');
    await user.click(screen.getByRole('button', { name: 'Add an item' }));
    await user.type(screen.getByLabelText('Title of item 2'), 'Talk more');
    await user.type(screen.getByLabelText('Link, number or value of item 2'), 'MORE');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(recorded.sent).toHaveLength(1));
    expect(recorded.sent[0]?.message).toEqual({
      message_type: 'buttons',
      payload: {
        message: 'Where to?',
        buttons: [
          { type: 'web', title: 'Deposit', payload: 'https://example.com/deposit' },
          { type: 'postback', title: 'Talk more', payload: 'MORE' },
        ],
      },
    });
  });

  it('builds and sends quick replies', async () => {
    const { user, recorded } = await openConversation();
    await user.click(screen.getByRole('tab', { name: 'Quick replies' }));
    await user.type(screen.getByLabelText('Title of item 1'), 'Yes');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Write a message first.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Message'), 'Did it work?');
    await user.type(screen.getByLabelText('Link, number or value of item 1'), 'YES');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(recorded.sent).toHaveLength(1));
    expect(recorded.sent[0]?.message).toEqual({
      message_type: 'quick_replies',
      payload: { message: 'Did it work?', quick_replies: [{ title: 'Yes', payload: 'YES' }] },
    });
  });

  it('builds and sends cards', async () => {
    const { user, recorded } = await openConversation();
    await user.click(screen.getByRole('tab', { name: 'Cards' }));
    await user.type(screen.getByLabelText('Card 1 · Title'), 'Weekend bonus');
    await user.type(screen.getByLabelText('Card 1 · Picture address (optional)'), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Card 1: A picture address must start with https://');
    await user.clear(screen.getByLabelText('Card 1 · Picture address (optional)'));
    await user.type(screen.getByLabelText('Card 1 · Picture address (optional)'), '/files/chat/promo.png');
    await user.click(screen.getByRole('button', { name: 'Card 1 · Add an item' }));
    await user.selectOptions(screen.getByLabelText('Card 1 · Type of item 1'), 'Link');
    await user.type(screen.getByLabelText('Card 1 · Title of item 1'), 'Open');
    await user.type(screen.getByLabelText('Card 1 · Link, number or value of item 1'), 'https://example.com/bonus');
    await user.click(screen.getByRole('button', { name: 'Add a card' }));
    await user.type(screen.getByLabelText('Card 2 · Title'), 'Refund');
    await user.type(screen.getByLabelText('Card 2 · Subtitle (optional)'), 'Every Monday');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(recorded.sent).toHaveLength(1));
    expect(recorded.sent[0]?.message).toEqual({
      message_type: 'generic',
      payload: {
        elements: [
          {
            title: 'Weekend bonus',
            image_url: '/files/chat/promo.png',
            buttons: [{ type: 'web', title: 'Open', payload: 'https://example.com/bonus' }],
          },
          { title: 'Refund', subtitle: 'Every Monday' },
        ],
      },
    });
    const cards = await screen.findByText('Weekend bonus', { selector: '[data-testid="chat-message"] p' });
    expect(cards.closest('li[data-testid="chat-message"]')).toHaveTextContent('Every Monday');
  });

  it('uploads a picture, then sends it as media; refuses a wrong or too large file before uploading', async () => {
    const { user, recorded } = await openConversation();
    let uploads = 0;
    server.use(
      // jsdom's FormData does not reach msw as multipart (as in promotions.test.tsx): the server's content check
      // is the server's test; here only that one upload happened, for the file that passed the client's checks.
      http.post('*/backoffice/api/chat/uploads', () => {
        uploads += 1;
        return HttpResponse.json({ path: '/files/chat/p1.png' });
      }),
    );
    await user.click(screen.getByRole('tab', { name: 'Picture or video' }));
    const input = screen.getByLabelText('Picture or video', { selector: 'input' });
    await user.upload(input, new File(['MZ'], 'tool.exe', { type: 'image/png' }));
    expect(screen.getByText(/File is not supported/)).toBeInTheDocument();
    const big = new File(['x'], 'big.mp4', { type: 'video/mp4' });
    Object.defineProperty(big, 'size', { value: 21 * 1024 * 1024 });
    await user.upload(input, big);
    expect(screen.getByText(/The file is too large/)).toBeInTheDocument();
    await user.upload(input, new File(['png'], 'slip.PNG', { type: 'image/png' }));
    await user.type(screen.getByLabelText('Text with it (optional)'), 'Your slip');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(recorded.sent).toHaveLength(1));
    expect(uploads).toBe(1);
    expect(recorded.sent[0]?.message).toEqual({
      message_type: 'media',
      payload: { message: 'Your slip', url: false, fileType: 'image', filePath: '/files/chat/p1.png' },
    });
  });

  it('shows the upload refusal of the server', async () => {
    const { user } = await openConversation();
    server.use(
      http.post('*/backoffice/api/chat/uploads', () =>
        HttpResponse.json({ message: 'CHAT_FILE_NOT_SUPPORTED' }, { status: 400 }),
      ),
    );
    await user.click(screen.getByRole('tab', { name: 'Picture or video' }));
    await user.upload(
      screen.getByLabelText('Picture or video', { selector: 'input' }),
      new File(['x'], 'a.png', { type: 'image/png' }),
    );
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/File is not supported/)).toBeInTheDocument();
  });

  it('assigns to an operator, to nobody, and to me', async () => {
    const { user, recorded } = await openConversation();
    const select = screen.getByLabelText('Assigned to');
    await screen.findByRole('option', { name: 'bob' });
    await user.selectOptions(select, 'bob');
    await waitFor(() => expect(select).toHaveValue('9'));
    await user.click(screen.getByRole('button', { name: 'Assign to me' }));
    await waitFor(() => expect(select).toHaveValue('7'));
    expect(screen.queryByRole('button', { name: 'Assign to me' })).toBeNull();
    await user.selectOptions(select, 'Not assigned');
    await waitFor(() => expect(select).toHaveValue(''));
    expect(recorded.assigned).toEqual([{ operatorId: '9' }, { operatorId: '7' }, { operatorId: null }]);
  });
});

describe('live updates', () => {
  it('connects to the back-office namespace with the operator token', async () => {
    chatServer();
    renderApp('/chat');
    await screen.findAllByTestId('conversation-row');
    const socket = openSocket();
    expect(socket.namespace).toBe('/backoffice');
    expect(socket.options.path).toBe('/socket.io');
    expect(socket.auth()).toEqual({ token: 'op_test-token' });
  });

  it('reads the lists again after a reconnection, not on the first connection', async () => {
    const recorded = chatServer();
    renderApp('/chat');
    await screen.findAllByTestId('conversation-row');
    const socket = openSocket();
    const asked = () => recorded.conversations.filter((url) => url.searchParams.get('filter') === 'all').length;
    socket.receive('connect');
    expect(asked()).toBe(1);
    socket.receive('disconnect');
    socket.receive('connect');
    await waitFor(() => expect(asked()).toBe(2));
  });

  it('appends a live message once, marks it read, and moves its conversation to the top', async () => {
    const { recorded } = await openConversation({ items: [guestSummary, summary()] });
    await waitFor(() => expect(recorded.read).toEqual(['c1']));
    const live = chatMessage({ id: 'm2', message: { message_type: 'text', payload: { message: 'Still there?' } } });
    const socket = openSocket();
    socket.receive('message', { conversationId: 'c1', message: live });
    socket.receive('message', { conversationId: 'c1', message: live });
    expect(await screen.findAllByText('Still there?', { selector: '[data-testid="chat-message"] p' })).toHaveLength(1);
    await waitFor(() => expect(recorded.read).toEqual(['c1', 'c1']));

    expect(screen.getAllByTestId('conversation-row')[0]).toHaveTextContent('Guest');
    socket.receive('conversation', summary({ lastMessage: live, unread: 0 }));
    await waitFor(() => expect(screen.getAllByTestId('conversation-row')[0]).toHaveTextContent('Still there?'));
    expect(screen.getAllByTestId('conversation-row')).toHaveLength(2);
  });

  it('keeps a filtered list to what belongs in it, and reads the badge again', async () => {
    chatServer({ items: [summary()] });
    const { user } = renderApp('/chat?filter=unread');
    await screen.findAllByTestId('conversation-row');
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: /Chat/ })).toHaveTextContent('5 unread');
    server.use(
      http.get('*/backoffice/api/chat/conversations', () =>
        HttpResponse.json({ items: [], nextCursor: null, unreadTotal: 3 }),
      ),
    );
    const socket = openSocket();
    socket.receive('conversation', summary({ unread: 0 }));
    socket.receive('conversation', { ...guestSummary, unread: 3 });
    await waitFor(() => expect(screen.getAllByTestId('conversation-row')).toHaveLength(1));
    expect(screen.getByTestId('conversation-row')).toHaveTextContent('Guest 0f8b2c1e');
    await waitFor(() => expect(within(menu).getByRole('link', { name: /Chat/ })).toHaveTextContent('3 unread'));

    await user.selectOptions(screen.getByLabelText('Show'), 'Mine');
    expect(await screen.findByText('No conversations here.')).toBeInTheDocument();
    socket.receive('conversation', { ...guestSummary, assignedTo: { id: '7', username: 'alice' } });
    expect(await screen.findByTestId('conversation-row')).toHaveTextContent('Held by alice');
    socket.receive('conversation', { ...guestSummary, assignedTo: { id: '9', username: 'bob' } });
    expect(await screen.findByText('No conversations here.')).toBeInTheDocument();
  });
});
