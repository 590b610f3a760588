import { randomBytes } from 'node:crypto';
import { API } from '@member-wallet/contract/api-paths';
import {
  CHAT_EVENTS,
  type ChatConversation,
  type ChatOperatorMessageEvent,
  chatRoom,
} from '@member-wallet/contract/chat';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectOperator,
  connectSocket,
  FILES,
  join,
  newGuest,
  nextEvent,
  sendMessage,
  textMessage,
  upload,
} from '../../../test/chat.ts';
import { createPostgresDatabase, startTestApp, type TestApp } from '../../../test/helpers.ts';
import { signedInOperator } from '../../../test/operators.ts';
import { startS3 } from '../../../test/s3.ts';

/**
 * Two server nodes on one database and one Redis (docs/chat.md, Scaling): an event stored through one node's
 * HTTP reaches sockets connected to the other through the Redis adapter. PGlite cannot be shared by two apps, so
 * this runs on PostgreSQL (DATABASE_URL, else the local server CI and this machine have), in a database of its own.
 */

const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
/** The nodes' uploads: one S3-compatible bucket, no folder shared (docs/operations.md, Shared files). */
let s3: Awaited<ReturnType<typeof startS3>>;
let one: TestApp;
let two: TestApp;
const sockets: Socket[] = [];
beforeAll(async () => {
  database = await createPostgresDatabase(ADMIN_URL);
  s3 = await startS3();
  const env = {
    DATABASE_URL: database.databaseUrl,
    ...s3.env,
    REDIS_URL,
    REDIS_KEY_PREFIX: `mw-test-nodes:${randomBytes(6).toString('hex')}:`,
  };
  // One after the other: the first node migrates the shared database, the second finds it migrated.
  one = await startTestApp(env);
  two = await startTestApp(env);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await one?.close();
  await two?.close();
  await database?.drop();
  await s3?.close();
});

describe('two nodes on one Redis', () => {
  it("delivers a message sent through node 1 to the guest's and an operator's sockets on node 2", async () => {
    const guest = await newGuest(one);
    const customer = await connectSocket(two, { guestToken: guest.guestToken });
    sockets.push(customer);
    expect(await join(customer, chatRoom('chat', guest.guestId))).toEqual({ ok: true });
    const operator = await signedInOperator(two, 'support');
    const inbox = await connectOperator(two, operator.token);
    sockets.push(inbox);

    const messaging = nextEvent<ChatConversation>(customer, CHAT_EVENTS.messaging);
    const operatorMessage = nextEvent<ChatOperatorMessageEvent>(inbox, CHAT_EVENTS.message);
    const sent = await sendMessage(one, guest.headers, textMessage('across nodes'));
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await messaging).toMatchObject({ id: sent.json().id, message: { payload: { message: 'across nodes' } } });
    expect((await operatorMessage).message.id).toBe(sent.json().id);
  });

  it('serves through node 2 a picture and a video uploaded through node 1, in byte ranges too', async () => {
    const guest = await newGuest(one);
    const picture = await upload(one, API.chatUploadImage, guest.headers, [{ bytes: FILES.png, filename: 'a.png' }]);
    expect(picture.statusCode, picture.body).toBe(200);
    const served = await two.api({ method: 'GET', url: picture.json().path });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/png']);
    expect(served.rawPayload.equals(FILES.png)).toBe(true);

    const video = await upload(one, API.chatUploadVideo, guest.headers, [{ bytes: FILES.mp4, filename: 'v.mp4' }]);
    expect(video.statusCode, video.body).toBe(200);
    const part = await two.api({ method: 'GET', url: video.json().path, headers: { range: 'bytes=4-11' } });
    expect([part.statusCode, part.headers['content-range']]).toEqual([206, `bytes 4-11/${FILES.mp4.length}`]);
    expect(part.rawPayload.equals(FILES.mp4.subarray(4, 12))).toBe(true);
  });

  it('reads on node 2 a slip picture node 1 stored, as its slip re-checks do', async () => {
    const name = await one.app.slipStore.save(FILES.jpeg, 'jpg');
    expect((await two.app.slipStore.read(name))?.equals(FILES.jpeg)).toBe(true);
  });
});
