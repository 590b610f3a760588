import { API, API_ROUTES } from '@member-wallet/contract/api-paths';
import { toMinor } from '@member-wallet/contract/money';
import {
  AUTO_LOGIN,
  addRequest,
  autoLoginResponse,
  moneyActionResponse,
  slotAccountResponse,
  transferAllRequest,
  transferRequest,
  WALLET_CODE,
  walletResponse,
} from '@member-wallet/contract/wallet';
import type { FastifyRequest } from 'fastify';
import type { IdempotencyService } from '../../core/ledger/idempotency.service.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { type RateLimiter, takeHits } from '../../lib/rate-limiter.ts';
import type { AuthContext, Router } from '../../lib/route.ts';
import type { WalletService } from './wallet.service.ts';

const tags = ['wallet'];
/** Money actions per member and minute (decision 0004): far above a person's pace, well below a script's. */
const PARAM_LENGTH_MAX = 64;

export interface WalletRoutesDeps {
  wallet: WalletService;
  idempotency: IdempotencyService;
  limiter: RateLimiter;
  /** Money actions a member may take in a minute (`MONEY_RATE_PER_MINUTE`). */
  ratePerMinute: number;
}

function param(request: FastifyRequest, name: string): string {
  const value = (request.params as Record<string, unknown>)[name];
  if (typeof value !== 'string' || value === '' || value.length > PARAM_LENGTH_MAX) {
    throw new AppError('KEY_INVALID', { [name]: 'KEY_INVALID' });
  }
  return value;
}

export function walletRoutes(route: Router, deps: WalletRoutesDeps) {
  const { wallet, idempotency, limiter, ratePerMinute } = deps;
  const limit = (auth: AuthContext) =>
    takeHits(limiter, [
      { key: `money:${auth.memberId}`, max: ratePerMinute, windowMs: MINUTE_MS, code: 'REQUEST_LIMIT_1MIN' },
    ]);
  /** Every money route: the member's rate limit first, then the Idempotency-Key (required). */
  const money = async <T>(request: FastifyRequest, auth: AuthContext, work: (key: string) => Promise<T>) => {
    await limit(auth);
    return idempotency.withIdempotency(request, auth.memberId, (key) => work(key ?? ''), { required: true });
  };
  route({
    method: 'GET',
    url: API.wallet,
    auth: true,
    limited: true,
    summary: 'The wallet, profile, invite figures and game accounts (last known balances)',
    tags,
    response: walletResponse,
    handler: ({ auth }) => wallet.view(auth.memberId),
  });
  slotRoutes(route, wallet, limit);
  moneyRoutes(route, wallet, money);
  autoLoginRoutes(route, wallet);
}

type Money = <T>(request: FastifyRequest, auth: AuthContext, work: (key: string) => Promise<T>) => Promise<T>;

/** The member's game accounts: live balances, opening one, its login, a new password (rate-limited as money). */
function slotRoutes(route: Router, wallet: WalletService, limit: (auth: AuthContext) => Promise<void>) {
  route({
    method: 'GET',
    url: API.walletRefreshSlots,
    auth: true,
    summary: "The wallet with every game account's live balance from its provider",
    tags,
    response: walletResponse,
    handler: async ({ auth }) => {
      await limit(auth);
      return wallet.refreshSlots(auth.memberId);
    },
  });
  route({
    method: 'GET',
    url: API_ROUTES.walletActivate,
    auth: true,
    summary: 'Open a game account at a provider',
    tags,
    response: slotAccountResponse,
    handler: async ({ auth, request }) => {
      await limit(auth);
      return wallet.activate(auth.memberId, param(request, 'slotCode'));
    },
  });
  route({
    method: 'GET',
    url: API_ROUTES.walletAccount,
    auth: true,
    summary: "The member's game login (username, password)",
    tags,
    response: slotAccountResponse,
    handler: ({ auth, request }) => wallet.credentials(auth.memberId, param(request, 'slotCode')),
  });
  route({
    method: 'GET',
    url: API_ROUTES.walletResetPassword,
    auth: true,
    summary: "A new password for the member's game account",
    tags,
    response: slotAccountResponse,
    handler: async ({ auth, request }) => {
      await limit(auth);
      return wallet.resetPassword(auth.memberId, param(request, 'slotCode'));
    },
  });
}

/** Money between the wallet and the game accounts: each under the member's rate limit and an Idempotency-Key. */
function moneyRoutes(route: Router, wallet: WalletService, money: Money) {
  route({
    method: 'POST',
    url: API.walletAdd,
    auth: true,
    summary: 'Transfer only: wallet to one game account, without launching it (Idempotency-Key required)',
    tags,
    body: addRequest,
    response: moneyActionResponse,
    handler: ({ auth, request, body }) =>
      money(request, auth, (key) =>
        wallet.transfer(
          { id: auth.memberId, currency: auth.currency },
          { from: 'wallet', to: body.slotCode, amountMinor: toMinor(body.amount) },
          `add:${key}`,
        ),
      ),
  });
  route({
    method: 'POST',
    url: API.walletTransfer,
    auth: true,
    summary: 'Move money between the wallet and a game account (Idempotency-Key required)',
    tags,
    body: transferRequest,
    response: moneyActionResponse,
    handler: ({ auth, request, body }) =>
      money(request, auth, (key) =>
        wallet.transfer(
          { id: auth.memberId, currency: auth.currency },
          { from: body.from, to: body.to, amountMinor: toMinor(body.amount) },
          `transfer:${key}`,
        ),
      ),
  });
  route({
    method: 'POST',
    url: API.walletTransferAll,
    auth: true,
    // A member in a time-out or self-exclusion may bring game balances back to withdraw them (docs/safer-play.md).
    limited: true,
    summary:
      'Move everything to one account (Idempotency-Key required); a limited session only to the wallet ' +
      '(TIMED_OUT or SELF_EXCLUDED 403 otherwise)',
    tags,
    body: transferAllRequest,
    response: moneyActionResponse,
    handler: ({ auth, request, body }) => {
      if (auth.limitedBy && body.to !== WALLET_CODE) throw new AppError(auth.limitedBy);
      return money(request, auth, (key) =>
        wallet.transferAll({ id: auth.memberId, currency: auth.currency }, body.to, `transferAll:${key}`),
      );
    },
  });
}

/** Every auto-login path of the contract. Their URLs carry credentials: the log never shows them (app.ts). */
function autoLoginRoutes(route: Router, wallet: WalletService) {
  for (const [code, entry] of Object.entries(AUTO_LOGIN)) {
    route({
      method: 'GET',
      url: API_ROUTES.autoLogin(entry.path, entry.password),
      auth: true,
      summary: `A launch link for the member's own ${code} account`,
      tags,
      response: autoLoginResponse,
      handler: async ({ auth, request }) => {
        const username = param(request, 'username');
        const password = entry.password ? param(request, 'password') : undefined;
        return wallet.autoLogin(auth.memberId, entry.path, username, password);
      },
    });
  }
}
