import type { FastifyInstance } from 'fastify';
import type { Core } from '../../core.ts';
import { SecretBox } from '../../lib/secret-box.ts';
import type { GamesModule } from '../games/games.module.ts';
import { walletRoutes } from './wallet.routes.ts';
import { type CoinBalance, type WalletInviteSource, WalletService } from './wallet.service.ts';

/**
 * The member's wallet (docs/wallet.md): the wallet answer (balances, profile, invite figures, coins), the game
 * accounts, the transfers between them and the auto-login links. `games`: the providers and the transfers; `invites`:
 * the invite programme's figures; `coins`: the prize wheel's coins, shown in `profile.coin`.
 */
export function registerWallet(
  _app: FastifyInstance,
  core: Pick<Core, 'clock' | 'config' | 'db' | 'idempotency' | 'ledger' | 'limiter' | 'members' | 'route' | 'settings'>,
  deps: { games: GamesModule; invites: WalletInviteSource; coins: CoinBalance },
): WalletService {
  const { config } = core;
  const wallet = new WalletService({
    db: core.db,
    accounts: core.members,
    ledger: core.ledger,
    repository: deps.games.repository,
    registry: deps.games.registry,
    transfers: deps.games.transfers,
    settings: core.settings,
    secrets: new SecretBox(config.games.credentialKey),
    clock: core.clock,
    invites: deps.invites,
    coins: deps.coins,
  });
  walletRoutes(core.route, {
    wallet,
    idempotency: core.idempotency,
    limiter: core.limiter,
    ratePerMinute: config.rates.moneyPerMinute,
  });
  return wallet;
}
