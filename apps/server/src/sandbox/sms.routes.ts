import { z } from 'zod/mini';
import { InvalidTokenError } from '../lib/errors.ts';
import type { Router } from '../lib/route.ts';
import type { SandboxSmsParty } from './sms.party.ts';

const tags = ['sandbox'];

const sendMessageRequest = z.object({
  to: z.string().check(z.minLength(1), z.maxLength(20)),
  text: z.string().check(z.minLength(1), z.maxLength(1000)),
});
const outboxQuery = z.object({ phone: z.string().check(z.minLength(1), z.maxLength(20)) });
const outboxResponse = z.array(z.object({ phone: z.string(), body: z.string(), createdAt: z.string() }));

/** The sandbox SMS party: stores what it is asked to send, and shows it in an outbox for demos and tests. */
export function sandboxSmsRoutes(route: Router, party: SandboxSmsParty, apiKey: string) {
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
      return party.send(body.to, body.text);
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
    handler: ({ query }) => party.outbox(query.phone),
  });
}
