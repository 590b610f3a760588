import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod/mini';
import { sandboxPaymentSecret } from '../adapters/payments/sandbox.ts';
import { parseFaultsSetting } from '../config.ts';
import { SandboxBankFeedParty } from './bank-feed/bank-feed.party.ts';
import { sandboxBankFeedRoutes } from './bank-feed/bank-feed.routes.ts';
import { SANDBOX_DEPOSIT_CHANNELS, SANDBOX_DEPOSIT_WALLETS } from './deposit-channels.ts';
import { FaultBoard } from './games/faults.ts';
import { releaseHeldCalls, sandboxGamesPlugin } from './games/games.routes.ts';
import { SandboxGameStore } from './games/store.ts';
import { sandboxInviteRoutes } from './invites.routes.ts';
import { migrateSandbox } from './migrations/index.ts';
import { sandboxOperatorRoutes } from './operators.routes.ts';
import { SandboxPaymentGateways } from './payments/payments.party.ts';
import { sandboxPaymentRoutes } from './payments/payments.routes.ts';
import { SandboxPayoutParty } from './payout.party.ts';
import { sandboxPayoutRoutes } from './payout.routes.ts';
import type { SandboxPorts } from './ports.ts';
import { sandboxBackofficeRoutes } from './sandbox.backoffice.routes.ts';
import { SandboxControls } from './sandbox.controls.ts';
import type { SandboxDb, SandboxTables } from './sandbox.tables.ts';
import type { SandboxParties } from './sandbox-parties.ts';
import { sandboxSettingsRoutes } from './settings.routes.ts';
import { SandboxOneProofParty } from './slip-verifier/oneproof.party.ts';
import { sandboxOneProofRoutes } from './slip-verifier/oneproof.routes.ts';
import { SandboxSlipVerifierParty } from './slip-verifier/slip-verifier.party.ts';
import { sandboxSlipVerifierRoutes } from './slip-verifier/slip-verifier.routes.ts';
import { SandboxSmsParty } from './sms.party.ts';
import { sandboxSmsRoutes } from './sms.routes.ts';
import { SandboxVoucherParty } from './voucher/voucher.party.ts';
import { sandboxVoucherRoutes } from './voucher/voucher.routes.ts';

const sandboxCoinsRequest = z.object({ username: z.string(), coins: z.int().check(z.minimum(1), z.maximum(1000)) });
const sandboxCoinsResponse = z.object({ userCoin: z.int() });

const reconcileReport = z.object({
  examined: z.number(),
  completed: z.number(),
  failed: z.number(),
  stillOpen: z.number(),
});

/**
 * SANDBOX ONLY: the one door of the sandbox (docs/architecture.md). app.ts registers it when SANDBOX is on, and
 * only then; it creates its own tables, mounts every sandbox party under `/sandbox` (SMS, game provider, payout,
 * QR gateways, TrueMoney, slip verifier (a SlipOK), bank feed) with its controls, adds the sandbox's deposit channels, and
 * the back-office's sandbox controls. The app's adapters reach these parties over real HTTP, as the real ones.
 * A party whose secret is not configured is not mounted.
 */
export async function registerSandbox<Auth>(app: FastifyInstance, ports: SandboxPorts<Auth>): Promise<void> {
  const { config, clock, route } = ports;
  await migrateSandbox(ports.db as Kysely<unknown>);
  const db: SandboxDb = ports.db.withTables<SandboxTables>();
  app.decorate('sandboxDb', db);
  await ports.ensureDepositChannels(SANDBOX_DEPOSIT_CHANNELS, SANDBOX_DEPOSIT_WALLETS);
  const parties: SandboxParties = {};
  app.decorate('sandboxParties', parties);

  sandboxSmsRoutes(route, new SandboxSmsParty({ db, clock }), config.sms.apiKey ?? '');
  sandboxSettingsRoutes(route, ports.settings);
  sandboxOperatorRoutes(route, ports.createOperator);
  sandboxInviteRoutes(route, ports.accrueInvites);
  route({
    method: 'POST',
    url: '/sandbox/spinwheel/coins',
    auth: false,
    summary: 'Sandbox: grant coins to a member (by phone number) for the prize wheel',
    tags: ['sandbox'],
    body: sandboxCoinsRequest,
    response: sandboxCoinsResponse,
    handler: async ({ body }) => ({ userCoin: await ports.grantCoins(body.username, body.coins) }),
  });

  const initialFaults = parseFaultsSetting(config.games.sandboxFaults);
  const gameFaults = new FaultBoard(typeof initialFaults === 'string' ? {} : initialFaults);
  parties.gameFaults = gameFaults;
  const store = new SandboxGameStore(db, clock);
  await app.register(sandboxGamesPlugin, { store, secret: config.games.sandboxSecret, faults: gameFaults });
  app.addHook('preClose', async () => releaseHeldCalls());
  route({
    method: 'POST',
    url: '/sandbox/games/reconcile',
    auth: false,
    summary: 'Sandbox: run the transfer reconciler now, over every open transfer',
    tags: ['sandbox'],
    response: reconcileReport,
    handler: () => ports.reconcileTransfers(),
  });

  const payments = new SandboxPaymentGateways({ db, clock, secretOf: sandboxPaymentSecret, logger: ports.log });
  parties.payments = payments;
  // onClose hooks run last-added first: the parties' end before the database closes.
  app.addHook('onClose', () => payments.close());
  await sandboxPaymentRoutes(app, { party: payments, secretOf: sandboxPaymentSecret, clock });

  if (config.payout.secret) await mountPayout(app, ports, db, parties, config.payout.secret);
  if (config.truemoney.voucherSecret) {
    const voucher = new SandboxVoucherParty({ db, clock });
    parties.voucher = voucher;
    await sandboxVoucherRoutes(app, { party: voucher, secret: config.truemoney.voucherSecret, clock });
  }
  // The sandbox SlipOK (its key and branch are the sandbox's own, public): what SLIP_VERIFIER=sandbox asks.
  const slipVerifier = new SandboxSlipVerifierParty({ db, settings: ports.settings });
  parties.slipVerifier = slipVerifier;
  sandboxSlipVerifierRoutes(app, route, slipVerifier);
  // BCEL OneProof slips: no real party exists to configure (BCEL publishes no API), so it is always mounted.
  await sandboxOneProofRoutes(app, { party: new SandboxOneProofParty({ db }), clock });
  if (config.bankFeed.secret) {
    const bankFeed = new SandboxBankFeedParty({ db, clock, settings: ports.settings });
    parties.bankFeed = bankFeed;
    sandboxBankFeedRoutes(route, { party: bankFeed, secret: config.bankFeed.secret, clock });
  }
  sandboxBackofficeRoutes(ports.backoffice.route, new SandboxControls({ ports, parties, gameFaults }));
}

async function mountPayout<Auth>(
  app: FastifyInstance,
  ports: SandboxPorts<Auth>,
  db: SandboxDb,
  parties: SandboxParties,
  secret: string,
) {
  const { config, clock } = ports;
  const payout = new SandboxPayoutParty({
    db,
    clock,
    settings: ports.settings,
    defaults: {
      delayMs: config.payout.sandboxDelayMs,
      failRate: config.payout.sandboxFailPercent / 100,
      failReason: 'BANK_REJECTED',
      webhooks: true,
      fault: 'none',
    },
    secret,
    logger: ports.log,
  });
  parties.payout = payout;
  app.addHook('onClose', () => payout.close());
  await sandboxPayoutRoutes(app, { party: payout, secret, clock });
}
