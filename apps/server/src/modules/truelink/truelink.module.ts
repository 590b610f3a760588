import type { FastifyInstance } from 'fastify';
import { chooseAdapter } from '../../adapters/choose-adapter.ts';
import { HttpVoucherRedeemer } from '../../adapters/voucher/http.ts';
import { sandboxVoucherRedeemer } from '../../adapters/voucher/sandbox.ts';
import { UnconfiguredVoucherRedeemer, type VoucherRedeemer } from '../../adapters/voucher/voucher-redeemer.ts';
import type { Core } from '../../core.ts';
import type { BankFeedRepository } from '../bank-feed/bank-feed.module.ts';
import { TruelinkRepository } from './truelink.repository.ts';
import { truelinkRoutes } from './truelink.routes.ts';
import { TruelinkService } from './truelink.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** TrueMoney gift links, for tests and operational scripts (`settleUnknown()` on demand). */
    truelinks: TruelinkService;
  }
}

/**
 * Everything of TrueMoney gift links (docs/deposits/truemoney.md): the voucher adapter (the configured party,
 * else the sandbox's over real HTTP), the service, its routes, and the settler.
 */
export function registerTruelinks(
  app: FastifyInstance,
  core: Pick<
    Core,
    | 'clock'
    | 'config'
    | 'db'
    | 'idempotency'
    | 'ledger'
    | 'limiter'
    | 'log'
    | 'members'
    | 'ownBaseUrl'
    | 'route'
    | 'saferPlay'
    | 'sandboxAdapters'
  >,
  deps: { transfers: BankFeedRepository },
): TruelinkService {
  const { config, clock } = core;
  const redeemer = createRedeemer(core);
  const truelinks = new TruelinkService({
    db: core.db,
    ledger: core.ledger,
    repository: new TruelinkRepository(),
    members: core.members,
    redeemer,
    redeemerIsSandbox: core.sandboxAdapters.isSandbox(redeemer),
    keys: config.truemoney.linkKeys,
    clock,
    logger: app.log,
    saferPlay: core.saferPlay,
    transfers: deps.transfers,
  });
  app.decorate('truelinks', truelinks);
  truelinkRoutes(core.route, {
    truelinks,
    idempotency: core.idempotency,
    limiter: core.limiter,
    ratePerMinute: config.rates.moneyPerMinute,
  });
  app.jobs.every('voucher-settler', config.truemoney.settleIntervalMs, () => truelinks.settleUnknown());
  return truelinks;
}

function createRedeemer(
  core: Pick<Core, 'clock' | 'config' | 'log' | 'ownBaseUrl' | 'sandboxAdapters'>,
): VoucherRedeemer {
  const { config, clock } = core;
  return chooseAdapter<VoucherRedeemer>(core, {
    baseUrl: config.truemoney.voucherBaseUrl,
    secret: config.truemoney.voucherSecret,
    real: (baseUrl, secret) => new HttpVoucherRedeemer({ baseUrl: () => baseUrl, secret, clock }),
    sandbox: (secret) => sandboxVoucherRedeemer(core.ownBaseUrl, secret, clock),
    unconfigured: () => new UnconfiguredVoucherRedeemer(),
    warning: 'No voucher party configured (VOUCHER_BASE_URL, VOUCHER_SECRET): gift links cannot be redeemed',
  });
}
