import type { FastifyInstance } from 'fastify';
import { type BankFeed, BankFeedUnavailableError } from '../../adapters/bank-feed/bank-feed.ts';
import { HttpBankFeed } from '../../adapters/bank-feed/http.ts';
import { sandboxBankFeed } from '../../adapters/bank-feed/sandbox.ts';
import { chooseAdapter } from '../../adapters/choose-adapter.ts';
import type { Core } from '../../core.ts';
import { BankFeedMatcher } from './bank-feed.matcher.ts';
import { BankFeedRepository } from './bank-feed.repository.ts';

export type { BankTransferOutcome, DepositHold } from './bank-feed.matcher.ts';
export { fitting } from './bank-feed.matcher.ts';
export type { BankFeedRepository, BankTransfer } from './bank-feed.repository.ts';
export { recordHeldPayment } from './held-payment.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The bank transfer matcher, for tests and operational scripts (a pass on demand: `runOnce()`). */
    bankFeedMatcher: BankFeedMatcher;
  }
}

/**
 * Bank transfer auto-matching (docs/deposits/bank-transfers.md): the feed adapter (the configured party, else the
 * sandbox's over real HTTP), the matcher, and its timer.
 */
export interface BankFeedModule {
  /** Records a statement's credit line as a transfer the feed brought, and matches it. */
  matcher: BankFeedMatcher;
  /** The bank transfers seen and the payments held for review: the QR, slip and TrueMoney modules record theirs. */
  transfers: BankFeedRepository;
}

export function registerBankFeed(
  app: FastifyInstance,
  core: Pick<Core, 'clock' | 'config' | 'db' | 'ledger' | 'log' | 'ownBaseUrl' | 'saferPlay' | 'sandboxAdapters'>,
): BankFeedModule {
  const { feed, feedName } = createFeed(core);
  const transfers = new BankFeedRepository();
  const matcher = new BankFeedMatcher({
    db: core.db,
    feed,
    feedName,
    ledger: core.ledger,
    repository: transfers,
    clock: core.clock,
    logger: app.log,
    saferPlay: core.saferPlay,
  });
  app.decorate('bankFeedMatcher', matcher);
  if (feedName !== 'unconfigured')
    app.jobs.every('bank-feed-matcher', core.config.bankFeed.intervalMs, () => matcher.runOnce());
  return { matcher, transfers };
}

const UNCONFIGURED_FEED: BankFeed = {
  transfersAfter: async () => {
    throw new BankFeedUnavailableError('No bank feed configured (BANK_FEED_BASE_URL, BANK_FEED_SECRET)');
  },
};

function createFeed(core: Pick<Core, 'clock' | 'config' | 'log' | 'ownBaseUrl' | 'sandboxAdapters'>): {
  feed: BankFeed;
  feedName: string;
} {
  const { config, clock } = core;
  return chooseAdapter<{ feed: BankFeed; feedName: string }>(core, {
    baseUrl: config.bankFeed.baseUrl,
    secret: config.bankFeed.secret,
    real: (baseUrl, secret) => ({
      feed: new HttpBankFeed({ baseUrl: () => baseUrl, secret, clock }),
      feedName: baseUrl,
    }),
    sandbox: (secret) => ({ feed: sandboxBankFeed(core.ownBaseUrl, secret, clock), feedName: 'sandbox' }),
    unconfigured: () => ({ feed: UNCONFIGURED_FEED, feedName: 'unconfigured' }),
    warning: 'No bank feed configured (BANK_FEED_BASE_URL, BANK_FEED_SECRET): bank transfers are not matched',
  });
}
