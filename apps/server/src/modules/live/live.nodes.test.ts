import { randomBytes } from 'node:crypto';
import { LIVE_EVENTS, LIVE_NAMESPACE, type WalletEvent } from '@member-wallet/contract/live';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askAdjustment } from '../../../test/adjustments.ts';
import { connectSocket, nextEvent } from '../../../test/chat.ts';
import { createPostgresDatabase, registerMember, startTestApp, type TestApp } from '../../../test/helpers.ts';
import { signedInOperator } from '../../../test/operators.ts';

/**
 * Two server nodes on one database and one Redis (docs/live.md): money credited through node 1 reaches the
 * member's socket on node 2. On PostgreSQL (DATABASE_URL, else the local server), as chat.nodes.test.ts.
 */

const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
let one: TestApp;
let two: TestApp;
const sockets: Socket[] = [];
beforeAll(async () => {
  database = await createPostgresDatabase(ADMIN_URL);
  const env = {
    DATABASE_URL: database.databaseUrl,
    REDIS_URL,
    REDIS_KEY_PREFIX: `mw-test-live-nodes:${randomBytes(6).toString('hex')}:`,
  };
  // One after the other: the first node migrates the shared database.
  one = await startTestApp(env);
  two = await startTestApp(env);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await one?.close();
  await two?.close();
  await database?.drop();
});

describe('two nodes on one Redis', () => {
  it("delivers a credit committed on node 1 to the member's socket on node 2, and to no one else", async () => {
    const member = await registerMember(one);
    const other = await registerMember(one);
    const socket = await connectSocket(two, { token: member.token }, LIVE_NAMESPACE);
    const otherSocket = await connectSocket(two, { token: other.token }, LIVE_NAMESPACE);
    sockets.push(socket, otherSocket);
    const heardByOther: WalletEvent[] = [];
    otherSocket.on(LIVE_EVENTS.wallet, (event: WalletEvent) => heardByOther.push(event));

    const event = nextEvent<WalletEvent>(socket, LIVE_EVENTS.wallet);
    const operator = await signedInOperator(one, 'finance');
    const answer = await askAdjustment(one, operator, member.publicId, { amountMinor: '12345' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await event).toEqual({
      type: 'adjustment',
      status: 'SUCCESS',
      amount: 123.45,
      balance: 123.45,
      currency: 'BAHT',
      reference: expect.any(String),
    });
    expect(heardByOther).toEqual([]);
  });
});
