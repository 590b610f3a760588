import { CHAT_GUEST_HEADER } from '@member-wallet/contract/chat';
import { STORAGE_KEYS } from '@member-wallet/contract/constants';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeSocket } from './fake-socket.ts';
import { currentPath, renderApp } from './render-app.tsx';
import { server } from './server.ts';

const fake = vi.hoisted(() => ({ sockets: [] as FakeSocket[] }));

vi.mock('socket.io-client', async () => (await import('./fake-socket.ts')).fakeSocketIo(fake.sockets));

const GUEST_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const GUEST_TOKEN = `${GUEST_ID}.${'a'.repeat(43)}`;

interface Recorded {
  url: string;
  headers: Headers;
  body: Record<string, unknown>;
}

function conversation(overrides: Record<string, unknown> = {}) {
  return {
    id: 'm-1',
    sender: 'other',
    message: { message_type: 'text', payload: { message: 'Hello from admin' } },
    createdAt: '2026-11-23T02:00:00.000Z',
    session_id: null,
    userId: null,
    guestId: GUEST_ID,
    username: 'support1',
    name: 'Support One',
    deviceToken: null,
    clientMessageId: null,
    ...overrides,
  };
}

/** The chat API of a healthy server; `history` answers by skip, and every call is recorded. */
function chatServer(options: { history?: (skip: number) => unknown[]; unread?: number } = {}) {
  const calls: Recorded[] = [];
  const record = async (request: Request) => {
    const text = request.method === 'GET' ? '' : await request.clone().text();
    const body = text.startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : {};
    calls.push({ url: new URL(request.url).pathname, headers: request.headers, body });
    return body;
  };
  let sent = 0;
  server.use(
    http.get('*/api/lookup/enableChatWidget', () => HttpResponse.json({ enableChatWidget: true })),
    http.get('*/api/chat/config', async ({ request }) => {
      await record(request);
      return HttpResponse.json({ prefix: 'chat', socketPath: '/socket.io' });
    }),
    http.post('*/api/chat/guest', async ({ request }) => {
      const body = await record(request);
      return HttpResponse.json({ guestId: body.guestId, guestToken: `${body.guestId}.${'b'.repeat(43)}` });
    }),
    http.post('*/api/chat/claim-guest', async ({ request }) => {
      await record(request);
      return HttpResponse.json({ moved: 3 });
    }),
    http.post('*/api/chat/history', async ({ request }) => {
      const body = await record(request);
      return HttpResponse.json({ messages: options.history?.(Number(body.skip)) ?? [], unread: options.unread ?? 0 });
    }),
    http.post('*/api/chat/send-message', async ({ request }) => {
      await record(request);
      sent += 1;
      return HttpResponse.json({ id: `s-${sent}`, createdAt: '2026-11-23T02:05:00.000Z' });
    }),
    http.put('*/api/chat/read-customer/', async ({ request }) => {
      await record(request);
      return HttpResponse.json({ unread: 0 });
    }),
    http.post('*/api/chat/upload-image', async ({ request }) => {
      calls.push({ url: new URL(request.url).pathname, headers: request.headers, body: {} });
      return HttpResponse.json({ path: '/files/chat/picture.png' });
    }),
  );
  return { calls, of: (path: string) => calls.filter((call) => call.url === path) };
}

beforeAll(() => {
  // jsdom has no idle callback: here the widget loads on the next tick.
  window.requestIdleCallback = (callback: IdleRequestCallback) => window.setTimeout(callback, 0);
  window.cancelIdleCallback = (handle: number) => window.clearTimeout(handle);
});

beforeEach(() => {
  fake.sockets.length = 0;
});

afterEach(() => {
  vi.useRealTimers();
});

async function openChat(path = '/contact') {
  const view = renderApp(path);
  // The first test to load the widget's modules waits for their transform too.
  await view.user.click(await screen.findByRole('button', { name: /Open chat/ }, { timeout: 5_000 }));
  const panel = await screen.findByRole('dialog', { name: 'Chat with admin' });
  await waitFor(() => expect(within(panel).getByRole('button', { name: 'Send' })).toBeEnabled());
  await waitFor(() => expect(fake.sockets.at(-1)?.joins.length).toBe(1));
  return { ...view, panel };
}

function composer(panel: HTMLElement) {
  return within(panel).getByRole('textbox', { name: 'Message' });
}

