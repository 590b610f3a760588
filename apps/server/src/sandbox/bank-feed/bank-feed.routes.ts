import { amountField, toMinor } from '@member-wallet/contract/money';
import { z } from 'zod/mini';
import { BANK_FEED_SIGNATURE_HEADERS } from '../../adapters/bank-feed/http.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Router } from '../../lib/route.ts';
import { checkSignedRequest } from '../signed-request.ts';
import {
  SANDBOX_BANK_FEED_FAULTS,
  SANDBOX_BANK_FEED_PAGE_SIZE_MAX,
  type SandboxBankFeedParty,
} from './bank-feed.party.ts';

const tags = ['sandbox'];

const injectRequest = z.object({
  fromBankCode: z.string().check(z.regex(/^[A-Z0-9_]{1,20}$/)),
  fromAccountNo: z.string().check(z.regex(/^[0-9-]{1,40}$/)),
  /** The sender's name as their bank holds it (`นาย สมชาย ใจดี`, `MR. SOMCHAI JAIDEE`): the sandbox SlipOK shows it. */
  fromAccountName: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))),
  /** Major units (baht), more than 0, at most 2 decimals. */
  amount: amountField,
  reference: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_.:-]{1,100}$/))),
  transferredAt: z.optional(z.iso.datetime({ offset: true })),
  toAccountNo: z.optional(z.string().check(z.regex(/^[0-9-]{1,40}$/))),
  currency: z.optional(z.string().check(z.regex(/^[A-Z]{3,8}$/))),
});
const listQuery = z.object({
  after: z.optional(z.string().check(z.regex(/^\d{1,18}$/))),
  limit: z.optional(z.string().check(z.regex(/^\d{1,4}$/))),
});
const feedTransfer = z.object({
  reference: z.string(),
  operatorAccountNo: z.string(),
  senderBankCode: z.string(),
  senderAccountNo: z.string(),
  amountMinor: z.string(),
  currency: z.string(),
  transferredAt: z.string(),
});
const faultBody = z.object({ fault: z.enum(SANDBOX_BANK_FEED_FAULTS) });

/**
 * SANDBOX ONLY: the fake bank feed's HTTP API (docs/parties/bank-feed.md). The listing is what a real feed serves,
 * signed with the shared secret; injecting a transfer and setting a fault are unsigned controls for demos and
 * tests, as every sandbox control is.
 */
export function sandboxBankFeedRoutes(
  route: Router,
  deps: { party: SandboxBankFeedParty; secret: string; clock: Clock },
) {
  const { party, secret, clock } = deps;
  route({
    method: 'POST',
    url: '/sandbox/bank/transfers',
    auth: false,
    summary: 'Sandbox bank feed: a transfer arrives in an operator account (the same reference again re-delivers it)',
    tags,
    body: injectRequest,
    response: z.object({ reference: z.string() }),
    handler: ({ body }) =>
      party.inject({
        reference: body.reference,
        operatorAccountNo: body.toAccountNo,
        senderBankCode: body.fromBankCode,
        senderAccountNo: body.fromAccountNo,
        senderAccountName: body.fromAccountName,
        amountMinor: toMinor(body.amount),
        currency: body.currency ?? 'BAHT',
        transferredAt: body.transferredAt === undefined ? undefined : new Date(body.transferredAt),
      }),
  });
  route({
    method: 'GET',
    url: '/sandbox/bank/transfers',
    auth: false,
    summary: 'Sandbox bank feed: transfers after a cursor, oldest first (signed)',
    tags,
    query: listQuery,
    response: z.object({ transfers: z.array(feedTransfer), nextCursor: z.string() }),
    handler: async ({ request, reply, query }) => {
      checkSignedRequest(BANK_FEED_SIGNATURE_HEADERS, secret, clock, request);
      if ((await party.fault()) === 'unavailable') return reply.code(503).send({ message: 'INTERNAL_SERVER_ERROR' });
      const limit = Math.min(Number(query.limit ?? 100), SANDBOX_BANK_FEED_PAGE_SIZE_MAX);
      return party.page(BigInt(query.after ?? '0'), Math.max(limit, 1));
    },
  });
  route({
    method: 'PUT',
    url: '/sandbox/bank/settings',
    auth: false,
    summary: 'Sandbox bank feed: fault "unavailable" answers every listing 503; "none" is normal service',
    tags,
    body: faultBody,
    response: faultBody,
    handler: ({ body }) => party.setFault(body.fault),
  });
}
