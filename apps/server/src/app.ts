import type { FastifyInstance } from 'fastify';
import { mountSandbox } from './app.sandbox.ts';
import type { Config } from './config.ts';
import { type AppDeps, createCore } from './core.ts';
import { onceAcrossNodes } from './db/connect.ts';
import { seedDemoData } from './demo/demo-data.ts';
import { registerDocs } from './http/api-docs.ts';
import { createFastify } from './http/fastify.ts';
import { registerPlumbing } from './http/plumbing.ts';
import { createRealtime } from './http/realtime.ts';
import { registerStatic } from './http/static.ts';
import { registerAccount } from './modules/account/account.module.ts';
import { registerAdjustments } from './modules/adjustment/adjustment.module.ts';
import { registerAuth } from './modules/auth/auth.module.ts';
import { registerBankFeed } from './modules/bank-feed/bank-feed.module.ts';
import { registerBonuses } from './modules/bonus/bonus.module.ts';
import { registerChat } from './modules/chat/chat.module.ts';
import { registerDashboard } from './modules/dashboard/dashboard.module.ts';
import { registerDepositChannels } from './modules/deposit-channels/deposit-channels.module.ts';
import { registerDeposits } from './modules/deposits/deposits.module.ts';
import { registerGames } from './modules/games/games.module.ts';
import { registerInvites } from './modules/invite/invite.module.ts';
import { registerLive } from './modules/live/live.module.ts';
import { registerLookup } from './modules/lookup/lookup.module.ts';
import { registerMembers } from './modules/members/members.module.ts';
import { registerMetrics } from './modules/metrics/metrics.module.ts';
import { registerOperators } from './modules/operator/operator.module.ts';
import { registerOtp } from './modules/otp/otp.module.ts';
import { registerPeople } from './modules/person/person.module.ts';
import { registerPromotions } from './modules/promotions/promotions.module.ts';
import { registerPush } from './modules/push/push.module.ts';
import { registerQrPayments } from './modules/qr/qr.module.ts';
import { registerRefunds } from './modules/refund/refund.module.ts';
import { registerSaferPlay } from './modules/safer-play/safer-play.module.ts';
import { registerSettings } from './modules/settings/settings.module.ts';
import { registerSlips } from './modules/slip/slip.module.ts';
import { registerSpinWheel } from './modules/spin/spin.module.ts';
import { registerStatement } from './modules/statement/statement.module.ts';
import { registerStatementImports } from './modules/statement-import/statement-import.module.ts';
import { registerSuspense } from './modules/suspense/suspense.module.ts';
import { registerTruelinks } from './modules/truelink/truelink.module.ts';
import { registerUploads } from './modules/uploads/uploads.module.ts';
import { registerWallet } from './modules/wallet/wallet.module.ts';
import { registerWithdrawals } from './modules/withdraw/withdraw.module.ts';

export type { AppDeps } from './core.ts';
export { ownBaseUrl } from './core.ts';

/**
 * The server (docs/architecture.md): the Core built once, then every module in turn, each a
 * `register<Name>(app, core, deps?)` whose third argument names what it needs of modules before it.
 */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = createFastify(config, deps.logStream);
  const built = await createCore(app, config, deps);
  // Nodes started together register one at a time: each module's start-up rows are made once.
  await onceAcrossNodes(built.core.db, () => registerModules(app, config, deps, built));
  return app;
}

async function registerModules(
  app: FastifyInstance,
  config: Config,
  deps: AppDeps,
  { core, auth, operators }: Awaited<ReturnType<typeof createCore>>,
): Promise<void> {
  const sandboxActive = () => core.sandboxAdapters.active();
  // First, so its timing hook sees every route.
  registerMetrics(app, core, { sandboxActive });
  registerPlumbing(app, config, core.settings, core.db, sandboxActive);
  if (config.server.apiDocs) await registerDocs(app);

  // Operators, their sessions, roles and audit log (docs/backoffice/README.md).
  registerOperators(app, core, { operators: operators.service, endpoints: operators.endpoints });
  // Bonuses first: withdrawals, the wheel, refunds and adjustments obey a running bonus (docs/promotions/).
  const bonuses = await registerBonuses(app, core);
  const withdrawals = await registerWithdrawals(app, core, { bonus: bonuses.service });
  // Members: reference data, one-time codes, registration and profile, sessions, statement (docs/accounts.md).
  const lookup = registerLookup(app, core, { withdrawals });
  const otp = registerOtp(app, core, { sms: deps.smsSender });
  const accounts = registerAccount(app, core, { otp, lookup });
  registerAuth(app, core, { auth });
  registerPeople(app, core);
  registerStatement(app, core);
  // Web Push (docs/app.md): what a member hears while the app is closed, from the ledger's committed changes.
  const push = await registerPush(app, core, { send: deps.pushSender });
  // Money in (docs/deposits/): channels, bank-transfer matching (what the others record their transfers in),
  // TrueMoney, QR, slips.
  const channels = registerDepositChannels(app, core);
  const bankFeed = registerBankFeed(app, core);
  const { transfers } = bankFeed;
  registerTruelinks(app, core, { transfers });
  await registerQrPayments(app, core, { channels, transfers });
  const uploads = registerUploads(app, core);
  const slips = await registerSlips(app, core, { uploads, verifier: deps.slipVerifier, channels, transfers });
  // Promotions the wallet answer reads (docs/promotions/): invites, then the wheel's coins.
  const invites = registerInvites(app, core, { accounts });
  const spin = registerSpinWheel(app, core, { bonusGate: bonuses.service, rewards: bonuses.service });
  // Game providers and the member's wallet of game accounts (docs/wallet.md).
  const games = await registerGames(app, core, { bonusDebts: bonuses.debts });
  const wallet = registerWallet(app, core, { games, invites, coins: spin });
  // Safer play (docs/safer-play.md): a block brings game balances back; loss limits read the providers' records.
  registerSaferPlay(app, core, { wallet, games });
  registerRefunds(app, core, { games, bonuses: bonuses.service });
  // The back-office's screens over the modules above (docs/backoffice/).
  registerMembers(app, core);
  registerDashboard(app, core);
  registerSettings(app, core);
  registerPromotions(app, core, { uploads });
  registerAdjustments(app, core, { rewards: bonuses.service });
  registerSuspense(app, core, { withdrawals, slips });
  // Statement files operators upload: each credit line recorded as the bank feed's matcher records a transfer.
  registerStatementImports(app, core, { recorder: bankFeed.matcher });
  // The app's Socket.IO server (http/realtime.ts): the chat's namespaces and live money plug into it.
  const realtime = createRealtime(app, { redisUrl: config.redis.url, redisKeyPrefix: config.redis.keyPrefix });
  await registerChat(app, core, {
    authenticate: (authorization) => auth.authenticate(authorization),
    operators: operators.service,
    uploads,
    push,
    realtime,
  });
  // Live money: each committed change of a member's money, to their apps.
  registerLive(app, core, { io: realtime.io, authenticate: (authorization) => auth.authenticate(authorization) });
  const deposits = registerDeposits(app, core);
  // SANDBOX only: the sandbox parties and controls, through their one door (src/sandbox/, docs/parties/).
  if (config.sandbox) await mountSandbox(app, core, { operators: operators.service, deposits, games, spin, channels });
  await registerStatic(app, config);

  if (config.demo && (await seedDemoData(config, accounts, core.members))) app.log.info('demo data created');
}
