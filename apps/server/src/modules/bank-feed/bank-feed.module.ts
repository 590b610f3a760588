import type { FastifyInstance } from 'fastify';
import { type BankFeed, BankFeedUnavailableError } from '../../adapters/bank-feed/bank-feed.ts';
import { HttpBankFeed } from '../../adapters/bank-feed/http.ts';
import { sandboxBankFeed } from '../../adapters/bank-feed/sandbox.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { startPeriodicJob } from '../../lib/periodic-job.ts';
import type { Router } from '../../lib/route.ts';
import { LedgerRepository } from '../ledger/ledger.repository.ts';
import { LedgerService } from '../ledger/ledger.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { BankFeedMatcher } from './bank-feed.matcher.ts';
import { BankFeedRepository } from './bank-feed.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The bank transfer matcher, for tests and operational scripts (a pass on demand: `runOnce()`). */
    bankFeedMatcher: BankFeedMatcher;
  }
}

export interface BankFeedDeps {
  db: Db;
  clock: Clock;
  settings: SettingsService;
  /** This server's own address, for the sandbox feed read over real HTTP (known after listen). */
  ownBaseUrl: () => string;
}

/**
 * Bank transfer auto-matching (docs/deposits/bank-transfers.md): the feed adapter (the configured party, else the
 * sandbox's over real HTTP), the matcher, and its timer.
 */
export function registerBankFeed(app: FastifyInstance, route: Router, config: Config, deps: BankFeedDeps) {
  const { feed, feedName } = createFeed(app, config, deps);
  const matcher = new BankFeedMatcher({
    db: deps.db,
    feed,
    feedName,
    ledger: new LedgerService({ repository: new LedgerRepository(), clock: deps.clock }),
    repository: new BankFeedRepository(),
    clock: deps.clock,
    logger: app.log,
  });
  app.decorate('bankFeedMatcher', matcher);
  if (feedName !== 'unconfigured')
    startPeriodicJob(app, 'bank feed matcher', config.bankFeedIntervalMs, () => matcher.runOnce());
  return matcher;
}

function createFeed(app: FastifyInstance, config: Config, deps: BankFeedDeps): { feed: BankFeed; feedName: string } {
  const { bankFeedBaseUrl, bankFeedSecret } = config;
  if (bankFeedBaseUrl && bankFeedSecret) {
    const feed = new HttpBankFeed({ baseUrl: () => bankFeedBaseUrl, secret: bankFeedSecret, clock: deps.clock });
    return { feed, feedName: bankFeedBaseUrl };
  }
  if (config.sandbox && bankFeedSecret) {
    return { feed: sandboxBankFeed(deps.ownBaseUrl, bankFeedSecret, deps.clock), feedName: 'sandbox' };
  }
  app.log.warn('No bank feed configured (BANK_FEED_BASE_URL, BANK_FEED_SECRET): bank transfers are not matched');
  const unconfigured: BankFeed = {
    transfersAfter: async () => {
      throw new BankFeedUnavailableError('No bank feed configured (BANK_FEED_BASE_URL, BANK_FEED_SECRET)');
    },
  };
  return { feed: unconfigured, feedName: 'unconfigured' };
}
