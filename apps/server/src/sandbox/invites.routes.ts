import { inviteListResponse } from '@member-wallet/contract/invite';
import { z } from 'zod/mini';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../lib/errors.ts';
import type { Router } from '../lib/route.ts';
import type { AccountRepository } from '../modules/account/account.repository.ts';
import { createInviteService } from '../modules/invite/invite.module.ts';
import type { SettingsService } from '../modules/settings/settings.service.ts';

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
export function sandboxInviteRoutes(
  route: Router,
  deps: { config: Config; db: Db; settings: SettingsService; members: AccountRepository },
) {
  route({
    method: 'POST',
    url: '/sandbox/invites/accrue',
    auth: false,
    summary: "Sandbox control: accrue an inviter's invite bonus as if the time were `at` (ISO date-time)",
    tags: ['sandbox'],
    body: accrueRequest,
    response: inviteListResponse,
    handler: async ({ body }) => {
      const member = await deps.members.findByPhone(body.username);
      if (!member) throw new AppError('NO_USER', 404);
      const at = new Date(body.at);
      const invites = createInviteService(deps.config, {
        db: deps.db,
        clock: { now: () => at },
        settings: deps.settings,
        members: deps.members,
      });
      // The list accrues first (when the programme is on), as the member's own reading of it does.
      return invites.list(member.id, { page: 1, limit: 50 });
    },
  });
}
