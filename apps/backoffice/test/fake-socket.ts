import { act } from '@testing-library/react';

/**
 * A stand-in for socket.io-client (mocked in setup.ts): each `io()` call makes a socket that records how it
 * was opened, and a test makes the server speak with `receive`.
 */
export class FakeSocket {
  readonly handlers = new Map<string, (data?: unknown) => void>();
  disconnected = false;

  constructor(
    readonly namespace: string,
    readonly options: { path?: string; auth?: (send: (auth: unknown) => void) => void },
  ) {}

  on(event: string, handler: (data?: unknown) => void): this {
    this.handlers.set(event, handler);
    return this;
  }

  disconnect(): this {
    this.disconnected = true;
    return this;
  }

  /** The server sends `event` with `data`. */
  receive(event: string, data?: unknown): void {
    act(() => this.handlers.get(event)?.(data));
  }

  /** The handshake's auth as the client would send it now. */
  auth(): unknown {
    let sent: unknown;
    this.options.auth?.((auth) => {
      sent = auth;
    });
    return sent;
  }
}

export const sockets: FakeSocket[] = [];

export function io(namespace: string, options: FakeSocket['options']): FakeSocket {
  const socket = new FakeSocket(namespace, options);
  sockets.push(socket);
  return socket;
}

/** The socket opened last and still open. */
export function openSocket(): FakeSocket {
  const socket = sockets.filter((each) => !each.disconnected).at(-1);
  if (!socket) throw new Error('no open socket');
  return socket;
}
