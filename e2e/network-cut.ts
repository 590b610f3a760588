import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP relay between the browser and a server whose link can be cut and restored, to test what a phone sees
 * when its network drops. Playwright's offline mode does not close open WebSockets (microsoft/playwright#4910),
 * so the cut is made here: every open connection is destroyed and new ones are refused until `restore()`.
 */
export interface NetworkCut {
  url: string;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function relayTo(target: string): Promise<NetworkCut> {
  const { hostname, port } = new URL(target);
  const open = new Set<Socket>();
  let down = false;
  const server: Server = createServer((incoming) => {
    if (down) {
      incoming.destroy();
      return;
    }
    const outgoing = connect(Number(port), hostname);
    for (const socket of [incoming, outgoing]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => {
        incoming.destroy();
        outgoing.destroy();
      });
    }
    incoming.pipe(outgoing);
    outgoing.pipe(incoming);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('relay has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    cut() {
      down = true;
      for (const socket of open) socket.destroy();
    },
    restore() {
      down = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
