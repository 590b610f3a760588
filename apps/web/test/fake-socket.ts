/**
 * A stand-in for socket.io-client's socket, as far as the chat uses it: the test plays the server (connects,
 * drops, fires events) and reads what the client did (rooms joined, connection attempts). A test mocks
 * `socket.io-client` with a factory that imports this module and hands out FakeSockets.
 */
export class FakeSocket {
  connected = false;
  /** Whether Socket.IO restored the missed events on this connection (connection state recovery). */
  recovered = false;
  readonly joins: unknown[] = [];
  connects = 0;
  readonly #handlers = new Map<string, ((...args: unknown[]) => void)[]>();

  /** The arguments `io()` was called with: the URL and options, or the options alone. */
  constructor(readonly args: unknown[]) {}

  on(event: string, handler: (...args: unknown[]) => void) {
    this.#handlers.set(event, [...(this.#handlers.get(event) ?? []), handler]);
    return this;
  }

  off() {
    this.#handlers.clear();
    return this;
  }

  /** The client's `join` is recorded and acknowledged as the server does for the caller's own room. */
  emit(event: string, data: unknown, ack?: (answer: unknown) => void) {
    if (event === 'join') {
      this.joins.push(data);
      ack?.({ ok: true });
    }
    return this;
  }

  /** The server sends `event` (or the connection changes): every handler of it runs. */
  fire(event: string, ...args: unknown[]) {
    for (const handler of this.#handlers.get(event) ?? []) handler(...args);
  }

  connect() {
    this.connects += 1;
    this.connected = true;
    this.fire('connect');
    return this;
  }

  disconnect() {
    this.connected = false;
    this.fire('disconnect');
    return this;
  }
}

/**
 * The `socket.io-client` module a test mocks it with: each `io()` makes a FakeSocket, kept in `sockets`, that
 * connects at once; the test plays the server from there.
 */
export function fakeSocketIo(sockets: FakeSocket[]) {
  return {
    io: (...args: unknown[]) => {
      const socket = new FakeSocket(args);
      sockets.push(socket);
      queueMicrotask(() => socket.connect());
      return socket;
    },
  };
}
