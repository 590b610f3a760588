import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  actorOf,
  type OperatorContext,
  OperatorError,
  type OperatorService,
} from './core/operator/operator.service.ts';
import { SLIP_WINDOW_KEY } from './core/settings/settings.service.ts';
import type { Core } from './core.ts';
import { AppError } from './lib/errors.ts';
import type { DepositChannelsRepository } from './modules/deposit-channels/deposit-channels.module.ts';
import type { DepositsBackofficeRepository } from './modules/deposits/deposits.module.ts';
import type { GamesModule } from './modules/games/games.module.ts';
import { createInviteService } from './modules/invite/invite.module.ts';
import type { SpinService } from './modules/spin/spin.module.ts';
import { registerSandbox } from './sandbox/sandbox.plugin.ts';

/** What of the modules the sandbox's controls drive. */
export interface SandboxModules {
  operators: OperatorService;
  deposits: DepositsBackofficeRepository;
  games: GamesModule;
  spin: SpinService;
  channels: DepositChannelsRepository;
}

/**
 * The app's side of the sandbox's one door: the small interfaces the sandbox gets (src/sandbox/ports.ts), built
 * from the modules, so the sandbox imports none of them. Registered only when SANDBOX is on.
 */
export async function mountSandbox(app: FastifyInstance, core: Core, modules: SandboxModules): Promise<void> {
  const { config, db, clock, settings, members } = core;
  await registerSandbox<OperatorContext>(app, {
    config,
    db,
    clock,
    log: app.log,
    route: core.route,
    settings: {
      global: (key) => settings.global(key),
      setGlobal: (key, value) => settings.setGlobal(key, value),
      setFlags: (flags) => settings.setFlags(flags),
      setSlipWindow: (window) => settings.setGlobal(SLIP_WINDOW_KEY, window),
      setWithdrawAutoApproveMax: (currency, maxMinor) => settings.setWithdrawAutoApproveMax(currency, maxMinor),
    },
    createOperator: async (input) => {
      try {
        const created = await modules.operators.create({ operatorId: null, username: 'system' }, input);
        return {
          id: String(created.id),
          username: created.username,
          role: created.role,
          totpSecret: created.totpSecret,
        };
      } catch (error) {
        if (!(error instanceof OperatorError)) throw error;
        if (error.code) throw new AppError(error.code, { password: error.code });
        throw new AppError('KEY_INVALID', { username: 'KEY_INVALID' });
      }
    },
    // The list accrues first (when the programme is on), as the member's own reading of it does; with the clock
    // at `at`, the local days closed by then accrue now (docs/promotions/invite.md).
    accrueInvites: async (phone, at) => {
      const member = await members.findByPhone(phone);
      if (!member) throw new AppError('NO_USER');
      const invites = createInviteService(config, {
        db,
        clock: { now: () => at },
        settings,
        members,
        ledger: core.ledger,
      });
      return invites.list(member.id, { page: 1, limit: 50 });
    },
    ensureDepositChannels: (channels, wallets) => modules.channels.ensure(channels, wallets),
    grantCoins: async (phone, coins) => {
      const member = await members.findByPhone(phone);
      if (!member) throw new AppError('NO_USER');
      return modules.spin.grantCoins(member.id, `sandbox:${randomUUID()}`, coins);
    },
    reconcileTransfers: () => modules.games.reconciler.reconcile({ minAgeMs: 0 }),
    backoffice: {
      route: core.backoffice.route,
      audit: (executor, auth, ip, entry) =>
        core.backoffice.audit.record(executor, { ...entry, actor: actorOf(auth), ip }, clock.now()),
      findQr: async (id) => {
        const qr = await modules.deposits.findQr(id);
        return qr && { qrcodeId: qr.qrcode_id, gateway: qr.gateway, status: qr.status, amountMinor: qr.amount_minor };
      },
    },
  });
}
