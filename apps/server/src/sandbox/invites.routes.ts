import { inviteListResponse } from '@member-wallet/contract/invite';
import { z } from 'zod/mini';
import type { Router } from '../lib/route.ts';
import type { SandboxPorts } from './ports.ts';

const accrueRequest = z.object({
  /** The inviter's phone number (their username). */
  username: z.string().check(z.minLength(1), z.maxLength(32)),
  /** The instant the accrual runs as if it were: the local days closed by then (plus the grace) accrue. */
  at: z.iso.datetime({ offset: true }),
});

/**
 * SANDBOX ONLY: runs an inviter's accrual (docs/promotions/invite.md) as if the time were `at`.
 * A day accrues only once it has closed, so an end-to-end test that registers an inviter and an invitee and
 * deposits today would otherwise wait for tomorrow; with `at` tomorrow, today's deposits accrue now. The
 * inviter's cursor moves to that day, so nothing accrues twice when the real day closes.
 */
export function sandboxInviteRoutes(route: Router, accrueInvites: SandboxPorts<unknown>['accrueInvites']) {
  route({
    method: 'POST',
    url: '/sandbox/invites/accrue',
    auth: false,
    summary: "Sandbox control: accrue an inviter's invite bonus as if the time were `at` (ISO date-time)",
    tags: ['sandbox'],
    body: accrueRequest,
    response: inviteListResponse,
    handler: ({ body }) => accrueInvites(body.username, new Date(body.at)),
  });
}
