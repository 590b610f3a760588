import { slipWindowSetting } from '@member-wallet/contract/backoffice/settings';
import { messageResponse } from '@member-wallet/contract/http';
import { z } from 'zod/mini';
import type { Router } from '../lib/route.ts';
import type { SandboxPorts } from './ports.ts';

const siteFlagsRequest = z.object({
  registerOTP: z.optional(z.boolean()),
  terminated: z.optional(z.boolean()),
  enableChatWidget: z.optional(z.boolean()),
});

const autoApproveRequest = z.object({
  currency: z.string().check(z.regex(/^[A-Z]{3,8}$/)),
  /** Minor units; 0 sends every withdrawal of the currency to review. */
  maxMinor: z.int().check(z.minimum(0)),
});

/** Lets demos and end-to-end tests flip site flags; operators get a real back-office later. */
export function sandboxSettingsRoutes(route: Router, settings: SandboxPorts<unknown>['settings']) {
  route({
    method: 'PUT',
    url: '/sandbox/settings',
    auth: false,
    summary: 'Sandbox: set site flags (registerOTP, terminated, enableChatWidget)',
    tags: ['sandbox'],
    body: siteFlagsRequest,
    response: messageResponse,
    handler: async ({ body }) => {
      await settings.setFlags(body);
      return { message: 'OK' };
    },
  });
  route({
    method: 'PUT',
    url: '/sandbox/settings/slipWindow',
    auth: false,
    summary: "Sandbox: set the slips' daily closed window (HH:mm, site time; equal times: never closed)",
    tags: ['sandbox'],
    body: slipWindowSetting,
    response: messageResponse,
    handler: async ({ body }) => {
      await settings.setSlipWindow(body);
      return { message: 'OK' };
    },
  });
  route({
    method: 'PUT',
    url: '/sandbox/settings/withdrawAutoApprove',
    auth: false,
    summary: "Sandbox: set a currency's auto-approve amount for withdrawals (minor units; 0 reviews every one)",
    tags: ['sandbox'],
    body: autoApproveRequest,
    response: messageResponse,
    handler: async ({ body }) => {
      await settings.setWithdrawAutoApproveMax(body.currency, BigInt(body.maxMinor));
      return { message: 'OK' };
    },
  });
}
