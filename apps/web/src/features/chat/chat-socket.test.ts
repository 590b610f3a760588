import { DELAY_MS } from '@member-wallet/contract/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FakeSocket } from '../../../test/fake-socket.ts';
import { openChatSocket, socketOptions } from './chat-socket.ts';

const fake = vi.hoisted(() => ({ last: null as FakeSocket | null }));

vi.mock('socket.io-client', async () => {
  const { FakeSocket } = await import('../../../test/fake-socket.ts');
  return {
    io: (...args: unknown[]) => {
      fake.last = new FakeSocket(args);
      return fake.last;
    },
  };
});

afterEach(() => {
  vi.useRealTimers();
});

describe('chat socket', () => {
  it('uses Socket.IO defaults on the same origin, and websocket with a 500 ms unlimited reconnect on a chat backend', () => {
    expect(socketOptions('/socket.io', { guestToken: 'g' }, '')).toEqual({
      path: '/socket.io',
      auth: { guestToken: 'g' },
    });
    expect(socketOptions('/socket.io', { token: 't' }, 'wss://chat.example.test')).toEqual({
      path: '/socket.io',
      auth: { token: 't' },
      transports: ['websocket'],
      reconnectionDelay: 500,
      reconnectionDelayMax: 500,
      reconnectionAttempts: Number.POSITIVE_INFINITY,
    });
  });

  it('joins the room on every connection and reconnects when a check finds it down', () => {
    vi.useFakeTimers();
    const handlers = { onOnline: vi.fn(), onOffline: vi.fn(), onMessaging: vi.fn(), onReconnect: vi.fn() };
    const chat = openChatSocket({ prefix: 'chat', socketPath: '/socket.io' }, { token: 't' }, 'U1', handlers);
    const socket = fake.last;
    socket?.connect();
    expect(socket?.joins).toEqual(['chat-U1']);
    expect(handlers.onOnline).toHaveBeenCalledTimes(1);
    expect(handlers.onReconnect).not.toHaveBeenCalled();
    socket?.fire('messaging', { id: 'm' });
    expect(handlers.onMessaging).toHaveBeenCalledWith({ id: 'm' });

    socket?.disconnect();
    expect(handlers.onOffline).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(DELAY_MS.chatSocketCheck - 1);
    expect(socket?.connects).toBe(1);
    vi.advanceTimersByTime(1);
    expect(socket?.connects).toBe(2);
    expect(socket?.joins).toEqual(['chat-U1', 'chat-U1']);
    expect(chat.connected()).toBe(true);
    // The history is read again after the gap, unless Socket.IO replayed the missed events itself.
    expect(handlers.onReconnect).toHaveBeenCalledTimes(1);
    if (socket) socket.recovered = true;
    socket?.disconnect();
    socket?.connect();
    expect(handlers.onReconnect).toHaveBeenCalledTimes(1);

    chat.close();
    expect(chat.connected()).toBe(false);
    vi.advanceTimersByTime(DELAY_MS.chatSocketCheck * 3);
    expect(socket?.connects).toBe(3);
  });
});
