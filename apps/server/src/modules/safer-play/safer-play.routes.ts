import { API } from '@member-wallet/contract/api-paths';
import {
  activityResponse,
  blockResponse,
  limitsRequest,
  limitsResponse,
  realityCheckRequest,
  selfExclusionRequest,
  statusResponse,
  timeoutRequest,
} from '@member-wallet/contract/safer-play';
import { z } from 'zod/mini';
import type { Router } from '../../lib/route.ts';
import type { SaferPlayService } from './safer-play.service.ts';

const tags = ['safer play'];
const BLOCKED = 'TIMED_OUT or SELF_EXCLUDED 403 while a block is in force';

/** Safer play's routes (docs/safer-play.md); the paths are fixed by issue 23. */
export function saferPlayRoutes(route: Router, service: SaferPlayService) {
  route({
    method: 'GET',
    url: API.rgLimits,
    auth: true,
    summary: 'The deposit and loss limits in force, what each period has used, and changes waiting to apply',
    tags,
    response: limitsResponse,
    handler: ({ auth }) => service.limits(auth),
  });
  route({
    method: 'PUT',
    url: API.rgLimits,
    auth: true,
    summary:
      'Set the limits (null removes one): lower ones apply at once, raises and removals after 24 hours ' +
      '(message LIMIT_COOLING_OFF); KEY_INVALID on a longer period below a shorter one',
    tags,
    body: limitsRequest,
    response: limitsResponse,
    handler: ({ auth, body }) => service.setLimits(auth, body),
  });
  route({
    method: 'PUT',
    url: API.rgRealityCheck,
    auth: true,
    summary: 'The reality check every 30, 60 or 120 minutes of a session; null or 0 turns it off',
    tags,
    body: realityCheckRequest,
    response: z.object({ message: z.literal('SUCCESS'), minutes: z.nullable(z.number()) }),
    handler: ({ auth, body }) => service.setRealityCheck(auth, body.minutes),
  });
  route({
    method: 'POST',
    url: API.rgTimeout,
    auth: true,
    summary: `A time-out of 1, 7 or 30 days: every session ends at once, game balances come back (${BLOCKED})`,
    tags,
    body: timeoutRequest,
    response: blockResponse,
    handler: ({ auth, body }) => service.block(auth, 'timeout', body.days),
  });
  route({
    method: 'POST',
    url: API.rgSelfExclusion,
    auth: true,
    summary: `Self-exclusion for 6, 12 or 60 months, or 0 for good: as a time-out, and longer (${BLOCKED})`,
    tags,
    body: selfExclusionRequest,
    response: blockResponse,
    handler: ({ auth, body }) => service.block(auth, 'self_exclusion', body.months),
  });
  route({
    method: 'GET',
    url: API.rgActivity,
    auth: true,
    limited: true,
    summary: 'Deposits, withdrawals, net result and time logged in, per month for the last 12 months',
    tags,
    response: activityResponse,
    handler: ({ auth }) => service.activity(auth),
  });
  route({
    method: 'GET',
    url: API.rgStatus,
    auth: true,
    limited: true,
    summary: "The reality check's interval, the block in force, and the session's start and net result",
    tags,
    response: statusResponse,
    handler: ({ auth }) => service.status(auth),
  });
  route({
    method: 'POST',
    url: API.rgReopen,
    auth: true,
    limited: true,
    summary:
      'After a block has ended: reopen the account 24 hours from now (NO_DATA 404 with no block; the code of a block still running)',
    tags,
    response: blockResponse,
    handler: ({ auth }) => service.reopen(auth),
  });
}
