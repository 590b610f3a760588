import { randomUUID } from 'node:crypto';
import { z } from 'zod/mini';
import type { Clock } from '../lib/clock.ts';
import { InvalidTokenError } from '../lib/errors.ts';
import type { Router } from '../lib/route.ts';
import type { SandboxDb } from './sandbox.tables.ts';

const tags = ['sandbox'];
const OUTBOX_SIZE = 20;

const sendMessageRequest = z.object({
  to: z.string().check(z.minLength(1), z.maxLength(20)),
  text: z.string().check(z.minLength(1), z.maxLength(1000)),
});
const outboxQuery = z.object({ phone: z.string().check(z.minLength(1), z.maxLength(20)) });
const outboxResponse = z.array(z.object({ phone: z.string(), body: z.string(), createdAt: z.string() }));

/** The sandbox SMS party: stores what it is asked to send, and shows it in an outbox for demos and tests. */
export function sandboxSmsRoutes(route: Router, db: SandboxDb, clock: Clock, apiKey: string) {
  route({
    method: 'POST',
    url: '/sandbox/sms/messages',
    auth: false,
    summary: 'Sandbox SMS party: send a message (bearer: the SMS API key)',
    tags,
    body: sendMessageRequest,
    response: z.object({ messageId: z.string() }),
    handler: async ({ body, request }) => {
      if (request.headers.authorization !== `Bearer ${apiKey}`) throw new InvalidTokenError();
      await db
        .insertInto('sandbox_sms_messages')
        .values({ phone: body.to, body: body.text, created_at: clock.now() })
        .execute();
      return { messageId: randomUUID() };
    },
  });
  route({
    method: 'GET',
    url: '/sandbox/sms/outbox',
    auth: false,
    summary: 'Sandbox SMS party: the latest messages sent to a phone (OTP codes)',
    tags,
    query: outboxQuery,
    response: outboxResponse,
    handler: async ({ query }) => {
      const rows = await db
        .selectFrom('sandbox_sms_messages')
        .select(['phone', 'body', 'created_at'])
        .where('phone', '=', query.phone)
        .orderBy('id', 'desc')
        .limit(OUTBOX_SIZE)
        .execute();
      return rows.map((row) => ({ phone: row.phone, body: row.body, createdAt: row.created_at.toISOString() }));
    },
  });
}