describe('chat widget', () => {
  it('is not shown when enableChatWidget is off', async () => {
    renderApp('/contact');
    expect(await screen.findByText('Open 24 hours')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: /Open chat/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Chat with admin now' })).toBeNull();
  });

  it('invites the visitor shortly after load; the invitation can be dismissed', async () => {
    chatServer();
    renderApp('/login');
    expect(await screen.findByRole('button', { name: /Open chat/ }, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Talk to admin' })).toBeNull();
    const invitation = await screen.findByRole('button', { name: 'Talk to admin' }, { timeout: 3_000 });
    expect(invitation).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Hide this message' }));
    expect(screen.queryByRole('button', { name: 'Talk to admin' })).toBeNull();
  });

  it('makes a guest on first open, sends the guest token on every chat call and joins the guest room', async () => {
    const api = chatServer();
    const { user, panel } = await openChat();
    const [guest] = api.of('/api/chat/guest');
    expect(guest?.body.guestId).toMatch(/^[0-9a-f-]{36}$/);
    const token = localStorage.getItem(STORAGE_KEYS.guestId);
    expect(token).toBe(`${guest?.body.guestId}.${'b'.repeat(43)}`);
    for (const call of [...api.of('/api/chat/config'), ...api.of('/api/chat/history')]) {
      expect(call.headers.get(CHAT_GUEST_HEADER)).toBe(token);
    }
    expect(api.of('/api/chat/history')[0]?.body).toEqual({ guestId: guest?.body.guestId, limit: 10, skip: 0 });
    const socket = fake.sockets[0];
    expect(socket?.args[0]).toMatchObject({ path: '/socket.io', auth: { guestToken: token } });
    expect(socket?.joins).toEqual([`chat-${guest?.body.guestId}`]);
    await user.click(within(panel).getByRole('button', { name: 'Close chat' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open chat' }));
    expect(composer(await screen.findByRole('dialog', { name: 'Chat with admin' }))).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.of('/api/chat/guest')).toHaveLength(1);
  });

  it('sends on Enter, not on Shift+Enter or Ctrl+Enter, and never a blank message', async () => {
    const api = chatServer();
    localStorage.setItem(STORAGE_KEYS.guestId, GUEST_TOKEN);
    const { user, panel } = await openChat();
    const box = composer(panel);
    await user.type(box, '   {Enter}');
    await user.type(box, '{Shift>}{Enter}{/Shift}{Control>}{Enter}{/Control}');
    expect(api.of('/api/chat/send-message')).toEqual([]);
    await user.clear(box);
    await user.type(box, 'Hello{Shift>}{Enter}{/Shift}there{Enter}');
    await waitFor(() => expect(api.of('/api/chat/send-message')).toHaveLength(1));
    const [send] = api.of('/api/chat/send-message');
    expect(send?.body).toMatchObject({
      sender: 'customer',
      guestId: GUEST_ID,
      message: { message_type: 'text', payload: { message: 'Hello\nthere' } },
    });
    expect(send?.headers.get(CHAT_GUEST_HEADER)).toBe(GUEST_TOKEN);
    expect(box).toHaveValue('');
    expect(await within(panel).findByText('Sent')).toBeInTheDocument();
  });

  it('refuses a message of 2001 characters with a message', async () => {
    const api = chatServer();
    localStorage.setItem(STORAGE_KEYS.guestId, GUEST_TOKEN);
    const { user, panel } = await openChat();
    fireEvent.change(composer(panel), { target: { value: 'x'.repeat(2001) } });
    await user.click(within(panel).getByRole('button', { name: 'Send' }));
    expect(within(panel).getByRole('alert')).toHaveTextContent('A message can have at most 2000 characters.');
    expect(api.of('/api/chat/send-message')).toEqual([]);
    fireEvent.change(composer(panel), { target: { value: 'x'.repeat(2000) } });
    await user.click(within(panel).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.of('/api/chat/send-message')).toHaveLength(1));
  });

  it('checks files before uploading: an extension, an allowed one, 10 MB pictures, 20 MB videos', async () => {
    const api = chatServer();
    localStorage.setItem(STORAGE_KEYS.guestId, GUEST_TOKEN);
    const { panel } = await openChat();
    const input = within(panel).getByLabelText('Send a picture or video', { selector: 'input' });
    const pick = (name: string, megabytes = 0) => {
      const file = new File(['x'], name);
      Object.defineProperty(file, 'size', { value: megabytes * 1024 * 1024 + 1 });
      fireEvent.change(input, { target: { files: [file] } });
      return within(panel).getByRole('alert').textContent;
    };
    expect(pick('picture')).toBe('File is not supported');
    expect(pick('setup.exe')).toBe('File is not supported');
    expect(pick('big.png', 10)).toBe('The file is too large. Please select file no larger than 10 MB');
    expect(pick('long.mp4', 20)).toBe('The file is too large. Please select file no larger than 20 MB');
    expect(pick('long.MOV', 20)).toBe('The file is too large. Please select file no larger than 20 MB');
    expect(api.calls.filter((call) => call.url.includes('upload'))).toEqual([]);
    await waitFor(() => expect(within(panel).queryByRole('alert')).toBeNull(), { timeout: 5_000 });
  });

  it('shows a failed upload, which can be sent again or removed', async () => {
    const api = chatServer();
    let uploads = 0;
    server.use(
      http.post('*/api/chat/upload-image', () => {
        uploads += 1;
        return uploads === 1
          ? HttpResponse.json({ message: 'CHAT_FILE_NOT_SUPPORTED' }, { status: 400 })
          : HttpResponse.json({ path: '/files/chat/picture.png' });
      }),
    );
    localStorage.setItem(STORAGE_KEYS.guestId, GUEST_TOKEN);
    const { user, panel } = await openChat();
    const input = within(panel).getByLabelText('Send a picture or video', { selector: 'input' });
    fireEvent.change(input, { target: { files: [new File(['png'], 'cat.png', { type: 'image/png' })] } });
    expect(await within(panel).findByText('Not sent')).toBeInTheDocument();
    expect(within(panel).getByText(/This file type is not supported/)).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Send again' }));
    expect(await within(panel).findByText('Sent')).toBeInTheDocument();
    expect(uploads).toBe(2);
    const [send] = api.of('/api/chat/send-message');
    expect(send?.body.message).toEqual({
      message_type: 'media',
      payload: { url: false, fileType: 'image', filePath: '/files/chat/picture.png' },
    });
    expect(within(panel).getByRole('img', { name: 'Picture' })).toHaveAttribute(
      'src',
      expect.stringMatching(/\/files\/chat\/picture\.png$/),
    );

    server.use(http.post('*/api/chat/upload-image', () => HttpResponse.json({ message: 'x' }, { status: 500 })));
    fireEvent.change(input, { target: { files: [new File(['png'], 'owl.png', { type: 'image/png' })] } });
    expect(await within(panel).findByText('owl.png')).toBeInTheDocument();
    await user.click(await within(panel).findByRole('button', { name: 'Remove' }));
    expect(within(panel).queryByText('owl.png')).toBeNull();
    expect(within(panel).queryByText('Not sent')).toBeNull();
    expect(within(panel).getByText('Sent')).toBeInTheDocument();
  });

  it('uploads a picture to the picture route and a video to the video route, and sends each as its type', async () => {
    const api = chatServer();
    server.use(
      http.post('*/api/chat/upload-video', async ({ request }) => {
        api.calls.push({ url: new URL(request.url).pathname, headers: request.headers, body: {} });
        return HttpResponse.json({ path: '/files/chat/clip.mp4' });
      }),
    );
    localStorage.setItem(STORAGE_KEYS.guestId, GUEST_TOKEN);
    const { panel } = await openChat();
    const input = within(panel).getByLabelText('Send a picture or video', { selector: 'input' });
    fireEvent.change(input, { target: { files: [new File(['mp4'], 'clip.mp4', { type: 'video/mp4' })] } });
    await waitFor(() => expect(api.of('/api/chat/send-message')).toHaveLength(1));
    fireEvent.change(input, { target: { files: [new File(['png'], 'cat.png', { type: 'image/png' })] } });
    await waitFor(() => expect(api.of('/api/chat/send-message')).toHaveLength(2));
    expect([api.of('/api/chat/upload-video').length, api.of('/api/chat/upload-image').length]).toEqual([1, 1]);
    const sent = api.of('/api/chat/send-message').map((call) => (call.body.message as { payload: unknown }).payload);
    expect(sent).toMatchObject([
      { fileType: 'video', filePath: '/files/chat/clip.mp4' },
      { fileType: 'image', filePath: '/files/chat/picture.png' },
    ]);
  });

  it('shows the upload progress while uploading', async () => {
    chatServer();
    let release: () => void = () => undefined;
    server.use(
      http.post('*/api/chat/upload-image', async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return HttpResponse.json({ path: '/files/chat/picture.png' });
      }),
    );
    localStorage.setItem(STORAGE_KEYS.guestId, GUEST_TOKEN);
    const { panel } = await openChat();
    const input = within(panel).getByLabelText('Send a picture or video', { selector: 'input' });
    fireEvent.change(input, { target: { files: [new File(['png'], 'cat.png', { type: 'image/png' })] } });
    expect(await within(panel).findByText(/Uploading \d+%/)).toBeInTheDocument();
    expect(within(panel).getByText('cat.png')).toBeInTheDocument();
    release();
    expect(await within(panel).findByText('Sent')).toBeInTheDocument();
  });

  it('queues messages written offline and delivers them once, in order, with the same ids on reconnect', async () => {
    const api = chatServer();
    let failNext = true;
    server.use(
      http.post('*/api/chat/send-message', async ({ request }) => {
        const body = (await request.clone().json()) as Record<string, unknown>;
        if (failNext) {
          failNext = false;
          api.calls.push({ url: '/api/chat/send-message (network error)', headers: request.headers, body });
          return HttpResponse.error();
        }
        api.calls.push({ url: '/api/chat/send-message', headers: request.headers, body });
        return HttpResponse.json({ id: `s-${String(body.clientMessageId)}`, createdAt: '2026-11-23T02:05:00.000Z' });
      }),
    );
    localStorage.setItem(STORAGE_KEYS.guestId, GUEST_TOKEN);
    const { user, panel } = await openChat();
    const socket = fake.sockets[0];
    await user.type(composer(panel), 'first{Enter}');
    await waitFor(() => expect(api.of('/api/chat/send-message (network error)')).toHaveLength(1));
    act(() => socket?.disconnect());
    expect(await within(panel).findByText(/Connecting/)).toBeInTheDocument();
    await user.type(composer(panel), 'second{Enter}');
    await user.type(composer(panel), 'third{Enter}');
    expect(within(panel).getAllByText('Sending…')).toHaveLength(3);
    expect(api.of('/api/chat/send-message')).toEqual([]);

    act(() => socket?.connect());
    await waitFor(() => expect(within(panel).getAllByText('Sent')).toHaveLength(3));
    const sends = api.of('/api/chat/send-message');
    const texts = sends.map((call) => (call.body.message as { payload: { message: string } }).payload.message);
    expect(texts).toEqual(['first', 'second', 'third']);
    const [failed] = api.of('/api/chat/send-message (network error)');
    expect(sends[0]?.body.clientMessageId).toBe(failed?.body.clientMessageId);
    expect(new Set(sends.map((call) => call.body.clientMessageId)).size).toBe(3);
    expect(socket?.joins).toEqual([`chat-${GUEST_ID}`, `chat-${GUEST_ID}`]);
  });

  it('reads the newest page again after a reconnection, showing what came during the gap once', async () => {
    let afterGap = false;
    const missed = conversation({
      id: 'o-gap',
      message: { message_type: 'text', payload: { message: 'Said while away' } },
    });
    const api = chatServer({ history: () => (afterGap ? [missed, conversation()] : [conversation()]) });
    localStorage.setItem(STORAGE_KEYS.guestId, GUEST_TOKEN);
    const { panel } = await openChat();
    const socket = fake.sockets[0];
    expect(await within(panel).findByText('Hello from admin')).toBeInTheDocument();
    act(() => socket?.disconnect());
    afterGap = true;
    act(() => socket?.connect());
    expect(await within(panel).findByText('Said while away')).toBeInTheDocument();
    expect(within(panel).getAllByText('Hello from admin')).toHaveLength(1);
    expect(api.of('/api/chat/history')).toHaveLength(2);
  });

  it('marks a message refused by the server failed with the reason, and it can be sent again', async () => {
    chatServer();
    let refuse = true;
    server.use(
      http.post('*/api/chat/send-message', () => {
        if (!refuse) return HttpResponse.json({ id: 's-1', createdAt: '2026-11-23T02:05:00.000Z' });
        refuse = false;
        return HttpResponse.json({ message: 'REQUEST_LIMIT' }, { status: 429 });
      }),
    );
    localStorage.setItem(STORAGE_KEYS.guestId, GUEST_TOKEN);
    const { user, panel } = await openChat();
    await user.type(composer(panel), 'hello{Enter}');
    expect(await within(panel).findByText('Too many requests. Please try again later.')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Remove' })).toBeNull();
    await user.click(within(panel).getByRole('button', { name: 'Send again' }));
    expect(await within(panel).findByText('Sent')).toBeInTheDocument();
  });

  it('appends live messages once: our own copy by client id, a repeated event by id', async () => {
    const api = chatServer();
    let release: () => void = () => undefined;
    server.use(
      http.post('*/api/chat/send-message', async ({ request }) => {
        const body = (await request.clone().json()) as Record<string, unknown>;
        api.calls.push({ url: '/api/chat/send-message', headers: request.headers, body });
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return HttpResponse.json({ id: 'c-1', createdAt: '2026-11-23T02:05:00.000Z' });
      }),
    );
    localStorage.setItem(STORAGE_KEYS.guestId, GUEST_TOKEN);
    const { user, panel } = await openChat();
    const socket = fake.sockets[0];
    await user.type(composer(panel), 'ping{Enter}');
    await waitFor(() => expect(api.of('/api/chat/send-message')).toHaveLength(1));
    const clientMessageId = api.of('/api/chat/send-message')[0]?.body.clientMessageId;
    const mine = conversation({
      id: 'c-1',
      sender: 'customer',
      message: { message_type: 'text', payload: { message: 'ping' } },
      clientMessageId,
    });
    act(() => socket?.fire('messaging', mine));
    expect(await within(panel).findByText('Sent')).toBeInTheDocument();
    act(() => socket?.fire('messaging', conversation({ id: 'o-1' })));
    act(() => socket?.fire('messaging', conversation({ id: 'o-1' })));
    act(() => socket?.fire('messaging', mine));
    act(() => socket?.fire('messaging', { nonsense: true }));
    release();
    await waitFor(() => expect(within(panel).getAllByText('ping')).toHaveLength(1));
    expect(within(panel).getAllByText('Hello from admin')).toHaveLength(1);
    expect(within(panel).getByText('Support One')).toBeInTheDocument();
  });

  it('renders every message type, and operator links or markup never run script', async () => {
    const types = [
      conversation({
        id: 'a',
        message: { message_type: 'text', payload: { message: '<img src=x onerror="window.hacked=1">\n  indented' } },
      }),
      conversation({
        id: 'b',
        message: {
          message_type: 'buttons',
          payload: {
            message: 'Pick one',
            buttons: [
              { type: 'web', title: 'Our site', payload: 'https://example.test/promo' },
              { type: 'web', title: 'Evil', payload: 'javascript:alert(1)' },
              { type: 'call', title: 'Call us', payload: '+66 81 234 5678' },
              { type: 'postback', title: 'Deposit help', payload: 'HELP_DEPOSIT' },
              { type: 'other', title: 'Just a label', payload: '' },
            ],
          },
        },
      }),
      conversation({
        id: 'c',
        message: {
          message_type: 'media',
          payload: { url: true, fileType: 'video', filePath: 'https://cdn.example.test/a.mp4' },
        },
      }),
      conversation({
        id: 'd',
        message: {
          message_type: 'media',
          payload: { url: false, fileType: 'file', filePath: '/files/chat/terms.pdf' },
        },
      }),
      conversation({
        id: 'e',
        message: { message_type: 'media', payload: { url: true, fileType: 'image', filePath: 'javascript:alert(1)' } },
      }),
      conversation({
        id: 'f',
        message: {
          message_type: 'generic',
          payload: {
            elements: [
              {
                title: 'Welcome bonus',
                subtitle: '100% up to 500',
                image_url: 'https://cdn.example.test/w.png',
                buttons: [{ type: 'web', title: 'Read more', payload: 'https://example.test/w' }],
              },
              { title: 'Cashback', image_url: 'javascript:alert(1)' },
            ],
          },
        },
      }),
      conversation({ id: 'g', message: { message_type: 'future_type', payload: {} } }),
      conversation({ id: 'h', message: { message_type: 'text', payload: {} } }),
      conversation({
        id: 'i',
        sender: 'customer',
        name: null,
        message: { message_type: 'postback', payload: { title: 'Yes please', payload: 'YES' } },
      }),
      conversation({
        id: 'j',
        message: {
          message_type: 'quick_replies',
          payload: {
            message: 'Need help?',
            quick_replies: [
              { title: 'Yes', payload: 'Y' },
              { title: 'No', payload: 'N' },
            ],
          },
        },
      }),
    ].reverse();
    const api = chatServer({ history: (skip) => (skip === 0 ? types : []) });
    localStorage.setItem(STORAGE_KEYS.guestId, GUEST_TOKEN);
    const { user, panel } = await openChat();
    const text = within(panel).getByText(/onerror/);
    expect(text).toHaveClass('whitespace-pre-wrap');
    expect(text.textContent).toBe('<img src=x onerror="window.hacked=1">\n  indented');
    expect(panel.querySelector('img[src="x"]')).toBeNull();
    expect(within(panel).getByRole('link', { name: 'Our site' })).toHaveAttribute('href', 'https://example.test/promo');
    expect(within(panel).getByRole('link', { name: 'Our site' })).toHaveAttribute('target', '_blank');
    expect(within(panel).queryByRole('link', { name: 'Evil' })).toBeNull();
    expect(within(panel).getByText('Evil').closest('a, button')).toBeNull();
    expect(within(panel).getByRole('link', { name: 'Call us' })).toHaveAttribute('href', 'tel:+66812345678');
    expect(within(panel).getByText('Just a label').closest('a, button')).toBeNull();
    expect(panel.querySelector('video[controls]')).toHaveAttribute('src', 'https://cdn.example.test/a.mp4');
    expect(within(panel).getByRole('link', { name: 'Download file' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/files\/chat\/terms\.pdf$/),
    );
    expect(within(panel).getByText('Welcome bonus')).toBeInTheDocument();
    expect(within(panel).getByText('100% up to 500')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Read more' })).toBeInTheDocument();
    expect(panel.querySelector('img[src^="javascript"]')).toBeNull();
    expect(within(panel).getAllByText('This message cannot be shown.')).toHaveLength(3);
    expect(within(panel).getByText('Yes please').closest('[data-message-key]')).toHaveClass('items-end');
    expect(within(panel).getByText('Need help?').closest('[data-message-key]')).toHaveClass('items-start');
    expect(within(panel).getAllByText('Support One').length).toBeGreaterThan(0);

    await user.click(within(panel).getByRole('button', { name: 'Deposit help' }));
    await user.click(within(panel).getByRole('button', { name: 'Yes' }));
    expect(within(panel).queryByRole('button', { name: 'No' })).toBeNull();
    await waitFor(() => expect(api.of('/api/chat/send-message')).toHaveLength(2));
    expect(api.of('/api/chat/send-message').map((call) => call.body.message)).toEqual([
      { message_type: 'postback', payload: { title: 'Deposit help', payload: 'HELP_DEPOSIT' } },
      { message_type: 'postback', payload: { title: 'Yes', payload: 'Y' } },
    ]);
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });

  it('loads the next older page when scrolled to the top', async () => {
    const page = (skip: number) =>
      Array.from({ length: skip < 20 ? 10 : 3 }, (_, index) =>
        conversation({
          id: `h-${skip + index}`,
          message: { message_type: 'text', payload: { message: `Message ${skip + index}` } },
        }),
      );
    const api = chatServer({ history: page });
    localStorage.setItem(STORAGE_KEYS.guestId, GUEST_TOKEN);
    const { panel } = await openChat();
    const list = within(panel).getByTestId('chat-messages');
    // A thread of text alone holds nothing focusable: the region itself takes the keyboard, to scroll it.
    expect(within(panel).getByRole('region', { name: 'Conversation' })).toBe(list);
    expect(list.tabIndex).toBe(0);
    const shown = () =>
      within(panel)
        .getAllByText(/^Message \d+$/)
        .map((element) => element.textContent);
    expect(shown()[0]).toBe('Message 9');
    expect(shown().at(-1)).toBe('Message 0');
    fireEvent.scroll(list);
    await waitFor(() => expect(shown()).toHaveLength(20));
    expect(shown()[0]).toBe('Message 19');
    fireEvent.scroll(list);
    await waitFor(() => expect(shown()).toHaveLength(23));
    fireEvent.scroll(list);
    expect(api.of('/api/chat/history').map((call) => call.body.skip)).toEqual([0, 10, 20]);
  });

  it('counts unread operator messages on the button, and marks them read once, debounced, while open', async () => {
    const api = chatServer({ history: (skip) => (skip === 0 ? [conversation()] : []), unread: 2 });
    localStorage.setItem(STORAGE_KEYS.guestId, GUEST_TOKEN);
    const { user } = renderApp('/contact');
    const button = await screen.findByRole('button', { name: /Open chat/ }, { timeout: 5_000 });
    await waitFor(() => expect(button).toHaveAccessibleName('Open chat, Unread messages: 2'));
    await waitFor(() => expect(fake.sockets[0]?.joins).toHaveLength(1));
    act(() => fake.sockets[0]?.fire('messaging', conversation({ id: 'o-2' })));
    expect(button).toHaveAccessibleName('Open chat, Unread messages: 3');
    expect(api.of('/api/chat/read-customer/')).toEqual([]);

    await user.click(button);
    await waitFor(() => expect(api.of('/api/chat/read-customer/')).toHaveLength(1));
    expect(api.of('/api/chat/read-customer/')[0]?.body).toEqual({ guestId: GUEST_ID });
    for (const id of ['o-3', 'o-4', 'o-5']) act(() => fake.sockets[0]?.fire('messaging', conversation({ id })));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(api.of('/api/chat/read-customer/')).toHaveLength(1);
    await waitFor(() => expect(api.of('/api/chat/read-customer/')).toHaveLength(2), { timeout: 2_000 });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(api.of('/api/chat/read-customer/')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Close chat' }));
    expect(await screen.findByRole('button', { name: 'Open chat' })).toBeInTheDocument();
  });

  it('claims the guest conversation once a member logs in, then chats as the member', async () => {
    const api = chatServer();
    localStorage.setItem(STORAGE_KEYS.guestId, GUEST_TOKEN);
    localStorage.setItem(STORAGE_KEYS.agreement, 'true');
    sessionStorage.setItem(STORAGE_KEYS.token, 'tok-1');
    renderApp('/user/contact');
    await waitFor(() => expect(api.of('/api/chat/history')).toHaveLength(1));
    const [claim] = api.of('/api/chat/claim-guest');
    expect(claim?.headers.get(CHAT_GUEST_HEADER)).toBe(GUEST_TOKEN);
    expect(claim?.headers.get('authorization')).toBe('Bearer tok-1');
    expect(localStorage.getItem(STORAGE_KEYS.guestId)).toBeNull();
    const [history] = api.of('/api/chat/history');
    expect(history?.body).toEqual({ userId: 'AB12CD34', limit: 10, skip: 0 });
    expect(history?.headers.get(CHAT_GUEST_HEADER)).toBeNull();
    expect(history?.headers.get('authorization')).toBe('Bearer tok-1');
    await waitFor(() => expect(fake.sockets[0]?.joins).toEqual(['chat-AB12CD34']));
    expect(fake.sockets[0]?.args[0]).toMatchObject({ auth: { token: 'tok-1' } });
    expect(api.of('/api/chat/guest')).toEqual([]);
  });

  it('opens from the contact screen button', async () => {
    chatServer();
    const { user } = renderApp('/contact');
    await user.click(await screen.findByRole('button', { name: 'Chat with admin now' }));
    expect(await screen.findByRole('dialog', { name: 'Chat with admin' }, { timeout: 5_000 })).toBeInTheDocument();
  });

  it('follows new messages only near the bottom, and keeps the reader in place when older ones load', async () => {
    const page = (skip: number) => Array.from({ length: 10 }, (_, index) => conversation({ id: `h-${skip + index}` }));
    chatServer({ history: page });
    localStorage.setItem(STORAGE_KEYS.guestId, GUEST_TOKEN);
    const { panel } = await openChat();
    const list = within(panel).getByTestId('chat-messages');
    // jsdom lays nothing out: each message is 100 px high here, in a 300 px window.
    Object.defineProperty(list, 'clientHeight', { configurable: true, value: 300 });
    Object.defineProperty(list, 'scrollHeight', {
      configurable: true,
      get: () => list.querySelectorAll('[data-message-key]').length * 100,
    });
    const scrollTo = (top: number) => {
      list.scrollTop = top;
      fireEvent.scroll(list);
    };
    const operator = (id: string) => act(() => fake.sockets[0]?.fire('messaging', conversation({ id })));

    scrollTo(200);
    operator('o-1');
    expect(list.scrollTop).toBe(200);
    scrollTo(1100 - 300 - 60);
    operator('o-2');
    expect(list.scrollTop).toBe(1200);
    scrollTo(1200 - 300 - 61);
    operator('o-3');
    expect(list.scrollTop).toBe(1200 - 300 - 61);

    scrollTo(0);
    await waitFor(() => expect(list.querySelectorAll('[data-message-key]')).toHaveLength(23));
    expect(list.scrollTop).toBe(1000);
  });

  it("keeps the newest message's end in view when a failed send shows its reason below it", async () => {
    chatServer();
    server.use(
      http.post('*/api/chat/send-message', () => HttpResponse.json({ message: 'REQUEST_LIMIT' }, { status: 429 })),
    );
    localStorage.setItem(STORAGE_KEYS.guestId, GUEST_TOKEN);
    const { user, panel } = await openChat();
    const list = within(panel).getByTestId('chat-messages');
    // jsdom lays nothing out: a message is 100 px high, and a failed one's reason and actions add 50 px.
    Object.defineProperty(list, 'clientHeight', { configurable: true, value: 300 });
    Object.defineProperty(list, 'scrollHeight', {
      configurable: true,
      get: () =>
        list.querySelectorAll('[data-message-key]').length * 100 +
        list.querySelectorAll('[data-delivery="failed"]').length * 50,
    });
    for (const line of ['one', 'two', 'three', 'four']) await user.type(composer(panel), `${line}{Enter}`);
    await waitFor(() => expect(list.querySelectorAll('[data-delivery="failed"]')).toHaveLength(4));
    expect(list.scrollTop).toBe(600);
  });

  it('follows a picture that grows the list as it loads, only when the reader was at the end', async () => {
    chatServer();
    localStorage.setItem(STORAGE_KEYS.guestId, GUEST_TOKEN);
    const { panel } = await openChat();
    const list = within(panel).getByTestId('chat-messages');
    // jsdom lays nothing out: a message is 100 px high, and a loaded picture adds 200 px.
    const loaded = new Set<Element>();
    Object.defineProperty(list, 'clientHeight', { configurable: true, value: 300 });
    Object.defineProperty(list, 'scrollHeight', {
      configurable: true,
      get: () => list.querySelectorAll('[data-message-key]').length * 100 + loaded.size * 200,
    });
    const picture = (id: string) =>
      act(() =>
        fake.sockets[0]?.fire(
          'messaging',
          conversation({
            id,
            message: {
              message_type: 'media',
              payload: { url: false, fileType: 'image', filePath: `/files/chat/${id}.png` },
            },
          }),
        ),
      );
    const load = (id: string) => {
      const image = list.querySelector(`img[src$="/files/chat/${id}.png"]`);
      if (!image) throw new Error(`no picture ${id}`);
      loaded.add(image);
      fireEvent.load(image);
    };
    for (const id of ['a', 'b', 'c', 'd']) picture(id);
    expect(list.scrollTop).toBe(400);
    load('d');
    expect(list.scrollTop).toBe(600);
    list.scrollTop = 100;
    fireEvent.scroll(list);
    load('c');
    expect(list.scrollTop).toBe(100);
  });

  it('drops a guest token the server refuses, and starts a new guest when the chat opens', async () => {
    const api = chatServer();
    server.use(
      http.post('*/api/chat/history', ({ request }) =>
        request.headers.get(CHAT_GUEST_HEADER) === GUEST_TOKEN
          ? HttpResponse.json({ message: 'UNAUTHORIZED' }, { status: 403 })
          : HttpResponse.json({ messages: [], unread: 0 }),
      ),
    );
    localStorage.setItem(STORAGE_KEYS.guestId, GUEST_TOKEN);
    const { user } = renderApp('/contact');
    const button = await screen.findByRole('button', { name: /Open chat/ }, { timeout: 5_000 });
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.guestId)).toBeNull());
    expect(api.of('/api/chat/guest')).toEqual([]);
    await user.click(button);
    const panel = await screen.findByRole('dialog', { name: 'Chat with admin' });
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Send' })).toBeEnabled());
    expect(api.of('/api/chat/guest')).toHaveLength(1);
    expect(localStorage.getItem(STORAGE_KEYS.guestId)).toMatch(/\.b{43}$/);
    expect(currentPath()).toBe('/contact');
  });

  it('offers to try again when the chat cannot start', async () => {
    chatServer();
    let fail = true;
    server.use(
      http.get('*/api/chat/config', () => {
        if (!fail) return HttpResponse.json({ prefix: 'chat', socketPath: '/socket.io' });
        fail = false;
        return HttpResponse.error();
      }),
    );
    const { user } = renderApp('/contact');
    await user.click(await screen.findByRole('button', { name: /Open chat/ }, { timeout: 5_000 }));
    const panel = await screen.findByRole('dialog', { name: 'Chat with admin' });
    expect(await within(panel).findByText('The chat could not be opened.')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Send' })).toBeEnabled());
  });
});
